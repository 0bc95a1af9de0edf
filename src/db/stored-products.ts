/**
 * Reading the products collection's storage as the listing index needs it
 * (src/db/product-listing.ts): every stored document, a chunk at a time, for a
 * full build; the documents written since a `_meta.lwt` together with the
 * count of live documents, for a restore from a snapshot. On RxDB's Dexie
 * storage both go to Dexie directly (RxDB's own query walks a cursor and
 * deep-copies each document: several times slower for such reads).
 */
import { prepareQuery, type RxDocumentData } from 'rxdb';
import type { DexieOptions } from 'dexie';
import type { ProductCollection } from './database';
import type { StoredProduct } from './query-fields';

export type StoredDoc = RxDocumentData<StoredProduct>;

interface DexieCollection {
  toArray(): Promise<unknown[]>;
  count(): Promise<number>;
}
/** What these reads need of RxDB's Dexie storage instance (RxStorageInstanceDexie.internals). */
interface DexieInternals {
  booleanIndexes: string[];
  dexieDb: { transaction<T>(mode: 'r', table: unknown, scope: () => Promise<T>): Promise<T> };
  dexieTable: {
    orderBy(index: ':id'): DexieCollection & { primaryKeys(): Promise<string[]> };
    where(index: string): {
      between(lower: unknown, upper: unknown, includeLower: boolean, includeUpper: boolean): DexieCollection;
      aboveOrEqual(key: string): DexieCollection;
      above(key: number): DexieCollection;
    };
  };
}

/** RxDB's Dexie storage under the products collection, when that is its storage and its rows are RxDB's documents. */
export interface DexieProducts {
  internals: DexieInternals;
  /** The Dexie options RxDB's storage was created with (indexedDB, IDBKeyRange). */
  settings: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;
  primaryPath: string;
}

/**
 * The Dexie storage under RxDB's wrappers (dev-mode validation, the collection's own), if that is the
 * storage. Its stored rows are RxDB's documents except for indexed booleans, which Dexie keeps as
 * '1'/'0': usable only when no boolean field but RxDB's _deleted is indexed.
 */
export async function dexieProducts(products: ProductCollection): Promise<DexieProducts | null> {
  type Instance = { internals?: unknown; originalStorageInstance?: unknown; settings?: DexieProducts['settings']; primaryPath?: string };
  // The innermost instance: the wrappers share its internals but not its settings.
  let instance = products.storageInstance as Instance;
  for (let depth = 0; depth < 8 && typeof instance.originalStorageInstance === 'object' && instance.originalStorageInstance !== null; depth++) {
    instance = instance.originalStorageInstance as Instance;
  }
  if (!(instance.internals instanceof Promise)) return null;
  const state = (await instance.internals) as Partial<DexieInternals> | null;
  const usable = state?.dexieTable && state.dexieDb && Array.isArray(state.booleanIndexes) && state.booleanIndexes.every((f) => f === '_deleted');
  return usable ? { internals: state as DexieInternals, settings: instance.settings ?? {}, primaryPath: instance.primaryPath ?? 'id' } : null;
}

type DexieRow = Omit<StoredDoc, '_deleted'> & { _deleted: unknown };

function fromDexieRows(rows: unknown[]): StoredDoc[] {
  return (rows as DexieRow[]).map((row) => Object.assign(row, { _deleted: row._deleted === '1' || row._deleted === true }));
}

/** Reads in flight at once on Dexie: the next chunks are read while the last one is decoded. */
const PARALLEL_READS = 3;

/**
 * Hands every stored product to onChunk, a chunk of primary keys at a time, so
 * at most a few chunks of full documents are in memory at once. Deleted
 * documents may be among them (onChunk skips them); the order of chunks is not
 * guaranteed.
 *
 * On Dexie (`dexie` given): the primary keys first (one getAllKeys), then the
 * chunks as key ranges, each one IndexedDB getAll, a few in flight. Otherwise
 * the storage's query, chunk after chunk.
 */
export async function readStoredInChunks(
  products: ProductCollection,
  dexie: DexieProducts | null,
  chunkSize: number,
  onChunk: (documents: StoredDoc[]) => void,
): Promise<void> {
  if (dexie) {
    const table = dexie.internals.dexieTable;
    // Documents written after this list arrive as change events (the listing subscribed first).
    const keys = await table.orderBy(':id').primaryKeys();
    const starts: string[] = [];
    for (let i = 0; i < keys.length; i += chunkSize) starts.push(keys[i] as string);
    let next = 0;
    const worker = async () => {
      while (next < starts.length) {
        const k = next++;
        const lower = starts[k] as string;
        const upper = starts[k + 1];
        const range = upper === undefined ? table.where(':id').aboveOrEqual(lower) : table.where(':id').between(lower, upper, true, false);
        onChunk(fromDexieRows(await range.toArray()));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
    return;
  }
  const storage = products.storageInstance;
  const schema = products.schema.jsonSchema;
  let after: string | null = null;
  for (;;) {
    const selector: Record<string, unknown> = { _deleted: { $eq: false } };
    if (after !== null) selector.id = { $gt: after };
    const query = prepareQuery<StoredProduct>(schema, { selector: selector as never, sort: [{ id: 'asc' }], skip: 0, limit: chunkSize });
    const { documents } = await storage.query(query);
    onChunk(documents);
    const last = documents.at(-1);
    if (!last || documents.length < chunkSize) return;
    after = last.id;
  }
}

/**
 * In one read transaction (one state of the storage): the documents whose
 * `_meta.lwt` is above `lwt`, tombstones included (through RxDB's _meta.lwt
 * index, not a full scan), and how many live documents there are (counted on
 * RxDB's [_deleted+id] index without reading them).
 */
export async function readWrittenSince(dexie: DexieProducts, lwt: number): Promise<{ documents: StoredDoc[]; live: number }> {
  const { dexieDb, dexieTable } = dexie.internals;
  return dexieDb.transaction('r', dexieTable, async () => {
    const rows = await dexieTable.where('_meta.lwt').above(lwt).toArray();
    // '' is below every string key and [] above every one.
    const live = await dexieTable.where(`[_deleted+${dexie.primaryPath}]`).between(['0', ''], ['0', []], true, false).count();
    return { documents: fromDexieRows(rows), live };
  });
}
