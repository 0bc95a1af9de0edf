/**
 * RxDB schema of the `products` collection: ProductDoc (src/domain/catalog.ts)
 * field by field, plus the local q_ fields (src/db/query-fields.ts).
 *
 * Indexes: one per listing sort, alone and behind each equality filter the
 * listing has (gender, category_slug, shop_id). RxDB appends the primary key.
 * With an equality prefix the planner treats the prefix as sort-irrelevant, so
 * `{gender: 'men'}` sorted by newest reads exactly skip + limit documents from
 * [gender, q_created_desc, q_id_desc]. The price-low-high indexes also serve
 * minPrice/maxPrice ranges; price-high-low ranges go to q_price_desc.
 */
import type { RxJsonSchema } from 'rxdb';
import { COLORS, FABRICS, GENDERS, SIZES } from '../../domain/catalog';
import type { StoredProduct } from '../query-fields';
import {
  bool,
  enumStr,
  indexedStr,
  int,
  MAX_COUNT,
  MAX_EPOCH_MS,
  MAX_INDEXED_PRICE,
  MAX_NUMERIC_ID,
  money,
  numericIdStr,
  str,
  strArray,
} from './json-schema-parts';

/** Sort keys per listing sort, in RxDB sort order (all ascending). */
export const PRODUCT_SORT_INDEX = {
  newest: ['q_created_desc', 'q_id_desc'],
  // RxDB appends the primary key (ascending id) to every sort and index.
  'price-low-high': ['effective_price'],
  'price-high-low': ['q_price_desc', 'q_id_desc'],
  popular: ['q_sales_desc', 'q_id_desc'],
  rating: ['q_rating_desc', 'q_reviews_desc', 'q_id_desc'],
} as const satisfies Record<string, readonly (keyof StoredProduct)[]>;

/** Equality filters of the listing that get their own index prefix. */
export const PRODUCT_INDEX_PREFIXES = [[], ['gender'], ['category_slug'], ['shop_id']] as const;

export const CATEGORY_SLUG_MAX = 100;

const productIndexes: string[][] = PRODUCT_INDEX_PREFIXES.flatMap((prefix) =>
  Object.values(PRODUCT_SORT_INDEX).map((keys) => [...prefix, ...keys]),
);

const variant = {
  type: 'object',
  properties: {
    id: int(1, MAX_NUMERIC_ID),
    sku: str(),
    size: enumStr(SIZES),
    color: enumStr(COLORS),
    fabric: enumStr(FABRICS),
    price: money(),
    stock_quantity: int(),
  },
  required: ['id', 'sku', 'size', 'color', 'fabric', 'price', 'stock_quantity'],
  additionalProperties: false,
} as const;

const negative = (maximum: number, multipleOf = 1) => ({
  type: 'number',
  minimum: -maximum,
  maximum: 0,
  multipleOf,
});

export const productSchema: RxJsonSchema<StoredProduct> = {
  title: 'products',
  description: 'Catalogue products mirrored from the server (read-only).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    name: str(),
    name_ar: str(),
    description: str(),
    description_ar: str(),
    sku: str(),
    category_id: int(1, MAX_NUMERIC_ID),
    category_slug: indexedStr(CATEGORY_SLUG_MAX),
    category_name_en: str(),
    category_name_ar: str(),
    gender: enumStr(GENDERS),
    shop_id: int(1, MAX_NUMERIC_ID),
    shop_name: str(),
    shop_slug: str(),
    price: money(),
    discount_price: { type: ['number', 'null'], minimum: 0, multipleOf: 0.01 },
    has_discount: bool(),
    discount_percent: int(0, 100),
    effective_price: money(),
    colors: strArray(COLORS),
    sizes: strArray(SIZES),
    fabrics: strArray(FABRICS),
    variants: { type: 'array', items: variant },
    stock_quantity: int(),
    in_stock: bool(),
    handmade: bool(),
    customizable: bool(),
    express: bool(),
    rating: { type: 'number', minimum: 0, maximum: 5 },
    reviews_count: int(),
    sales_count: int(),
    main_image: str(),
    images: strArray(),
    made_in: str(),
    shipping_from: str(),
    created_at: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
    q_id_desc: indexedStr(21),
    q_created_desc: negative(MAX_EPOCH_MS),
    q_price_desc: negative(MAX_INDEXED_PRICE, 0.01),
    q_sales_desc: negative(MAX_COUNT),
    // Ratings are averages with any number of decimals; Dexie compares numbers
    // natively, multipleOf only feeds RxDB's index-string length (memory storage).
    q_rating_desc: negative(5, 0.000001),
    q_reviews_desc: negative(MAX_COUNT),
    q_name_lower: str(),
  },
  required: [
    'id', 'name', 'name_ar', 'description', 'description_ar', 'sku', 'category_id', 'category_slug',
    'category_name_en', 'category_name_ar', 'gender', 'shop_id', 'shop_name', 'shop_slug', 'price',
    'discount_price', 'has_discount', 'discount_percent', 'effective_price', 'colors', 'sizes', 'fabrics',
    'variants', 'stock_quantity', 'in_stock', 'handmade', 'customizable', 'express', 'rating',
    'reviews_count', 'sales_count', 'main_image', 'images', 'made_in', 'shipping_from', 'created_at',
    'updatedAt', 'q_id_desc', 'q_created_desc', 'q_price_desc', 'q_sales_desc', 'q_rating_desc',
    'q_reviews_desc', 'q_name_lower',
  ],
  indexes: productIndexes,
  additionalProperties: false,
};
