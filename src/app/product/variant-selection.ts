/**
 * The product page's option choice (size, colour, fabric) and what it means
 * for availability and price, from the product's own variants. All three
 * options must be chosen (spec §5) before a variant is looked up. This is the
 * local reading of the mirrored data: it picks the variant and dims dead ends;
 * the variant's stock is then checked with the server by the stock check
 * machine (src/machines/stock-check.ts, via use-stock-check.ts).
 */
import type { Color, Fabric, ProductDoc, Size, Variant } from '../../domain/catalog';
import { stockLevel } from '../../domain/catalog-constants';

export interface VariantSelection {
  size: Size | null;
  color: Color | null;
  fabric: Fabric | null;
}

export type OptionName = keyof VariantSelection;
export const OPTION_NAMES: readonly OptionName[] = ['size', 'color', 'fabric'];

export const EMPTY_SELECTION: VariantSelection = { size: null, color: null, fabric: null };

export type Availability =
  | { kind: 'incomplete'; missing: OptionName[] }
  | { kind: 'unavailable' }
  | { kind: 'out_of_stock'; variant: Variant }
  | { kind: 'low_stock'; variant: Variant; quantity: number }
  | { kind: 'in_stock'; variant: Variant; quantity: number };

export function missingOptions(selection: VariantSelection): OptionName[] {
  return OPTION_NAMES.filter((name) => selection[name] === null);
}

export function findVariant(product: Pick<ProductDoc, 'variants'>, selection: VariantSelection): Variant | undefined {
  return product.variants.find(
    (v) => v.size === selection.size && v.color === selection.color && v.fabric === selection.fabric,
  );
}

export function availabilityOf(product: Pick<ProductDoc, 'variants'>, selection: VariantSelection): Availability {
  const missing = missingOptions(selection);
  if (missing.length > 0) return { kind: 'incomplete', missing };
  const variant = findVariant(product, selection);
  if (!variant) return { kind: 'unavailable' };
  const level = stockLevel(variant.stock_quantity);
  if (level === 'out_of_stock') return { kind: 'out_of_stock', variant };
  return { kind: level, variant, quantity: variant.stock_quantity };
}

/** The values offered for each option: the product's lists, or the variants' values when a list is empty. */
export function optionValues(product: Pick<ProductDoc, 'sizes' | 'colors' | 'fabrics' | 'variants'>): {
  size: Size[];
  color: Color[];
  fabric: Fabric[];
} {
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    size: product.sizes.length ? product.sizes : unique(product.variants.map((v) => v.size)),
    color: product.colors.length ? product.colors : unique(product.variants.map((v) => v.color)),
    fabric: product.fabrics.length ? product.fabrics : unique(product.variants.map((v) => v.fabric)),
  };
}

/**
 * Whether choosing `value` for `option`, with the other current choices kept,
 * can lead to a variant in stock. Used to dim dead-end options (they stay
 * selectable, the availability message explains).
 */
export function canLeadToStock(
  product: Pick<ProductDoc, 'variants'>,
  selection: VariantSelection,
  option: OptionName,
  value: string,
): boolean {
  return product.variants.some(
    (v) =>
      v.stock_quantity > 0 &&
      v[option] === value &&
      OPTION_NAMES.every((name) => name === option || selection[name] === null || v[name] === selection[name]),
  );
}

/** Options with a single possible value start chosen; the buyer picks only real choices. */
export function preselectSingleValues(
  product: Pick<ProductDoc, 'sizes' | 'colors' | 'fabrics' | 'variants'>,
): VariantSelection {
  const values = optionValues(product);
  const only = <T>(list: T[]): T | null => (list.length === 1 ? (list[0] ?? null) : null);
  return { size: only(values.size), color: only(values.color), fabric: only(values.fabric) };
}
