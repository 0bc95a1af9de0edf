/**
 * The products collection's schema version 1 (issue 21) gave every variant its price fields: a device that
 * mirrored the catalogue at version 0 opens it at version 1 with each variant's charged price, discount and
 * percent worked out from the stored product, the rest as stored. Both on the production storage stack (no
 * dev-mode: the catalogue's fresh-insert path) and under dev-mode's schema validation.
 */
import { createRxDatabase, type RxCollection, type RxStorage } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { loadDevMode } from '../../src/db/dev-mode';
import type { ProductDocV0 } from '../../src/db/schemas/product-migrations';
import type { ProductDoc, VariantRow } from '../../src/domain/catalog';
import { makeProducts } from './support/catalog-fixtures';
import { productSchemaV0 } from './support/product-schema-v0';
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
/** On sale: 500 → 400, its XXL variant listed at 550. */
const onSale: ProductDocV0 = {
  ...a!,
  id: '101',
  price: 500,
  discount_price: 400,
  has_discount: true,
  discount_percent: 20,
  effective_price: 400,
  variants: [row(1, 'M', 500, 4), row(2, 'XXL', 550, 0)],
};
/** No sale: variants at 250 and 300. */
const noSale: ProductDocV0 = {
  ...b!,
  id: '102',
  price: 250,
  discount_price: null,
  has_discount: false,
  discount_percent: 0,
  effective_price: 250,
  variants: [row(3, 'S', 250, 7), row(4, 'XXL', 300, 1)],
};

const EXPECTED: Record<string, ProductDoc['variants']> = {
  '101': [
    { ...row(1, 'M', 500, 4), discount_price: 400, has_discount: true, discount_percent: 20, effective_price: 400 },
    { ...row(2, 'XXL', 550, 0), discount_price: 450, has_discount: true, discount_percent: 18, effective_price: 450 },
  ],
  '102': [
    { ...row(3, 'S', 250, 7), discount_price: null, has_discount: false, discount_percent: 0, effective_price: 250 },
    { ...row(4, 'XXL', 300, 1), discount_price: null, has_discount: false, discount_percent: 0, effective_price: 300 },
  ],
};

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

/** Stores the two products in a version-0 database `name` on `storage`, then closes it. */
async function storeAtV0(name: string, storage: RxStorage<unknown, unknown>): Promise<void> {
  const old = await createRxDatabase<{ products: RxCollection<ProductDocV0> }>({ name, storage, multiInstance: false });
  await old.addCollections({ products: { schema: productSchemaV0() } });
  const res = await old.products.bulkInsert([onSale, noSale]);
  expect(res.error).toEqual([]);
  await old.close();
}

async function expectMigrated(opened: SoukDatabase): Promise<void> {
  expect(opened.products.schema.version).toBe(1);
  const docs = await opened.products.find({ sort: [{ id: 'asc' }] }).exec();
  const plain = docs.map((d) => {
    const { _meta: _m, _rev: _r, _attachments: _a, _deleted: _d, ...rest } = d.toJSON(true) as unknown as ProductDoc & Record<string, unknown>;
    return rest;
  });
  expect(plain).toEqual([
    { ...onSale, variants: EXPECTED['101'] },
    { ...noSale, variants: EXPECTED['102'] },
  ]);
}

describe('products schema migration (version 0 → 1)', () => {
  it('production storage: every variant gains its prices from the stored product, the rest as stored', async () => {
    const name = uniqueDbName('products-v0');
    await storeAtV0(name, fakeIdbStorage());
    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), only: ['products'] });
    await expectMigrated(db);
    // The replication's next write of a product (a version-1 document) lands over the migrated one.
    const next = { ...onSale, variants: EXPECTED['101']!.map((v) => ({ ...v, stock_quantity: 9 })), updatedAt: onSale.updatedAt + 1 };
    await db.products.upsert(next);
    expect((await db.products.findOne('101').exec())?.toJSON().variants.map((v) => v.stock_quantity)).toEqual([9, 9]);
  });

  it('dev-mode: the migrated documents satisfy the version-1 schema', async () => {
    const name = uniqueDbName('products-v0-dev');
    const wrap = await loadDevMode();
    await storeAtV0(name, wrap(fakeIdbStorage()));
    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['products'] });
    await expectMigrated(db);
  });
});
