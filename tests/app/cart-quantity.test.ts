import { describe, expect, it } from 'vitest';
import {
  addResultMessage,
  capLineQuantity,
  lineMax,
  refusalMessage,
  setResultMessage,
} from '../../src/app/cart/cart-quantity';

describe('cart line quantity', () => {
  it('is capped by the stock and the per-line maximum of 99', () => {
    expect(lineMax(5)).toBe(5);
    expect(lineMax(500)).toBe(99);
    expect(lineMax(0)).toBe(0);
    expect(lineMax(-3)).toBe(0);
  });

  it('keeps a request within 1 and the stock, saying when it was lowered', () => {
    expect(capLineQuantity(3, 5)).toEqual({ quantity: 3, capped: false, max: 5 });
    expect(capLineQuantity(9, 5)).toEqual({ quantity: 5, capped: true, max: 5 });
    expect(capLineQuantity(0, 5)).toEqual({ quantity: 1, capped: false, max: 5 });
    expect(capLineQuantity(-4, 5)).toEqual({ quantity: 1, capped: false, max: 5 });
    expect(capLineQuantity(2.7, 5)).toEqual({ quantity: 2, capped: false, max: 5 });
    expect(capLineQuantity(Number.NaN, 5)).toEqual({ quantity: 1, capped: false, max: 5 });
    expect(capLineQuantity(150, 1000)).toEqual({ quantity: 99, capped: true, max: 99 });
  });

  it('leaves an out-of-stock line as it is (only removal helps)', () => {
    expect(capLineQuantity(2, 0)).toEqual({ quantity: 2, capped: false, max: 0 });
  });
});

describe('cart refusals in the spec words', () => {
  it('says out of stock, or how many more may be added', () => {
    expect(refusalMessage({ code: 'OUT_OF_STOCK', available: 0 }, 1)).toEqual({ key: 'outOfStock' });
    expect(refusalMessage({ code: 'STOCK_EXCEEDED', available: 2 }, 5)).toEqual({
      key: 'stockExceeded',
      params: { n: 5, m: 2 },
    });
    // The cart already holds all the stock: said as the server says it.
    expect(refusalMessage({ code: 'STOCK_EXCEEDED', available: 0 }, 1)).toEqual({ key: 'stockExceeded', params: { n: 1, m: 0 } });
  });

  it('names the other refusals', () => {
    expect(refusalMessage({ code: 'CART_LIMIT', available: 0 }, 1)).toEqual({ key: 'cartLimit', params: { max: 50 } });
    expect(refusalMessage({ code: 'VARIANT_NOT_FOUND', available: 0 }, 1).key).toBe('variantNotFound');
    expect(refusalMessage({ code: 'PRODUCT_NOT_FOUND', available: 0 }, 1).key).toBe('productNotFound');
    expect(refusalMessage({ code: 'CART_EMPTY', available: 0 }, 1).key).toBe('cartEmpty');
  });

  it('an add says added or why not', () => {
    expect(addResultMessage({ ok: true, entryId: 'e', quantity: 2 }, 2)).toEqual({ key: 'added' });
    expect(addResultMessage({ ok: false, refusal: { code: 'STOCK_EXCEEDED', available: 1 } }, 3)).toEqual({
      key: 'stockExceeded',
      params: { n: 3, m: 1 },
    });
  });

  it('a quantity change says nothing when taken, "Only {n} items left" when capped by stock', () => {
    expect(setResultMessage({ ok: true, entryId: 'e', quantity: 4 }, 4)).toBeNull();
    expect(setResultMessage({ ok: true, entryId: 'e', quantity: 3 }, 7)).toEqual({ key: 'onlyLeft', params: { count: 3 } });
    expect(setResultMessage({ ok: false, refusal: { code: 'OUT_OF_STOCK', available: 0 } }, 2)).toEqual({
      key: 'outOfStock',
    });
  });
});
