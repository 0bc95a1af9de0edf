/** The products collection as schema version 0 stored it (before issue 21), for the migration tests. */
import type { RxJsonSchema } from 'rxdb';
import { productSchema } from '../../../src/db/schemas/product-schema';
import type { ProductDocV0 } from '../../../src/db/schemas/product-migrations';
import type { ProductDoc } from '../../../src/domain/catalog';

const VARIANT_PRICE_FIELDS = ['discount_price', 'has_discount', 'discount_percent', 'effective_price'];

/** The products schema as version 0 had it: variants with their list price and stock only. */
export function productSchemaV0(): RxJsonSchema<ProductDocV0> {
  const variants = productSchema.properties.variants as { items: { properties: Record<string, unknown>; required: string[] } };
  const items = variants.items;
  return {
    ...productSchema,
    version: 0,
    properties: {
      ...productSchema.properties,
      variants: {
        type: 'array',
        items: {
          ...items,
          properties: Object.fromEntries(Object.entries(items.properties).filter(([k]) => !VARIANT_PRICE_FIELDS.includes(k))),
          required: items.required.filter((k) => !VARIANT_PRICE_FIELDS.includes(k)),
        },
      },
    },
  } as RxJsonSchema<ProductDocV0>;
}

/** A product document as a version-0 client kept it: its wire schema dropped the variants' price fields. */
export function asV0<T extends ProductDoc>(doc: T): Omit<T, 'variants'> & Pick<ProductDocV0, 'variants'> {
  return {
    ...doc,
    variants: doc.variants.map(({ id, sku, size, color, fabric, price, stock_quantity }) => ({ id, sku, size, color, fabric, price, stock_quantity })),
  };
}
