/**
 * Catalogue documents as they are mirrored on the client (RxDB) and sent by the
 * replication endpoints. The REST API answers in the spec's shapes (see
 * src/server/routes); these are the local-first shapes, designed for querying.
 *
 * Prices are MAD amounts with at most 2 decimals (e.g. 1250.5). Arithmetic on
 * them goes through src/domain/money.ts (integer centimes), never raw floats.
 */
import { z } from 'zod';
import { COLORS, FABRICS, GENDERS, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, SIZES, SORTS, STORE_TYPES } from './catalog-constants';
import type { LocalizedText } from './catalog-text';

export * from './catalog-constants';

const money = z.number().nonnegative().multipleOf(0.01);
const epochMs = z.number().int().nonnegative();

/**
 * One catalogue text in the languages it is held in (issue 22; catalog-text.ts): keys among ma, ar, fr, en, es, de,
 * each a non-empty string; a language not held is absent. `{}` when the text is held in none.
 */
const heldText = z.string().min(1);
export const localizedTextSchema: z.ZodType<LocalizedText> = z
  .object({
    ma: heldText.optional(),
    ar: heldText.optional(),
    fr: heldText.optional(),
    en: heldText.optional(),
    es: heldText.optional(),
    de: heldText.optional(),
  })
  .strict();

export const variantSchema = z.object({
  id: z.number().int().positive(),
  sku: z.string(),
  size: z.enum(SIZES),
  color: z.enum(COLORS),
  fabric: z.enum(FABRICS),
  /** The variant's list (original) price. */
  price: money,
  // The product's price fields, per variant (decisions.md "Prices"; variantPricesOf in commerce.ts): the
  // product's discount (its price − effective_price) comes off this variant's list price.
  /** What one unit is charged when has_discount, else null. */
  discount_price: money.nullable(),
  has_discount: z.boolean(),
  /** round((1 - discount_price / price) * 100), 0 without discount. */
  discount_percent: z.number().int().min(0).max(100),
  /** What one unit costs: the `unit_price` an order sends for this variant. */
  effective_price: money,
  stock_quantity: z.number().int().nonnegative(),
});
export type Variant = z.infer<typeof variantSchema>;
/** A variant as stored: its list price and stock, before its price fields are worked out from its product's sale. */
export type VariantRow = Pick<Variant, 'id' | 'sku' | 'size' | 'color' | 'fabric' | 'price' | 'stock_quantity'>;

export const productDocSchema = z.object({
  /** Numeric product id as a string (RxDB primary keys are strings). */
  id: z.string().regex(/^\d+$/),
  /**
   * The spec's fields, kept for the REST shapes and older clients: `name` is names.en, else the first name held
   * along the fallback chain (never blank while the product has a name); `name_ar` is names.ar, else along the
   * chain from ar; `description`/`description_ar` are exactly descriptions.en/.ar ('' when not held).
   */
  name: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  /** The product's name in every language it is held in; the local listing shows textIn(names, locale). */
  names: localizedTextSchema,
  descriptions: localizedTextSchema,
  sku: z.string(),
  category_id: z.number().int().positive(),
  category_slug: z.string(),
  category_name_en: z.string(),
  category_name_ar: z.string(),
  /** The category's names in every language held (its names, as in categoryDocSchema): shown and searched. */
  category_names: localizedTextSchema,
  gender: z.enum(GENDERS),
  shop_id: z.number().int().positive(),
  shop_name: z.string(),
  shop_slug: z.string(),
  price: money,
  /** Sale price when has_discount, else null. */
  discount_price: money.nullable(),
  has_discount: z.boolean(),
  /** round((1 - discount_price / price) * 100), 0 without discount. */
  discount_percent: z.number().int().min(0).max(100),
  /** discount_price when has_discount, else price: what the buyer pays; sorts and price filters use it. */
  effective_price: money,
  colors: z.array(z.enum(COLORS)),
  sizes: z.array(z.enum(SIZES)),
  fabrics: z.array(z.enum(FABRICS)),
  variants: z.array(variantSchema),
  /** Sum of the variants' stock. */
  stock_quantity: z.number().int().nonnegative(),
  in_stock: z.boolean(),
  handmade: z.boolean(),
  customizable: z.boolean(),
  express: z.boolean(),
  rating: z.number().min(0).max(5),
  reviews_count: z.number().int().nonnegative(),
  /** Units sold: the 'popular' sort. */
  sales_count: z.number().int().nonnegative(),
  main_image: z.string(),
  images: z.array(z.string()),
  made_in: z.string(),
  shipping_from: z.string(),
  created_at: epochMs,
  /** Server-assigned replication time (ms); with id, the pull checkpoint. */
  updatedAt: epochMs,
});
export type ProductDoc = z.infer<typeof productDocSchema>;

export const categoryDocSchema = z.object({
  id: z.string().regex(/^\d+$/),
  name_en: z.string(),
  name_ar: z.string(),
  /** The category's name in every language (the platform's list names every entry in all six). */
  names: localizedTextSchema,
  /** Unique; defaults to category-{id}. */
  slug: z.string(),
  image: z.string(),
  /** 0 for the three top categories (men, women, children). */
  parent_id: z.number().int().nonnegative(),
  gender: z.enum(GENDERS),
  /** Number of active products in the category and its subcategories. */
  item_count: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
  updatedAt: epochMs,
});
export type CategoryDoc = z.infer<typeof categoryDocSchema>;

export const shopDocSchema = z.object({
  id: z.string().regex(/^\d+$/),
  name: z.string(),
  name_ar: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'suspended']),
  logo: z.string(),
  cover: z.string(),
  description: z.string(),
  description_ar: z.string(),
  /** The shop's name and description in every language held. */
  names: localizedTextSchema,
  descriptions: localizedTextSchema,
  city: z.string(),
  address: z.string(),
  rating: z.number().min(0).max(5),
  total_reviews: z.number().int().nonnegative(),
  products_count: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  /** Percent of messages answered. */
  response_rate: z.number().int().min(0).max(100),
  /** Typical answer time in hours. */
  response_time_hours: z.number().int().nonnegative(),
  joined_at: epochMs,
  store_type: z.enum(STORE_TYPES),
  is_featured: z.boolean(),
  is_verified: z.boolean(),
  updatedAt: epochMs,
});
export type ShopDoc = z.infer<typeof shopDocSchema>;

/**
 * One listing query, shared by the REST API (GET /api/products/all) and the
 * client's local query API, so both filter and sort the same way.
 * Prices are MAD and compare against effective_price (inclusive bounds).
 */
export const productQuerySchema = z.object({
  /** A category slug: a top category (men/women/children slug) or a subcategory. */
  category: z.string().min(1).max(100).optional(),
  gender: z.enum(GENDERS).optional(),
  shopId: z.number().int().positive().optional(),
  colors: z.array(z.enum(COLORS)).optional(),
  sizes: z.array(z.enum(SIZES)).optional(),
  fabrics: z.array(z.enum(FABRICS)).optional(),
  inStock: z.boolean().optional(),
  customizable: z.boolean().optional(),
  handmade: z.boolean().optional(),
  express: z.boolean().optional(),
  onSale: z.boolean().optional(),
  minPrice: z.number().nonnegative().optional(),
  maxPrice: z.number().nonnegative().optional(),
  /**
   * The search rule of src/domain/search.ts: every word found (any common spelling; case, accents and Arabic
   * letter variants folded) in the product's names in any language or its category's names; name matches rank
   * first, then category matches, then the sort.
   */
  search: z.string().max(100).optional(),
  sort: z.enum(SORTS).default('newest'),
  page: z.number().int().positive().default(1),
  perPage: z.number().int().positive().max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ProductQuery = z.input<typeof productQuerySchema>;
export type NormalizedProductQuery = z.output<typeof productQuerySchema>;

