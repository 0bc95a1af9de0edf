/** The categories and shops collections as schema version 0 stored them (before issue 22), for the migration tests. */
import type { RxJsonSchema } from 'rxdb';
import { categorySchema, type CategoryDocV0 } from '../../../src/db/schemas/category-schema';
import { shopSchema, type ShopDocV0 } from '../../../src/db/schemas/shop-schema';
import type { CategoryDoc, ShopDoc } from '../../../src/domain/catalog';

function without<T>(schema: RxJsonSchema<unknown>, fields: readonly string[]): RxJsonSchema<T> {
  return {
    ...schema,
    version: 0,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !fields.includes(k))),
    required: (schema.required as string[]).filter((k) => !fields.includes(k)),
  } as RxJsonSchema<T>;
}

export const categorySchemaV0 = (): RxJsonSchema<CategoryDocV0> => without(categorySchema as RxJsonSchema<unknown>, ['names']);
export const shopSchemaV0 = (): RxJsonSchema<ShopDocV0> => without(shopSchema as RxJsonSchema<unknown>, ['names', 'descriptions']);

/** A category as a version-0 client kept it (its wire schema dropped the map). */
export function categoryAsV0<T extends CategoryDoc>(doc: T): Omit<T, 'names'> {
  const { names: _n, ...rest } = doc;
  return rest;
}

/** A shop as a version-0 client kept it. */
export function shopAsV0<T extends ShopDoc>(doc: T): Omit<T, 'names' | 'descriptions'> {
  const { names: _n, descriptions: _d, ...rest } = doc;
  return rest;
}
