/**
 * The known-keys storage (src/db/known-keys-storage.ts): a first sync into an empty collection reads nothing
 * back from IndexedDB for documents never stored (but the first batch, read before the first write looks at the
 * store), and still replicates exactly; the first write of stored keys only ends it; a store that was not empty,
 * a look that failed and an instance that never wrote (a tab that does not replicate) pass every read through;
 * and an insert the wrapper thought new but another writer had stored (a write it never heard of) is written as
 * an update, not dropped.
 */
import type { RxStorage } from 'rxdb';
import { describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import { makeProducts } from '../db/support/catalog-fixtures';
import { uniqueDbName } from '../db/support/test-db';
import { pullMaster, pullToEnd, type PullMaster } from './support/pull-master';
import { fakeDexie, productsDatabases, writeFromAnotherTab } from './support/products-db';

/** Dexie on fake-indexeddb, recording the ids the products instance is asked for (under the wrapper). */
function countingStorage(o: { failFirstQuery?: boolean } = {}): { storage: RxStorage<unknown, unknown>; productReads: string[] } {
  const inner = fakeDexie();
  const productReads: string[] = [];
  const storage: RxStorage<unknown, unknown> = {
    ...inner,
    async createStorageInstance(params) {
      const instance = await inner.createStorageInstance(params);
      if (params.collectionName !== 'products') return instance;
      const find = instance.findDocumentsById.bind(instance);
      const query = instance.query.bind(instance);
      let failQuery = o.failFirstQuery === true;
      // The wrapper's look: one document by _meta.lwt (RxDB's getChangedDocumentsSince query).
      instance.query = (q) => {
        const look = q.query.limit === 1 && JSON.stringify(q.query.sort).includes('_meta.lwt');
        if (!failQuery || !look) return query(q);
        failQuery = false;
        return Promise.reject(new Error('test: the first query fails'));
      };
      instance.findDocumentsById = (ids, withDeleted) => {
        productReads.push(...ids);
        return find(ids, withDeleted);
      };
      return instance;
    },
  };
  return { storage, productReads };
}

const databases = productsDatabases();

const pullOnce = (db: SoukDatabase, m: PullMaster) => pullToEnd(db, m, 'known-keys-test');

async function stored(db: SoukDatabase): Promise<Map<string, { name: string; rev: string }>> {
  const docs = await db.products.find().exec();
  return new Map(docs.map((d) => [d.primary, { name: d.get('name') as string, rev: d.revision }]));
}

describe('known-keys storage', () => {
  it('fills an empty collection without reading back what was never stored, then reads what was', async () => {
    const { storage, productReads } = countingStorage();
    const m = pullMaster(makeProducts(60));
    const db = await databases.open(storage, uniqueDbName('known'));
    expect(await pullOnce(db, m)).toEqual([]);
    expect([...(await stored(db)).keys()].sort()).toEqual(m.live().map((p) => p.id).sort());
    // 60 documents in three batches of 25: only the first batch's read, before the first write, reached IndexedDB.
    expect(productReads.sort()).toEqual(m.live().slice(0, 25).map((p) => p.id).sort());

    const [first, second] = m.live();
    m.update(first!.id, { name: 'Kaftan renamed' });
    m.remove(second!.id);
    expect(await pullOnce(db, m)).toEqual([]);
    // Stored keys are read as before: the update and the delete found their documents.
    expect(productReads).toEqual(expect.arrayContaining([first!.id, second!.id]));
    const after = await stored(db);
    expect(after.get(first!.id)?.name).toBe('Kaftan renamed');
    expect(after.get(first!.id)?.rev.startsWith('2-')).toBe(true);
    expect(after.has(second!.id)).toBe(false);

    // That write held stored keys only: the fill is over, and a key never stored is now asked of the storage too.
    productReads.length = 0;
    expect((await db.products.findByIds(['999999']).exec()).size).toBe(0);
    expect(productReads).toEqual(['999999']);
  });

  it('passes every call through when its look at the store fails', async () => {
    const { storage, productReads } = countingStorage({ failFirstQuery: true });
    const m = pullMaster(makeProducts(60));
    const db = await databases.open(storage, uniqueDbName('known-failed'));
    expect(await pullOnce(db, m)).toEqual([]);
    expect([...(await stored(db)).keys()].sort()).toEqual(m.live().map((p) => p.id).sort());
    expect(productReads.sort()).toEqual(m.live().map((p) => p.id).sort());
  });

  it('leaves a collection that was not empty alone: every read goes through', async () => {
    const { storage, productReads } = countingStorage();
    const name = uniqueDbName('known-full');
    const m = pullMaster(makeProducts(30));
    let db = await databases.open(storage, name);
    await pullOnce(db, m);
    await databases.close(db);

    db = await databases.open(storage, name);
    const [first] = m.live();
    m.update(first!.id, { name: 'Renamed after a restart' });
    productReads.length = 0;
    expect(await pullOnce(db, m)).toEqual([]);
    expect(productReads).toContain(first!.id);
    expect((await stored(db)).get(first!.id)?.name).toBe('Renamed after a restart');
  });

  it('writes as an update a document another writer stored behind its back, one revision higher', async () => {
    const { storage } = countingStorage();
    const name = uniqueDbName('known-missed');
    const products = makeProducts(10);
    const m = pullMaster(products.slice(0, 5));
    const db = await databases.open(storage, name);
    // The first pull writes into the empty store: the wrapper keeps its keys from then on.
    expect(await pullOnce(db, m)).toEqual([]);
    await writeFromAnotherTab(name, products[7]!, '3-othertab');
    m.add(products.slice(5));

    expect(await pullOnce(db, m)).toEqual([]);
    const now = await stored(db);
    expect([...now.keys()].sort()).toEqual(products.map((p) => p.id).sort());
    // The pulled version replaced the other tab's, as an update one revision above it.
    expect(now.get(products[7]!.id)?.name).toBe(products[7]!.name);
    expect(now.get(products[7]!.id)?.rev.startsWith('4-')).toBe(true);
  });

  it('reads through in an instance that has not written, whatever others wrote', async () => {
    const { storage } = countingStorage();
    const name = uniqueDbName('known-reader');
    const products = makeProducts(3);
    const db = await databases.open(storage, name);
    // The storage instance itself: RxDB's query cache would answer a repeated findByIds without asking it.
    const read = () => db.products.storageInstance.findDocumentsById([products[0]!.id], false);
    expect(await read()).toEqual([]);
    await writeFromAnotherTab(name, products[0]!, '1-othertab');
    expect((await read()).map((d) => d.name)).toEqual(['Written by another tab']);
  });
});
