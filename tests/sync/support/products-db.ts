/**
 * Products-only Souk databases on a given storage for replication tests, each removed after its test (call
 * `productsDatabases` at a test file's top level: it registers the afterEach); and bare products storage
 * instances on fake-indexeddb, such as another tab's.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { fillWithDefaultSettings, type RxStorage, type RxStorageInstanceCreationParams } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, expect } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../../src/db/database';
import { productSchema } from '../../../src/db/schemas/product-schema';
import type { ProductDoc } from '../../../src/domain/catalog';

/** RxDB's Dexie storage on fake-indexeddb. */
export const fakeDexie = () => getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>;

/** What a products storage instance of database `name` is created with (`schema`: the products schema by default). */
export function productsInstanceParams(
  name: string,
  o: { devMode?: boolean; schema?: object } = {},
): RxStorageInstanceCreationParams<unknown, never> {
  return {
    databaseInstanceToken: 'other-tab',
    databaseName: name,
    collectionName: 'products',
    schema: fillWithDefaultSettings((o.schema ?? productSchema) as never) as never,
    options: {} as never,
    multiInstance: false,
    devMode: o.devMode ?? false,
  };
}

/**
 * Stores `doc`, renamed 'Written by another tab', at revision `rev` through another tab's instance on the same
 * IndexedDB that does not broadcast: a write the database `name` never hears of.
 */
export async function writeFromAnotherTab(name: string, doc: ProductDoc, rev: string): Promise<void> {
  const otherTab = await fakeDexie().createStorageInstance(productsInstanceParams(name));
  const theirs = { ...doc, name: 'Written by another tab', _deleted: false, _attachments: {}, _rev: rev, _meta: { lwt: Date.now() } };
  expect((await otherTab.bulkWrite([{ document: theirs }], 'other-tab')).error).toEqual([]);
  await otherTab.close();
}

export function productsDatabases() {
  const open: SoukDatabase[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.remove();
  });
  return {
    async open(storage: RxStorage<unknown, unknown>, name: string): Promise<SoukDatabase> {
      const db = await createSoukDatabase({ name, storage, only: ['products'] });
      open.push(db);
      return db;
    },
    /** Closes `db` (its data stays, for a reopen) and leaves it out of the cleanup. */
    async close(db: SoukDatabase): Promise<void> {
      await db.close();
      open.splice(open.indexOf(db), 1);
    },
  };
}
