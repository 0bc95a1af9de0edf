/** A refused order shows the server's reason: found by the failed order_place entry's client_ref; codes read from any failure. */
import { describe, expect, it } from 'vitest';
import { failureCode, isOrderErrorCode, orderRefusals } from '../../src/app/orders/order-refusals';
import type { OutboxEntry } from '../../src/workers/data-api';

function entry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    method: 'POST',
    path: '/api/orders',
    body: JSON.stringify({ client_ref: 'ref-00000001' }),
    createdAt: 1,
    attempts: 1,
    lastError: null,
    state: 'failed',
    failure: { status: 422, code: 'PRICE_CHANGED', message: 'Prices have changed' },
    kind: 'order_place',
    target: '',
    undo: null,
    auth: 'user',
    doneAt: null,
    ...over,
  };
}

describe('orderRefusals', () => {
  it('maps a failed order_place entry to its order by client_ref and by target', () => {
    const refusals = orderRefusals([entry({}), entry({ id: 'e2', body: null, target: 'ref-00000002' })]);
    expect(refusals.get('ref-00000001')?.code).toBe('PRICE_CHANGED');
    expect(refusals.get('ref-00000002')?.code).toBe('PRICE_CHANGED');
  });

  it('ignores pending, done and other kinds, and bodies that are not JSON', () => {
    const refusals = orderRefusals([
      entry({ state: 'pending', failure: null }),
      entry({ state: 'done', failure: null }),
      entry({ kind: 'order_cancel' }),
      entry({ body: '{not json' }),
    ]);
    expect(refusals.size).toBe(0);
  });
});

describe('failure codes', () => {
  it('reads code, or body.code, or nothing', () => {
    expect(failureCode({ code: 'OUT_OF_STOCK_ITEMS' })).toBe('OUT_OF_STOCK_ITEMS');
    expect(failureCode({ body: { code: 'ORDER_NOT_FOUND' } })).toBe('ORDER_NOT_FOUND');
    expect(failureCode(new Error('x'))).toBeNull();
    expect(failureCode(null)).toBeNull();
  });

  it('knows the orders API codes only', () => {
    expect(isOrderErrorCode('ORDER_NOT_CANCELLABLE')).toBe(true);
    expect(isOrderErrorCode('VALIDATION')).toBe(false);
  });
});
