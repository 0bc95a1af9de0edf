import { describe, expect, it } from 'vitest';
import { serverRefusalMessage } from '../../src/app/cart/server-refusal';

const failure = (code: string, message = '', status = 422) => ({ code, message, status });

describe('a refused queued write, translated by code', () => {
  it('out of stock and coupon refusals', () => {
    expect(serverRefusalMessage('cart_add', failure('OUT_OF_STOCK', 'This item is out of stock'))).toEqual({
      key: 'outOfStock',
    });
    expect(serverRefusalMessage('coupon_apply', failure('COUPON_INVALID', 'Invalid coupon code'))).toEqual({
      key: 'couponInvalid',
    });
    expect(serverRefusalMessage('coupon_apply', failure('COUPON_REQUIRED')).key).toBe('couponRequired');
    expect(serverRefusalMessage('cart_set', failure('QUANTITY_EXCEEDS_STOCK')).key).toBe('quantityExceedsStock');
    expect(serverRefusalMessage('cart_remove', failure('CART_ITEM_NOT_FOUND', '', 404)).key).toBe('itemNotFound');
  });

  it('reads the numbers of STOCK_EXCEEDED back from the server text', () => {
    expect(
      serverRefusalMessage('cart_add', failure('STOCK_EXCEEDED', 'Cannot add 5 items. Only 2 more available in stock')),
    ).toEqual({ key: 'stockExceeded', params: { n: 5, m: 2 } });
    expect(serverRefusalMessage('cart_add', failure('STOCK_EXCEEDED', 'Cannot add 1 items. Only 0 more available in stock'))).toEqual({
      key: 'stockExceeded',
      params: { n: 1, m: 0 },
    });
    expect(serverRefusalMessage('cart_add', failure('STOCK_EXCEEDED', 'something else')).key).toBe('quantityExceedsStock');
  });

  it('wishlist refusals, including a guest', () => {
    expect(serverRefusalMessage('wishlist_add', failure('WISHLIST_EXISTS', '', 400)).key).toBe('wishlistExists');
    expect(serverRefusalMessage('wishlist_add', failure('UNAUTHENTICATED', '', 401)).key).toBe('wishlistLogin');
    expect(serverRefusalMessage('wishlist_remove', failure('UNAUTHENTICATED', '', 401)).key).toBe('wishlistManageLogin');
    expect(serverRefusalMessage('cart_add', failure('UNAUTHENTICATED', '', 401)).key).toBe('authRequired');
  });

  it('falls back to the spec text of the kind of write, or a server error', () => {
    expect(serverRefusalMessage('cart_remove', failure('SOMETHING_NEW', '', 400)).key).toBe('removeFailed');
    expect(serverRefusalMessage('cart_clear', failure('SOMETHING_NEW', '', 400)).key).toBe('clearFailed');
    expect(serverRefusalMessage('wishlist_add', null).key).toBe('wishlistAddFailed');
    expect(serverRefusalMessage('cart_add', failure('SOMETHING_NEW', '', 503)).key).toBe('serverError');
    expect(serverRefusalMessage('follow', failure('SOMETHING_NEW', '', 401)).key).toBe('authFailed');
    expect(serverRefusalMessage('cart_add', failure('CART_LIMIT'))).toEqual({ key: 'cartLimit', params: { max: 50 } });
  });
});
