/**
 * RxDB schema of `categories`: CategoryDoc as is.
 * Version 1 (issue 22): `names`, the category's name in every language; the migration builds it from the stored
 * name_en and name_ar, and the catalogue's full pull after it (src/sync/catalogue-repull.ts) brings the rest.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { GENDERS, type CategoryDoc } from '../../domain/catalog';
import { cleanText } from '../../domain/catalog-text';
import type { StoredCategory } from '../query-fields';
import { enumStr, indexedStr, int, localizedText, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr, str } from './json-schema-parts';

export const CATEGORY_SLUG_MAX = 100;

export const categorySchema: RxJsonSchema<StoredCategory> = {
  title: 'categories',
  description: 'Catalogue categories mirrored from the server (read-only).',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    name_en: str(),
    name_ar: str(),
    names: localizedText(),
    slug: indexedStr(CATEGORY_SLUG_MAX),
    image: str(),
    parent_id: int(0, MAX_NUMERIC_ID),
    gender: enumStr(GENDERS),
    item_count: int(),
    position: int(0, MAX_NUMERIC_ID),
    updatedAt: int(0, MAX_EPOCH_MS),
  },
  required: [
    'id', 'name_en', 'name_ar', 'names', 'slug', 'image', 'parent_id', 'gender', 'item_count', 'position', 'updatedAt',
  ],
  // A few dozen documents: queries sort in memory; slug is the route key.
  indexes: ['slug', ['parent_id', 'position']],
  additionalProperties: false,
};

/** A categories document of schema version 0: English and Arabic names only. */
export type CategoryDocV0 = Omit<CategoryDoc, 'names'>;

export function categoryV0ToV1(doc: CategoryDocV0): CategoryDoc {
  return { ...doc, names: cleanText({ en: doc.name_en, ar: doc.name_ar }) };
}

export const categoryMigrationStrategies: MigrationStrategies = {
  1: (doc: CategoryDocV0) => categoryV0ToV1(doc),
};
