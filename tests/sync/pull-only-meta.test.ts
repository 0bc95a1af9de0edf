/**
 * Pull-only replications skip RxDB's per-document metadata reads (src/db/pull-only-meta-storage.ts) and
 * still replicate exactly: first pull, updates, deletes, and a restart resuming from the stored checkpoint.
 * The storage under the wrapper counts what reaches it; a write of per-document metadata is refused.
 */
import {
  getRxReplicationMetaInstanceSchema,
  type RxStorage,
  type RxStorageInstance,
  META_INSTANCE_SCHEMA_TITLE,
  fillWithDefaultSettings,
} from 'rxdb';
import { describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import { META_WRITE_ERROR, withPullOnlyMeta } from '../../src/db/pull-only-meta-storage';
import { productSchema } from '../../src/db/schemas/product-schema';
import { makeProducts } from '../db/support/catalog-fixtures';
import { uniqueDbName } from '../db/support/test-db';
import { pullMaster, pullToEnd, type PullMaster } from './support/pull-master';
import { fakeDexie, productsDatabases } from './support/products-db';

/** Dexie on fake-indexeddb, recording the ids every meta instance is asked for. */
function countingStorage(): { storage: RxStorage<unknown, unknown>; metaReads: string[][] } {
  const inner = fakeDexie();
  const metaReads: string[][] = [];
  const storage: RxStorage<unknown, unknown> = {
    ...inner,
    async createStorageInstance(params) {
      const instance = await inner.createStorageInstance(params);
      if (params.schema.title !== META_INSTANCE_SCHEMA_TITLE) return instance;
      const find = instance.findDocumentsById.bind(instance);
      instance.findDocumentsById = (ids, withDeleted) => {
        metaReads.push(ids);
        return find(ids, withDeleted);
      };
      return instance;
    },
  };
  return { storage, metaReads };
}

const databases = productsDatabases();

const pullOnce = (db: SoukDatabase, m: PullMaster) => pullToEnd(db, m, 'pull-only-meta-test');

async function localIds(db: SoukDatabase): Promise<string[]> {
  return (await db.products.find().exec()).map((d) => d.primary).sort();
}

describe('pull-only replication meta storage', () => {
  it('replicates pulls, updates and deletes, and resumes from its checkpoint, without one per-document meta read', async () => {
    const { storage, metaReads } = countingStorage();
    const name = uniqueDbName('meta');
    const m = pullMaster(makeProducts(60));
    let db = await databases.open(storage, name);
    await pullOnce(db, m);
    expect(await localIds(db)).toEqual(m.live().map((p) => p.id).sort());

    const [first, second] = m.live();
    m.update(first!.id, { name: 'Kaftan renamed' });
    m.remove(second!.id);
    await databases.close(db);
    db = await databases.open(storage, name);
    m.asked.length = 0;
    await pullOnce(db, m);

    // The restart asked from the stored checkpoint (the 60th document), not from the beginning.
    expect(m.asked[0]).toEqual({ updatedAt: 60, id: expect.any(String) });
    expect(await localIds(db)).toEqual(m.live().map((p) => p.id).sort());
    expect((await db.products.findOne(first!.id).exec())?.get('name')).toBe('Kaftan renamed');

    // Meta reads reached the storage only for checkpoints (`…|1`); documents' metadata (`…|0`) never did.
    expect(metaReads.length).toBeGreaterThan(0);
    expect(metaReads.flat().filter((id) => !id.endsWith('|1'))).toEqual([]);
  });

  /** A meta instance made by the wrapped storage under `collectionName`, and rows for it. */
  async function metaInstance(collectionName: string) {
    const storage = withPullOnlyMeta(fakeDexie());
    const schema = getRxReplicationMetaInstanceSchema(fillWithDefaultSettings(productSchema) as never, false);
    return (await storage.createStorageInstance({
      databaseInstanceToken: 'token',
      databaseName: uniqueDbName('meta-write'),
      collectionName,
      schema: schema as never,
      options: {},
      multiInstance: false,
      devMode: false,
    })) as RxStorageInstance<Record<string, unknown>, unknown, unknown>;
  }
  const row = (itemId: string, isCheckpoint: '0' | '1') => ({
    document: {
      id: `${itemId}|${isCheckpoint}`,
      itemId,
      isCheckpoint,
      ...(isCheckpoint === '1' ? { checkpointData: { updatedAt: 1, id: 'p1' } } : { docData: { id: itemId } }),
      _deleted: false,
      _attachments: {},
      _rev: '1-a',
      _meta: { lwt: Date.now() },
    },
  });

  it("refuses a replication's write of per-document metadata and passes its checkpoints through", async () => {
    const meta = await metaInstance('rx-replication-meta-test');
    await expect(meta.bulkWrite([row('p1', '0')], 'test')).rejects.toThrow(META_WRITE_ERROR);
    expect((await meta.bulkWrite([row('DOWN', '1')], 'test')).error).toEqual([]);
    expect((await meta.findDocumentsById(['DOWN|1', 'p1|0'], false)).map((d) => d.id)).toEqual(['DOWN|1']);
    expect(() => Object.assign(meta, { findDocumentsById: () => Promise.resolve([]) })).toThrow();
    await meta.remove();
  });

  it("leaves other instances with the meta schema alone (the schema migration's stores document metadata)", async () => {
    const meta = await metaInstance('rx-migration-state-meta-products-0');
    expect((await meta.bulkWrite([row('p1', '0'), row('DOWN', '1')], 'test')).error).toEqual([]);
    expect((await meta.findDocumentsById(['DOWN|1', 'p1|0'], false)).map((d) => d.id).sort()).toEqual(['DOWN|1', 'p1|0']);
    await meta.remove();
  });
});
