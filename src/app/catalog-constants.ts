/**
 * The catalogue constants the UI needs, mirrored from src/domain/catalog.ts.
 * That module defines its zod schemas at top level, so importing any value
 * from it would put all of zod (~60 KB gzipped) in the app bundle; the UI
 * imports only types from it and these values from here.
 * tests/app/catalog-constants.test.ts fails if the two ever differ.
 */
import type { Color, Fabric, Gender, Size, Sort, StockLevel } from '../domain/catalog';

export const GENDERS = ['men', 'women', 'children'] as const satisfies readonly Gender[];
export const COLORS = ['black', 'white', 'red', 'blue', 'green', 'yellow'] as const satisfies readonly Color[];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const satisfies readonly Size[];
export const FABRICS = ['Brocade', 'Silk', 'Wool', 'Linen', 'Polyester', 'Cotton'] as const satisfies readonly Fabric[];
export const SORTS = ['newest', 'price-low-high', 'price-high-low', 'popular', 'rating'] as const satisfies readonly Sort[];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const RELATED_DEFAULT_LIMIT = 4;
export const HOME_CATEGORY_STRIP_MAX = 12;
export const LOW_STOCK_THRESHOLD = 5;

/** Same rule as the domain's stockLevel (spec §4: in stock when quantity is above zero). */
export function stockLevel(quantity: number): StockLevel {
  if (quantity <= 0) return 'out_of_stock';
  return quantity <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}
