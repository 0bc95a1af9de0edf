import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  availabilityOf,
  canLeadToStock,
  missingOptions,
  optionValues,
  preselectSingleValues,
} from '../../src/app/product/variant-selection';
import type { Variant } from '../../src/domain/catalog';

const v = (id: number, size: Variant['size'], color: Variant['color'], stock: number, price = 500): Variant => ({
  id,
  sku: `S-${id}`,
  size,
  color,
  fabric: 'Silk',
  price,
  discount_price: null,
  has_discount: false,
  discount_percent: 0,
  effective_price: price,
  stock_quantity: stock,
});
const product = {
  sizes: [] as Variant['size'][],
  colors: ['red', 'blue'] as Variant['color'][],
  fabrics: ['Silk'] as Variant['fabric'][],
  variants: [v(1, 'M', 'red', 10), v(2, 'L', 'red', 3, 550), v(3, 'M', 'blue', 0)],
};

describe('variant selection', () => {
  it('all three options must be chosen', () => {
    expect(missingOptions(EMPTY_SELECTION)).toEqual(['size', 'color', 'fabric']);
    expect(availabilityOf(product, { size: 'M', color: null, fabric: 'Silk' })).toEqual({
      kind: 'incomplete',
      missing: ['color'],
    });
  });

  it('reads stock and price from the chosen variant', () => {
    expect(availabilityOf(product, { size: 'M', color: 'red', fabric: 'Silk' })).toMatchObject({
      kind: 'in_stock',
      quantity: 10,
    });
    const low = availabilityOf(product, { size: 'L', color: 'red', fabric: 'Silk' });
    expect(low).toMatchObject({ kind: 'low_stock', quantity: 3 });
    expect(low.kind === 'low_stock' && low.variant.price).toBe(550);
    expect(availabilityOf(product, { size: 'M', color: 'blue', fabric: 'Silk' }).kind).toBe('out_of_stock');
    expect(availabilityOf(product, { size: 'L', color: 'blue', fabric: 'Silk' }).kind).toBe('unavailable');
  });

  it('offers the variants’ values when a list is empty', () => {
    expect(optionValues(product).size).toEqual(['M', 'L']);
    expect(optionValues(product).color).toEqual(['red', 'blue']);
  });

  it('knows which choices can still lead to stock', () => {
    expect(canLeadToStock(product, { ...EMPTY_SELECTION, size: 'M' }, 'color', 'blue')).toBe(false);
    expect(canLeadToStock(product, { ...EMPTY_SELECTION, size: 'M' }, 'color', 'red')).toBe(true);
    expect(canLeadToStock(product, EMPTY_SELECTION, 'size', 'L')).toBe(true);
  });
});

describe('preselection', () => {
  it('chooses options that have a single value, leaves real choices open', () => {
    expect(preselectSingleValues(product)).toEqual({ size: null, color: null, fabric: 'Silk' });
  });
});
