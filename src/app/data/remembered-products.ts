/**
 * The shape check of a remembered page of products (remembered-results.ts) before a card draws it. The page may
 * have been stored by an older build: every field of ProductDoc must be there with the right kind of value, so a
 * card never meets a missing field. zod is not used here on purpose: it is not in the first route's scripts.
 * PRODUCT_DOC_FIELDS must name every key of ProductDoc (checked by the type below and by a test against the zod
 * schema, so a new field cannot be forgotten).
 */
import type { ProductDoc } from '../../domain/catalog';
import type { Page } from '../../domain/catalog-constants';

/** `texts`: a LocalizedText, an object of strings (catalog-text.ts). */
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'number|null' | 'texts';

export const PRODUCT_DOC_FIELDS = {
  id: 'string',
  name: 'string',
  name_ar: 'string',
  description: 'string',
  description_ar: 'string',
  names: 'texts',
  descriptions: 'texts',
  sku: 'string',
  category_id: 'number',
  category_slug: 'string',
  category_name_en: 'string',
  category_name_ar: 'string',
  category_names: 'texts',
  gender: 'string',
  shop_id: 'number',
  shop_name: 'string',
  shop_slug: 'string',
  price: 'number',
  discount_price: 'number|null',
  has_discount: 'boolean',
  discount_percent: 'number',
  effective_price: 'number',
  colors: 'array',
  sizes: 'array',
  fabrics: 'array',
  variants: 'array',
  stock_quantity: 'number',
  in_stock: 'boolean',
  handmade: 'boolean',
  customizable: 'boolean',
  express: 'boolean',
  rating: 'number',
  reviews_count: 'number',
  sales_count: 'number',
  main_image: 'string',
  images: 'array',
  made_in: 'string',
  shipping_from: 'string',
  created_at: 'number',
  updatedAt: 'number',
} as const satisfies Record<keyof ProductDoc, Kind>;

function hasKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'number|null':
      return value === null || typeof value === 'number';
    case 'texts':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((t) => typeof t === 'string');
    default:
      return typeof value === kind;
  }
}

export function isProductDocShape(value: unknown): value is ProductDoc {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(PRODUCT_DOC_FIELDS)) if (!hasKind(doc[field], kind)) return false;
  return true;
}

/**
 * A page of products as it is remembered: without the descriptions (cards show none; the live answer that
 * replaces a remembered page within the worker's start has them). Issue 22's descriptions in six languages are
 * most of a document's size, and the remembered answers share one 400,000-character budget.
 */
export function forRemembering(page: Page<ProductDoc>): Page<ProductDoc> {
  return { ...page, items: page.items.map((p) => ({ ...p, description: '', description_ar: '', descriptions: {} })) };
}

/** A remembered listing page: items that are all products, and numeric paging. */
export function isRememberedProductPage(value: unknown): value is Page<ProductDoc> {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    Array.isArray(page.items) &&
    page.items.every(isProductDocShape) &&
    typeof page.total === 'number' &&
    typeof page.page === 'number' &&
    typeof page.perPage === 'number' &&
    typeof page.lastPage === 'number'
  );
}
