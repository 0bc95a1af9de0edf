/** A fresh Souk database on fake-indexeddb for each test, closed (and removed) afterwards. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../../src/domain/catalog';
import { createSoukDatabase, type SoukDatabase } from '../../../src/db/database';
import { toStoredProduct, toStoredShop } from '../../../src/db/query-fields';

let counter = 0;

export function fakeIdbStorage() {
  return getRxStorageDexie({ indexedDB, IDBKeyRange });
}

export function uniqueDbName(prefix = 'test'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now().toString(36)}`;
}

export async function openTestDatabase(opts: { devMode?: boolean; name?: string } = {}): Promise<SoukDatabase> {
  return createSoukDatabase({
    name: opts.name ?? uniqueDbName(),
    storage: fakeIdbStorage(),
    devMode: opts.devMode ?? true,
  });
}

export async function insertCatalog(
  db: SoukDatabase,
  catalog: { products?: ProductDoc[]; categories?: CategoryDoc[]; shops?: ShopDoc[] },
): Promise<void> {
  const results = [
    catalog.products?.length ? await db.products.bulkInsert(catalog.products.map(toStoredProduct)) : null,
    catalog.categories?.length ? await db.categories.bulkInsert(catalog.categories) : null,
    catalog.shops?.length ? await db.shops.bulkInsert(catalog.shops.map(toStoredShop)) : null,
  ];
  const errors: unknown[] = results.flatMap((r): unknown[] => r?.error ?? []);
  if (errors.length > 0) throw new Error(`insertCatalog: ${errors.length} write errors, first: ${JSON.stringify(errors[0])}`);
}
