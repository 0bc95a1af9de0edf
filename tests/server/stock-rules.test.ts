/** src/domain/stock.ts: statuses and the spec's texts. */
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockLevel } from '../../src/domain/catalog-constants';
import { stockAvailability, stockMessage, stockStatusOf } from '../../src/domain/stock';

describe('stock rules', () => {
  it('maps quantities to statuses around the low-stock threshold', () => {
    expect([-1, 0, 1, 5, 6, 100].map(stockStatusOf)).toEqual([
      'out_of_stock',
      'out_of_stock',
      'low_stock',
      'low_stock',
      'available',
      'available',
    ]);
  });

  it("uses the spec's texts, with the count filled in", () => {
    expect(stockMessage('out_of_stock')).toBe('This product is currently out of stock');
    expect(stockMessage('low_stock', 3)).toBe('Only 3 item(s) available');
    expect(stockMessage('no_stock')).toBe('Product does not exist');
  });

  it('builds the full result', () => {
    expect(stockAvailability({ kind: 'quantity', quantity: 4 })).toEqual({
      success: true,
      status: 'low_stock',
      available_quantity: 4,
      message: 'Only 4 item(s) available',
    });
    expect(stockAvailability({ kind: 'product_missing' })).toEqual({
      success: false,
      status: 'no_stock',
      available_quantity: 0,
      message: 'Product does not exist',
    });
    expect(stockAvailability({ kind: 'variant_missing' }).status).toBe('variant_not_found');
    expect(stockAvailability({ kind: 'quantity', quantity: 0 }).available_quantity).toBe(0);
  });

  it("says what the catalogue's stockLevel says, in the stock check's words", () => {
    const words = { in_stock: 'available', low_stock: 'low_stock', out_of_stock: 'out_of_stock' } as const;
    for (let quantity = -2; quantity <= LOW_STOCK_THRESHOLD * 3; quantity++) {
      expect(stockStatusOf(quantity), String(quantity)).toBe(words[stockLevel(quantity)]);
      expect(stockAvailability({ kind: 'quantity', quantity }).status, String(quantity)).toBe(words[stockLevel(quantity)]);
    }
    expect(stockStatusOf(Number.NaN)).toBe('out_of_stock');
  });
});
