/**
 * The products collection's schema migrations on a device that mirrored the catalogue with an older version:
 * - version 1 (issue 21) gave every variant its price fields, worked out from the stored product;
 * - version 2 (issue 22) gives the texts as maps (`names`, `descriptions`, `category_names`) built from the stored
 *   English and Arabic fields, and stores the document compactly (the single-language fields the maps give are left
 *   out and read back from them: src/db/query-fields.ts).
 * A version-0 device goes through both, a version-1 device through the second; the rest stays as stored. Both on
 * the production storage stack (no dev-mode: the catalogue's fresh-insert path) and under dev-mode's validation.
 */
import { createRxDatabase, type RxCollection, type RxJsonSchema, type RxStorage } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { loadDevMode } from '../../src/db/dev-mode';
import { findProduct } from '../../src/db/queries/products';
import { toStoredProduct } from '../../src/db/query-fields';
import type { ProductDocV0, ProductDocV1 } from '../../src/db/schemas/product-migrations';
import type { ProductDoc, VariantRow } from '../../src/domain/catalog';
import { makeProducts } from './support/catalog-fixtures';
import { asV1, productSchemaV0, productSchemaV1 } from './support/product-schema-v0';
import { fakeIdbStorage, uniqueDbName } from './support/test-db';

const [a, b] = makeProducts(2, 21);
const row = (id: number, size: VariantRow['size'], price: number, stock: number): VariantRow => ({
  id,
  sku: `V-${id}`,
  size,
  color: 'red',
  fabric: 'Silk',
  price,
  stock_quantity: stock,
});
/** On sale: 500 → 400, its XXL variant listed at 550. Texts in English and Arabic (version 0 had no maps). */
const onSale: ProductDocV0 = {
  ...asV1(a!),
  id: '101',
  name: 'Royal Kaftan',
  name_ar: 'قفطان ملكي',
  description: 'Hand embroidered.',
  description_ar: 'مطرز يدويا.',
  category_name_en: 'Kaftan',
  category_name_ar: 'قفطان',
  price: 500,
  discount_price: 400,
  has_discount: true,
  discount_percent: 20,
  effective_price: 400,
  variants: [row(1, 'M', 500, 4), row(2, 'XXL', 550, 0)],
};
/** No sale: variants at 250 and 300. An empty Arabic description, and a name with spaces around it. */
const noSale: ProductDocV0 = {
  ...asV1(b!),
  id: '102',
  name: ' Babouche ',
  name_ar: 'بلغة',
  description: 'Leather.',
  description_ar: '',
  category_name_en: 'Shoes',
  category_name_ar: 'أحذية',
  price: 250,
  discount_price: null,
  has_discount: false,
  discount_percent: 0,
  effective_price: 250,
  variants: [row(3, 'S', 250, 7), row(4, 'XXL', 300, 1)],
};

const EXPECTED_VARIANTS: Record<string, ProductDoc['variants']> = {
  '101': [
    { ...row(1, 'M', 500, 4), discount_price: 400, has_discount: true, discount_percent: 20, effective_price: 400 },
    { ...row(2, 'XXL', 550, 0), discount_price: 450, has_discount: true, discount_percent: 18, effective_price: 450 },
  ],
  '102': [
    { ...row(3, 'S', 250, 7), discount_price: null, has_discount: false, discount_percent: 0, effective_price: 250 },
    { ...row(4, 'XXL', 300, 1), discount_price: null, has_discount: false, discount_percent: 0, effective_price: 300 },
  ],
};

/** What the query API reads after the migration: the stored fields, the maps from en/ar, the variants priced. */
const EXPECTED: ProductDoc[] = [
  {
    ...onSale,
    variants: EXPECTED_VARIANTS['101']!,
    names: { en: 'Royal Kaftan', ar: 'قفطان ملكي' },
    descriptions: { en: 'Hand embroidered.', ar: 'مطرز يدويا.' },
    category_names: { en: 'Kaftan', ar: 'قفطان' },
  },
  {
    ...noSale,
    variants: EXPECTED_VARIANTS['102']!,
    names: { en: 'Babouche', ar: 'بلغة' },
    descriptions: { en: 'Leather.' },
    category_names: { en: 'Shoes', ar: 'أحذية' },
  },
];

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

/** Stores the documents in an older version's database `name` on `storage`, then closes it. */
async function storeAt<D extends ProductDocV0 | ProductDocV1>(name: string, storage: RxStorage<unknown, unknown>, schema: RxJsonSchema<D>, docs: D[]): Promise<void> {
  const old = await createRxDatabase<{ products: RxCollection<D> }>({ name, storage, multiInstance: false });
  await old.addCollections({ products: { schema } });
  const res = await old.products.bulkInsert(docs);
  expect(res.error).toEqual([]);
  await old.close();
}
const storeAtV0 = (name: string, storage: RxStorage<unknown, unknown>) => storeAt(name, storage, productSchemaV0(), [onSale, noSale]);
const storeAtV1 = (name: string, storage: RxStorage<unknown, unknown>) =>
  storeAt<ProductDocV1>(name, storage, productSchemaV1(), [
    { ...onSale, variants: EXPECTED_VARIANTS['101']! },
    { ...noSale, variants: EXPECTED_VARIANTS['102']! },
  ]);

async function expectMigrated(opened: SoukDatabase): Promise<void> {
  expect(opened.products.schema.version).toBe(2);
  expect(await Promise.all(['101', '102'].map((id) => findProduct(opened.products, id)))).toEqual(EXPECTED);
  // Stored compactly: a single-language field is kept only where the map does not give it (the name with spaces).
  const stored = (await opened.products.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => d.toJSON() as Record<string, unknown>);
  const single = ['name', 'name_ar', 'description', 'description_ar', 'category_name_en', 'category_name_ar'];
  expect(stored.map((d) => single.filter((f) => f in d))).toEqual([[], ['name']]);
  expect(stored[1]?.name).toBe(' Babouche ');
}

describe('products schema migrations (version 0 → 1 → 2, version 1 → 2)', () => {
  it('production storage, from version 0: variant prices from the stored product, maps from its en/ar texts, the rest as stored', async () => {
    const name = uniqueDbName('products-v0');
    await storeAtV0(name, fakeIdbStorage());
    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), only: ['products'] });
    await expectMigrated(db);
    // The replication's next write of a product (a version-2 document, stored compactly) lands over the migrated one.
    const next = { ...EXPECTED[0]!, names: { ...EXPECTED[0]!.names, fr: 'Caftan royal' }, variants: EXPECTED_VARIANTS['101']!.map((v) => ({ ...v, stock_quantity: 9 })), updatedAt: onSale.updatedAt + 1 };
    await db.products.upsert(toStoredProduct(next));
    expect(await findProduct(db.products, '101')).toEqual(next);
  });

  it('production storage, from version 1: the maps from the en/ar texts, the rest as stored', async () => {
    const name = uniqueDbName('products-v1');
    await storeAtV1(name, fakeIdbStorage());
    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), only: ['products'] });
    await expectMigrated(db);
  });

  it('dev-mode: the migrated documents satisfy the version-2 schema', async () => {
    const name = uniqueDbName('products-v0-dev');
    const wrap = await loadDevMode();
    await storeAtV0(name, wrap(fakeIdbStorage()));
    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['products'] });
    await expectMigrated(db);
  });
});
