/** variantPricesOf (decisions.md "Prices"): a variant's own price fields from its list price and its product's sale. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitPriceOf, variantPricesOf } from '../../src/domain/commerce';

describe('variantPricesOf', () => {
  it('without a sale: the list price is charged, no discount', () => {
    expect(variantPricesOf({ price: 500, effective_price: 500 }, { price: 550 })).toEqual({
      discount_price: null,
      has_discount: false,
      discount_percent: 0,
      effective_price: 550,
    });
  });

  it("with a sale: the product's discount comes off each variant's list price, each with its own percent", () => {
    const product = { price: 500, effective_price: 400 };
    expect(variantPricesOf(product, { price: 500 })).toEqual({
      discount_price: 400,
      has_discount: true,
      discount_percent: 20,
      effective_price: 400,
    });
    // 100 MAD off 550: 450, 18.18 % → 18.
    expect(variantPricesOf(product, { price: 550 })).toEqual({
      discount_price: 450,
      has_discount: true,
      discount_percent: 18,
      effective_price: 450,
    });
  });

  it("rounds the percent as the product's (half up), on the variant's own prices", () => {
    // 125 off 1000: 12.5 % → 13.
    expect(variantPricesOf({ price: 1000, effective_price: 875 }, { price: 1000 }).discount_percent).toBe(13);
    // 33.33 off 350: 316.67, 9.52 % → 10, where the product itself is 11 % off.
    expect(variantPricesOf({ price: 300, effective_price: 266.67 }, { price: 350 })).toEqual({
      discount_price: 316.67,
      has_discount: true,
      discount_percent: 10,
      effective_price: 316.67,
    });
    // A discount of one centime is a discount, of 0 %.
    expect(variantPricesOf({ price: 1000, effective_price: 999.99 }, { price: 1000 })).toEqual({
      discount_price: 999.99,
      has_discount: true,
      discount_percent: 0,
      effective_price: 999.99,
    });
  });

  it('is exact to the centime where floating subtraction drifts', () => {
    expect(variantPricesOf({ price: 0.3, effective_price: 0.1 }, { price: 0.3 })).toEqual({
      discount_price: 0.1,
      has_discount: true,
      discount_percent: 67,
      effective_price: 0.1,
    });
    expect(variantPricesOf({ price: 10.1, effective_price: 10 }, { price: 20.2 }).effective_price).toBe(20.1);
  });

  it('a discount larger than the list price charges 0 (100 % off); a free variant has no discount', () => {
    expect(variantPricesOf({ price: 500, effective_price: 50 }, { price: 100 })).toEqual({
      discount_price: 0,
      has_discount: true,
      discount_percent: 100,
      effective_price: 0,
    });
    expect(variantPricesOf({ price: 500, effective_price: 400 }, { price: 0 })).toEqual({
      discount_price: null,
      has_discount: false,
      discount_percent: 0,
      effective_price: 0,
    });
  });

  it('an effective price above the price is no surcharge and no discount', () => {
    expect(variantPricesOf({ price: 400, effective_price: 500 }, { price: 450 })).toEqual({
      discount_price: null,
      has_discount: false,
      discount_percent: 0,
      effective_price: 450,
    });
  });

  it('always charges what an order is checked against (unitPriceOf), stated consistently', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(amount, amount, amount, (price, effective, variantPrice) => {
        const product = { price, effective_price: effective };
        const v = variantPricesOf(product, { price: variantPrice });
        expect(v.effective_price).toBe(unitPriceOf(product, { price: variantPrice }));
        expect(v.has_discount).toBe(v.effective_price < variantPrice);
        expect(v.discount_price).toBe(v.has_discount ? v.effective_price : null);
        expect(v.discount_percent).toBeGreaterThanOrEqual(0);
        expect(v.discount_percent).toBeLessThanOrEqual(100);
        if (!v.has_discount) expect(v.discount_percent).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});
