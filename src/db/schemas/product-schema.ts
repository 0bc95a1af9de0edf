/**
 * RxDB schema of the `products` collection: StoredProduct (src/db/query-fields.ts),
 * ProductDoc (src/domain/catalog.ts) field by field with its single-language
 * text fields optional, nothing else.
 *
 * No secondary indexes: listings, related products and home rows are filtered
 * and sorted in the data worker's in-memory listing index
 * (src/db/listing-index.ts), which reads documents only by primary key. Every
 * index costs one more IndexedDB entry per synced document (the 20 compound
 * listing indexes this replaced made the first sync 2.5 times slower than a
 * plain bulkPut and the database 2.3 times bigger). RxDB adds its own
 * [_deleted, id] and [_meta.lwt, id] indexes for the replication.
 *
 * Version 0 dropped the old indexes and local q_ fields without a migration,
 * before any release. Since then every schema change bumps the version with a
 * migration strategy (product-migrations.ts): this read-only mirror keeps its
 * replication checkpoints across a migration (RxDB migrates them with the
 * collection), so a strategy must turn each stored document into the new
 * shape by itself; the pull brings only what changed on the server after it.
 * Version 1 (issue 21): every variant states its prices (decisions.md
 * "Prices"), worked out from the stored product with variantPricesOf.
 * Version 2 (issue 22): the texts in six languages (`names`, `descriptions`,
 * `category_names`), and the compact stored shape (src/db/query-fields.ts):
 * `name`, `name_ar`, `description`, `description_ar` and `category_name_*` are
 * optional, stored only when they differ from what the maps give, and so are a
 * variant's price fields (stored only when variantPricesOf does not give them). The
 * migration builds the maps from the stored en/ar fields; the other languages
 * come with a full pull of the catalogue after it (src/sync/catalogue-repull.ts).
 */
import type { RxJsonSchema } from 'rxdb';
import { COLORS, FABRICS, GENDERS, SIZES } from '../../domain/catalog';
import type { StoredProduct } from '../query-fields';
import {
  bool,
  enumStr,
  int,
  localizedText,
  MAX_EPOCH_MS,
  MAX_NUMERIC_ID,
  money,
  nullableMoney,
  numericIdStr,
  str,
  strArray,
} from './json-schema-parts';

const variant = {
  type: 'object',
  properties: {
    id: int(1, MAX_NUMERIC_ID),
    sku: str(),
    size: enumStr(SIZES),
    color: enumStr(COLORS),
    fabric: enumStr(FABRICS),
    price: money(),
    discount_price: nullableMoney(),
    has_discount: bool(),
    discount_percent: int(0, 100),
    effective_price: money(),
    stock_quantity: int(),
  },
  // The price fields only when variantPricesOf does not give them (src/db/query-fields.ts).
  required: ['id', 'sku', 'size', 'color', 'fabric', 'price', 'stock_quantity'],
  additionalProperties: false,
} as const;

export const productSchema: RxJsonSchema<StoredProduct> = {
  title: 'products',
  description: 'Catalogue products mirrored from the server (read-only).',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    name: str(),
    name_ar: str(),
    description: str(),
    description_ar: str(),
    names: localizedText(),
    descriptions: localizedText(),
    sku: str(),
    category_id: int(1, MAX_NUMERIC_ID),
    category_slug: str(),
    category_name_en: str(),
    category_name_ar: str(),
    category_names: localizedText(),
    gender: enumStr(GENDERS),
    shop_id: int(1, MAX_NUMERIC_ID),
    shop_name: str(),
    shop_slug: str(),
    price: money(),
    discount_price: nullableMoney(),
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
  },
  required: [
    'id', 'names', 'descriptions', 'sku', 'category_id', 'category_slug', 'category_names', 'gender', 'shop_id',
    'shop_name', 'shop_slug', 'price', 'discount_price', 'has_discount', 'discount_percent', 'effective_price', 'colors', 'sizes', 'fabrics',
    'variants', 'stock_quantity', 'in_stock', 'handmade', 'customizable', 'express', 'rating',
    'reviews_count', 'sales_count', 'main_image', 'images', 'made_in', 'shipping_from', 'created_at',
    'updatedAt',
  ],
  indexes: [],
  additionalProperties: false,
};
