/** The products collection as schema versions 0 (before issue 21) and 1 (before issue 22) stored it, for the migration tests. */
import type { RxJsonSchema } from 'rxdb';
import { productSchema } from '../../../src/db/schemas/product-schema';
import type { ProductDocV0, ProductDocV1 } from '../../../src/db/schemas/product-migrations';
import type { ProductDoc } from '../../../src/domain/catalog';

const VARIANT_PRICE_FIELDS = ['discount_price', 'has_discount', 'discount_percent', 'effective_price'];
/** Issue 22's maps: absent before version 2, where the single-language fields were all required. */
const TEXT_MAPS = ['names', 'descriptions', 'category_names'];
const SINGLE_LANGUAGE = ['name', 'name_ar', 'description', 'description_ar', 'category_name_en', 'category_name_ar'];

/** The products schema as version 1 had it: the wire document of issue 21 as is, texts in English and Arabic. */
export function productSchemaV1(): RxJsonSchema<ProductDocV1> {
  return {
    ...productSchema,
    version: 1,
    properties: Object.fromEntries(Object.entries(productSchema.properties).filter(([k]) => !TEXT_MAPS.includes(k))),
    required: [...(productSchema.required as string[]).filter((k) => !TEXT_MAPS.includes(k)), ...SINGLE_LANGUAGE],
  } as RxJsonSchema<ProductDocV1>;
}

/** The products schema as version 0 had it: version 1's with variants holding their list price and stock only. */
export function productSchemaV0(): RxJsonSchema<ProductDocV0> {
  const v1 = productSchemaV1();
  const variants = v1.properties.variants as { items: { properties: Record<string, unknown>; required: string[] } };
  const items = variants.items;
  return {
    ...v1,
    version: 0,
    properties: {
      ...v1.properties,
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

/** A product document as a version-1 client kept it: its wire schema dropped the maps. */
export function asV1<T extends ProductDoc>(doc: T): Omit<T, 'names' | 'descriptions' | 'category_names'> {
  const { names: _n, descriptions: _d, category_names: _c, ...rest } = doc;
  return rest;
}

/** A product document as a version-0 client kept it: its wire schema dropped the maps and the variants' price fields. */
export function asV0<T extends ProductDoc>(doc: T): Omit<T, 'variants' | 'names' | 'descriptions' | 'category_names'> & Pick<ProductDocV0, 'variants'> {
  return {
    ...asV1(doc),
    variants: doc.variants.map(({ id, sku, size, color, fabric, price, stock_quantity }) => ({ id, sku, size, color, fabric, price, stock_quantity })),
  } as Omit<T, 'variants' | 'names' | 'descriptions' | 'category_names'> & Pick<ProductDocV0, 'variants'>;
}
