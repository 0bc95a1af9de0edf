/**
 * RxDB schema of `shops`: ShopDoc as is. Still version 0 after dropping the local
 * q_rating_desc field and its index: nothing has been released (see product-schema.ts).
 */
import type { RxJsonSchema } from 'rxdb';
import { STORE_TYPES } from '../../domain/catalog';
import type { StoredShop } from '../query-fields';
import { bool, enumStr, indexedStr, int, MAX_EPOCH_MS, numericIdStr, str } from './json-schema-parts';

export const SHOP_SLUG_MAX = 200;

export const shopSchema: RxJsonSchema<StoredShop> = {
  title: 'shops',
  description: 'Shops mirrored from the server (read-only).',
  version: 0,
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
    'id', 'name', 'name_ar', 'slug', 'status', 'logo', 'cover', 'description', 'description_ar', 'city',
    'address', 'rating', 'total_reviews', 'products_count', 'followers', 'response_rate', 'response_time_hours',
    'joined_at', 'store_type', 'is_featured', 'is_verified', 'updatedAt',
  ],
  // Tens to hundreds of documents: the list and the featured strip sort in memory;
  // the slug index serves lookups by slug (shop pages).
  indexes: ['slug'],
  additionalProperties: false,
};
