/**
 * Catalogue constants, types and small rules with no dependencies, so the UI can
 * import them without bundling zod (src/domain/catalog.ts builds the schemas on
 * top and re-exports all of this).
 */
export const GENDERS = ['men', 'women', 'children'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §9: colour filters. */
export const COLORS = ['black', 'white', 'red', 'blue', 'green', 'yellow'] as const;
export type Color = (typeof COLORS)[number];
/** Spec §9: sizes. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];
/** Spec §9: fabrics (texts also list cotton). */
export const FABRICS = ['Brocade', 'Silk', 'Wool', 'Linen', 'Polyester', 'Cotton'] as const;
export type Fabric = (typeof FABRICS)[number];
/** Spec §9: sort options (texts also list rating). */
export const SORTS = ['newest', 'price-low-high', 'price-high-low', 'popular', 'rating'] as const;
export type Sort = (typeof SORTS)[number];
/** Spec §3: shop types. */
export const STORE_TYPES = ['individual', 'company', 'manufacturer', 'distributor', 'regular'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const RELATED_DEFAULT_LIMIT = 4;
export const CART_RELATED_DEFAULT_LIMIT = 8;
export const HOME_CATEGORY_STRIP_MAX = 12;
/** Low stock means a positive quantity at or below this. A project choice, not a rule of the spec. */
export const LOW_STOCK_THRESHOLD = 5;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

export function discountPercent(price: number, discountPrice: number | null): number {
  if (discountPrice === null || price <= 0 || discountPrice >= price) return 0;
  return Math.round((1 - discountPrice / price) * 100);
}

export type StockLevel = 'in_stock' | 'low_stock' | 'out_of_stock';
/** Spec §4: stock shown as in stock when quantity is above zero. */
export function stockLevel(quantity: number): StockLevel {
  if (quantity <= 0) return 'out_of_stock';
  return quantity <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}
