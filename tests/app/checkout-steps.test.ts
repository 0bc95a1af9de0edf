/** The checkout's step indicator from the machine's step, and the place-order failure texts by code. */
import { describe, expect, it } from 'vitest';
import { stepIndicator } from '../../src/app/checkout/step-indicator';
import { placeErrorKey } from '../../src/app/checkout/place-error';
import { checkoutStepOf } from '../../src/machines/checkout';

const states = (current: Parameters<typeof stepIndicator>[0]) => stepIndicator(current).map((s) => s.state);

describe('stepIndicator', () => {
  it('marks the steps before the current one done and the rest to do', () => {
    expect(states('shipping')).toEqual(['current', 'todo', 'todo']);
    expect(states('payment')).toEqual(['done', 'current', 'todo']);
    expect(states('review')).toEqual(['done', 'done', 'current']);
    expect(states('placed')).toEqual(['done', 'done', 'done']);
    expect(states(null)).toEqual(['todo', 'todo', 'todo']);
  });

  it('numbers the steps from 1 in the spec order', () => {
    expect(stepIndicator('shipping').map((s) => [s.step, s.number])).toEqual([
      ['shipping', 1],
      ['payment', 2],
      ['review', 3],
    ]);
  });

  it('follows the machine while placing (review stays current)', () => {
    expect(states(checkoutStepOf('placing'))).toEqual(['done', 'done', 'current']);
    expect(states(checkoutStepOf({ shipping: 'locating' }))).toEqual(['current', 'todo', 'todo']);
  });
});

describe('placeErrorKey', () => {
  it('says the orders API codes, the checkout rules codes, else order placing failed', () => {
    expect(placeErrorKey('PRICE_CHANGED')).toBe('errors.PRICE_CHANGED');
    expect(placeErrorKey('cart_empty')).toBe('checkout.errors.cart_empty');
    expect(placeErrorKey('place_failed')).toBe('errors.placeFailed');
    expect(placeErrorKey('NETWORK')).toBe('errors.placeFailed');
    expect(placeErrorKey(null)).toBeNull();
  });
});
