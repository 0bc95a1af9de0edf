/**
 * src/domain/stock.ts keeps no threshold of its own: its statuses come from the
 * catalogue's stockLevel. With stockLevel replaced, the stock check follows it.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as CatalogConstants from '../../src/domain/catalog-constants';
import { stockAvailability, stockStatusOf } from '../../src/domain/stock';

vi.mock('../../src/domain/catalog-constants', async (importOriginal) => ({
  ...(await importOriginal<typeof CatalogConstants>()),
  // A rule with another threshold (low at 1..50): only code that asks stockLevel sees it.
  stockLevel: (quantity: number) => (quantity <= 0 ? 'out_of_stock' : quantity <= 50 ? 'low_stock' : 'in_stock'),
}));

describe('the stock rule', () => {
  it('lives in stockLevel alone', () => {
    expect([0, 1, 30, 50, 51].map(stockStatusOf)).toEqual(['out_of_stock', 'low_stock', 'low_stock', 'low_stock', 'available']);
    expect(stockAvailability({ kind: 'quantity', quantity: 30 })).toMatchObject({ status: 'low_stock', message: 'Only 30 item(s) available' });
  });
});
