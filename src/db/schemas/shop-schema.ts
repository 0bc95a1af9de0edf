/**
 * RxDB schema of `shops`: ShopDoc as is. Version 0 dropped the local q_rating_desc field and its index before any
 * release (see product-schema.ts).
 * Version 1 (issue 22): `names` and `descriptions` in every language; the migration builds them from the stored
 * English and Arabic fields, and the catalogue's full pull after it (src/sync/catalogue-repull.ts) brings the rest.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { STORE_TYPES, type ShopDoc } from '../../domain/catalog';
import { cleanText } from '../../domain/catalog-text';
import type { StoredShop } from '../query-fields';
import { bool, enumStr, indexedStr, int, localizedText, MAX_EPOCH_MS, numericIdStr, str } from './json-schema-parts';

export const SHOP_SLUG_MAX = 200;

export const shopSchema: RxJsonSchema<StoredShop> = {
  title: 'shops',
  description: 'Shops mirrored from the server (read-only).',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    name: str(),
    name_ar: str(),
    slug: indexedStr(SHOP_SLUG_MAX),
    status: enumStr(['active', 'suspended']),
    logo: str(),
    cover: str(),
    description: str(),
    description_ar: str(),
    names: localizedText(),
    descriptions: localizedText(),
    city: str(),
    address: str(),
    rating: { type: 'number', minimum: 0, maximum: 5 },
    total_reviews: int(),
    products_count: int(),
    followers: int(),
    response_rate: int(0, 100),
    response_time_hours: int(),
    joined_at: int(0, MAX_EPOCH_MS),
    store_type: enumStr(STORE_TYPES),
    is_featured: bool(),
    is_verified: bool(),
    updatedAt: int(0, MAX_EPOCH_MS),
  },
  required: [
    'id', 'name', 'name_ar', 'slug', 'status', 'logo', 'cover', 'description', 'description_ar', 'names',
    'descriptions', 'city', 'address', 'rating', 'total_reviews', 'products_count', 'followers', 'response_rate', 'response_time_hours',
    'joined_at', 'store_type', 'is_featured', 'is_verified', 'updatedAt',
  ],
  // Tens to hundreds of documents: the list and the featured strip sort in memory;
  // the slug index serves lookups by slug (shop pages).
  indexes: ['slug'],
  additionalProperties: false,
};

/** A shops document of schema version 0: English and Arabic name and description only. */
export type ShopDocV0 = Omit<ShopDoc, 'names' | 'descriptions'>;

export function shopV0ToV1(doc: ShopDocV0): ShopDoc {
  return {
    ...doc,
    names: cleanText({ en: doc.name, ar: doc.name_ar }),
    descriptions: cleanText({ en: doc.description, ar: doc.description_ar }),
  };
}

export const shopMigrationStrategies: MigrationStrategies = {
  1: (doc: ShopDocV0) => shopV0ToV1(doc),
};
