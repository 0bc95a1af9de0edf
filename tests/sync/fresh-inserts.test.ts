/**
 * A first sync's new documents go straight into the Dexie table (src/db/dexie-fresh-inserts.ts, used by
 * src/db/known-keys-storage.ts): added, not put after a read; RxDB still hears of every one (its change events,
 * live queries); what it stores and the events it emits are the storage's own, tombstones included; a key another
 * writer stored meanwhile falls back to the storage's own write and its conflict, while any other failed add
 * writes nothing; and an instance the path must not write for (dev mode, validation, another storage, compressed
 * keys) is left alone.
 */
import { IDBObjectStore } from 'fake-indexeddb';
import type { BulkWriteRow } from 'rxdb';
import type { RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateZSchemaStorage } from 'rxdb/plugins/validate-z-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshInsertWriter } from '../../src/db/dexie-fresh-inserts';
import type { AnyInstance } from '../../src/db/storage-instance-proxy';
import type { ProductDoc } from '../../src/domain/catalog';
import { makeProducts } from '../db/support/catalog-fixtures';
import { uniqueDbName } from '../db/support/test-db';
import { pullMaster, pullToEnd } from './support/pull-master';
import { fakeDexie, productsDatabases, productsInstanceParams, writeFromAnotherTab } from './support/products-db';

/** Counts adds and puts into the products documents store of any database. */
function countWrites() {
  const counts = { add: 0, put: 0 };
  const isProducts = (store: IDBObjectStore) => store.name === 'docs' && store.transaction.db.name.endsWith('--products');
  const add = IDBObjectStore.prototype.add;
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (isProducts(this)) counts.add += 1;
    return add.apply(this, args);
  });
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (isProducts(this)) counts.put += 1;
    return put.apply(this, args);
  });
  return counts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const databases = productsDatabases();

describe('fresh inserts', () => {
  it('adds a first sync into an empty store straight to IndexedDB, and RxDB hears of every document', async () => {
    const counts = countWrites();
    const m = pullMaster(makeProducts(60));
    const db = await databases.open(fakeDexie(), uniqueDbName('fresh'));
    const inserted: string[] = [];
    const checkpoints: unknown[] = [];
    const sub = db.products.eventBulks$.subscribe((bulk) => {
      for (const e of bulk.events) if (e.operation === 'INSERT') inserted.push(e.documentId);
      checkpoints.push(bulk.checkpoint);
    });
    const live: number[] = [];
    const query = db.products.find().$.subscribe((docs) => live.push(docs.length));

    expect(await pullToEnd(db, m, 'fresh-test')).toEqual([]);
    expect(counts).toEqual({ add: 60, put: 0 });
    expect(inserted.sort()).toEqual(m.live().map((p) => p.id).sort());
    await vi.waitFor(() => expect(live.at(-1)).toBe(60));
    // The events carry the storage's checkpoint of the newest document written.
    expect(checkpoints.at(-1)).toEqual({ id: expect.any(String), lwt: expect.any(Number) });

    // An update of a stored document takes the storage's own path.
    const [first] = m.live();
    m.update(first!.id, { name: 'Kaftan renamed' });
    expect(await pullToEnd(db, m, 'fresh-test')).toEqual([]);
    expect(counts).toEqual({ add: 60, put: 1 });
    expect((await db.products.findOne(first!.id).exec())?.get('name')).toBe('Kaftan renamed');
    sub.unsubscribe();
    query.unsubscribe();
  });

  it('leaves a key stored meanwhile to the storage, which reports the conflict the wrapper then repairs', async () => {
    const counts = countWrites();
    const name = uniqueDbName('fresh-taken');
    const products = makeProducts(10);
    const m = pullMaster(products.slice(0, 5));
    const db = await databases.open(fakeDexie(), name);
    expect(await pullToEnd(db, m, 'fresh-test')).toEqual([]);

    await writeFromAnotherTab(name, products[7]!, '3-othertab');
    expect(counts).toEqual({ add: 5, put: 1 });

    m.add(products.slice(5));
    expect(await pullToEnd(db, m, 'fresh-test')).toEqual([]);
    // Five adds tried, four taken; the taken key went through the storage's write (409), then as an update.
    expect(counts).toEqual({ add: 10, put: 2 });
    const stored = new Map((await db.products.find().exec()).map((d) => [d.primary, d]));
    expect([...stored.keys()].sort()).toEqual(products.map((p: ProductDoc) => p.id).sort());
    expect(stored.get(products[7]!.id)?.get('name')).toBe(products[7]!.name);
    expect(stored.get(products[7]!.id)?.revision.startsWith('4-')).toBe(true);
  });

  /** Insert rows as the replication writes them: three products and one tombstone pulled before any stored version. */
  function insertRows(): BulkWriteRow<unknown>[] {
    return makeProducts(4).map((p, i) => ({
      document: { ...p, _deleted: i === 2, _attachments: {}, _rev: `1-rev${i}`, _meta: { lwt: 1_000 + i, 'souk-test': 1 } },
    }));
  }

  async function storedRecords(instance: AnyInstance): Promise<unknown[]> {
    const state = await (instance as unknown as RxStorageInstanceDexie<unknown>).internals;
    return state.dexieTable.toArray();
  }

  it('stores what the storage itself stores, tombstones included, and emits the same events', async () => {
    const name = uniqueDbName('fresh-same');
    const ordinary = (await fakeDexie().createStorageInstance(productsInstanceParams(`${name}-ordinary`))) as AnyInstance;
    const direct = (await fakeDexie().createStorageInstance(productsInstanceParams(`${name}-direct`))) as AnyInstance;
    const bulks: Array<Array<{ events: unknown; checkpoint: unknown; context: string }>> = [[], []];
    const subs = [ordinary, direct].map((instance, i) =>
      instance.changeStream().subscribe((bulk) => bulks[i]!.push({ events: bulk.events, checkpoint: bulk.checkpoint, context: bulk.context })),
    );
    const context = 'replication-downstream-fresh-test';
    expect((await ordinary.bulkWrite(insertRows(), context)).error).toEqual([]);
    expect((await freshInsertWriter(direct, 'id')!(insertRows(), context)).error).toEqual([]);

    const [theirs, ours] = [await storedRecords(ordinary), await storedRecords(direct)];
    expect(ours).toHaveLength(4);
    expect(ours).toEqual(theirs);
    expect(bulks[1]).toEqual(bulks[0]);
    // The tombstone is stored as the storage stores it, with no event of its own.
    expect((bulks[1]![0]!.events as unknown[]).length).toBe(3);
    for (const sub of subs) sub.unsubscribe();
    await ordinary.remove();
    await direct.remove();
  });

  it('writes nothing when an add fails for a reason other than a taken key', async () => {
    const direct = (await fakeDexie().createStorageInstance(productsInstanceParams(uniqueDbName('fresh-abort')))) as AnyInstance;
    const rows = insertRows();
    // No primary key: IndexedDB refuses that add with a DataError, which aborts the whole transaction.
    delete (rows[3]!.document as { id?: string }).id;
    await expect(freshInsertWriter(direct, 'id')!(rows, 'replication-downstream-fresh-test')).rejects.toThrow();
    expect(await storedRecords(direct)).toEqual([]);
    await direct.remove();
  });

  it('does not write for an instance under dev-mode validation or of another storage', async () => {
    const name = uniqueDbName('fresh-none');
    const bare = (await fakeDexie().createStorageInstance(productsInstanceParams(name))) as AnyInstance;
    const validated = (await wrappedValidateZSchemaStorage({ storage: fakeDexie() }).createStorageInstance(
      productsInstanceParams(`${name}-validated`),
    )) as AnyInstance;
    const devMode = (await fakeDexie().createStorageInstance(productsInstanceParams(`${name}-dev`, { devMode: true }))) as AnyInstance;
    const memory = (await getRxStorageMemory().createStorageInstance(productsInstanceParams(`${name}-memory`))) as AnyInstance;
    expect(freshInsertWriter(bare, 'id')).not.toBeNull();
    expect(freshInsertWriter(validated, 'id')).toBeNull();
    expect(freshInsertWriter(devMode, 'id')).toBeNull();
    expect(freshInsertWriter(memory, 'id')).toBeNull();
    // Property names as RxDB's key compression gives them (its wrapper hands the storage keyCompression: false).
    const compressedSchema = {
      version: 0,
      primaryKey: 'id',
      type: 'object',
      properties: { id: { type: 'string', maxLength: 20 }, details: { type: 'object', properties: { '|a': { type: 'string' } } } },
      required: ['id'],
    };
    const compressed = (await fakeDexie().createStorageInstance(productsInstanceParams(`${name}-compressed`, { schema: compressedSchema }))) as AnyInstance;
    expect(freshInsertWriter(compressed, 'id')).toBeNull();
    for (const instance of [bare, validated, devMode, memory, compressed]) await instance.remove();
  });
});
