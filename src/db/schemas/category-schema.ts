/** RxDB schema of `categories`: CategoryDoc as is. */
import type { RxJsonSchema } from 'rxdb';
import { GENDERS } from '../../domain/catalog';
import type { StoredCategory } from '../query-fields';
import { enumStr, indexedStr, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr, str } from './json-schema-parts';

export const CATEGORY_SLUG_MAX = 100;

export const categorySchema: RxJsonSchema<StoredCategory> = {
  title: 'categories',
  description: 'Catalogue categories mirrored from the server (read-only).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    name_en: str(),
    name_ar: str(),
    slug: indexedStr(CATEGORY_SLUG_MAX),
    image: str(),
    parent_id: int(0, MAX_NUMERIC_ID),
    gender: enumStr(GENDERS),
    item_count: int(),
    position: int(0, MAX_NUMERIC_ID),
    updatedAt: int(0, MAX_EPOCH_MS),
  },
  required: [
    'id', 'name_en', 'name_ar', 'slug', 'image', 'parent_id', 'gender', 'item_count', 'position', 'updatedAt',
  ],
  // A few dozen documents: queries sort in memory; slug is the route key.
  indexes: ['slug', ['parent_id', 'position']],
  additionalProperties: false,
};
