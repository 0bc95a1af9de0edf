/**
 * Categories (schema 0 → 1) and shops (0 → 1) on a device that stored them before issue 22: the maps are built from
 * the stored English and Arabic fields (an empty field is not held), the rest stays as stored; under dev-mode's
 * validation of the new schemas.
 */
import { createRxDatabase, type RxCollection } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { loadDevMode } from '../../src/db/dev-mode';
import { findCategory } from '../../src/db/queries/categories';
import { findShop } from '../../src/db/queries/shops';
import type { CategoryDocV0 } from '../../src/db/schemas/category-schema';
import type { ShopDocV0 } from '../../src/db/schemas/shop-schema';
import { makeCategories, makeShops } from './support/catalog-fixtures';
import { categoryAsV0, categorySchemaV0, shopAsV0, shopSchemaV0 } from './support/catalogue-schemas-v0';
import { fakeIdbStorage, uniqueDbName } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const category: CategoryDocV0 = { ...categoryAsV0(makeCategories()[4]!), name_en: 'Kaftan', name_ar: 'قفطان' };
const shop: ShopDocV0 = { ...shopAsV0(makeShops(1)[0]!), name: 'Dar Lalla', name_ar: 'دار لالة', description: 'Kaftans from Fes.', description_ar: '' };

describe('categories and shops schema 0 → 1', () => {
  it('build the maps from the stored English and Arabic fields', async () => {
    const name = uniqueDbName('catalogue-v0');
    const wrap = await loadDevMode();
    const old = await createRxDatabase<{ categories: RxCollection<CategoryDocV0>; shops: RxCollection<ShopDocV0> }>({
      name,
      storage: wrap(fakeIdbStorage()),
      multiInstance: false,
    });
    await old.addCollections({ categories: { schema: categorySchemaV0() }, shops: { schema: shopSchemaV0() } });
    await old.categories.insert(category);
    await old.shops.insert(shop);
    await old.close();

    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['categories', 'shops'] });
    expect(db.categories.schema.version).toBe(1);
    expect(db.shops.schema.version).toBe(1);
    expect(await findCategory(db.categories, category.id)).toEqual({ ...category, names: { en: 'Kaftan', ar: 'قفطان' } });
    expect(await findShop(db.shops, shop.id)).toEqual({ ...shop, names: { en: 'Dar Lalla', ar: 'دار لالة' }, descriptions: { en: 'Kaftans from Fes.' } });
  });
});
