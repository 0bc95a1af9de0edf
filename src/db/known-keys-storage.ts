/**
 * A storage wrapper for the replicated catalogue collections: during a first sync it answers reads of documents
 * it knows are not stored without asking IndexedDB.
 *
 * RxDB's replication reads the current state of every pulled document before writing it (downstream's
 * `findDocumentsById`), one IndexedDB get each: 2,000 a batch, 50,000 for a first sync of the catalogue, all
 * finding nothing because the collection started empty.
 *
 * How it knows: at its first write (only the tab that replicates writes these collections), an instance asks its
 * storage for one document of any kind, tombstones included. A store holding one, or a look that fails, is left
 * alone for good: every call goes through. An empty store starts a set of the keys that may be stored: every key
 * written through this instance (added before the write, so the set never misses one of its own) and every key
 * in the storage's change stream (other tabs' writes, though only the leading tab replicates). A read asks the
 * storage only for the keys in the set and answers the others as absent. The first write of stored keys only
 * (live updates: the fill is over) drops the set, and every call goes through from then on. Before its first
 * write an instance passes every call through, so a tab that does not replicate never answers from a set.
 *
 * Should the set still miss a stored document (a write it never heard of), the insert RxDB then makes
 * conflicts (409: the storage's bulkWrite reads what it overwrites), and RxDB's downstream would drop that
 * conflict silently; so for the replication's writes this wrapper writes such rows again as updates of what is
 * stored, one revision higher, and the pulled document is never lost. Any other writer gets its conflict.
 */
import {
  getChangedDocumentsSince,
  getHeightOfRevision,
  getPrimaryFieldOfPrimaryKey,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageWriteError,
  type RxStorageWriteErrorConflict,
} from 'rxdb';
import type { Subscription } from 'rxjs';
import { freshInsertWriter } from './dexie-fresh-inserts';
import { proxyInstance, withWrappedInstances, type AnyInstance } from './storage-instance-proxy';

type Mode =
  /** No write through this instance yet (a tab that does not replicate stays so): every call goes through. */
  | { kind: 'undecided' }
  /** Its first write is looking at the store. */
  | { kind: 'deciding'; decided: Promise<void> }
  /** The store was empty at the first write: `keys` may be stored (a superset of them), no other key is. */
  | { kind: 'tracking'; keys: Set<string>; subscription: Subscription }
  /** The store was not empty, the look failed, or the fill is over: every call goes through for good. */
  | { kind: 'through' };

/** The replication's downstream writes with this context (rxdb replication-protocol, downstreamBulkWriteFlag). */
const DOWNSTREAM_CONTEXT = 'replication-downstream';

/** `rev` one height above `over`, with `rev`'s own writer token. */
function revisionAbove(rev: string, over: string): string {
  return `${getHeightOfRevision(over) + 1}-${rev.slice(rev.indexOf('-') + 1)}`;
}

function isConflict(error: RxStorageWriteError<unknown>): error is RxStorageWriteErrorConflict<unknown> {
  return error.status === 409;
}

function wrapInstance(instance: AnyInstance, primaryPath: string): AnyInstance {
  const keyOf = (doc: unknown) => (doc as Record<string, string>)[primaryPath] as string;
  let mode: Mode = { kind: 'undecided' };
  /** Straight into the Dexie table for a batch of assumed-new inserts (dexie-fresh-inserts.ts), where it can. */
  const fresh = freshInsertWriter(instance, primaryPath);
  /** The mode now (after an await it may have moved on: the instance closed meanwhile). */
  const current = (): Mode => mode;

  const stopTracking = () => {
    if (mode.kind === 'tracking') mode.subscription.unsubscribe();
    mode = { kind: 'through' };
  };

  /** At the first write: track the keys if the store is empty, else go through for good. */
  const decide = async (): Promise<void> => {
    if (mode.kind === 'deciding') return mode.decided;
    if (mode.kind !== 'undecided') return;
    const decided = (async () => {
      const keys = new Set<string>();
      // Subscribed before the look: a write that commits meanwhile is in the set either way.
      const subscription = instance.changeStream().subscribe((bulk) => {
        for (const event of bulk.events) keys.add(event.documentId);
      });
      try {
        // One document of any kind, tombstones included (RxDB's helper queries the storage where it has no method).
        const any = await getChangedDocumentsSince(instance, 1);
        if (any.documents.length === 0 && current().kind === 'deciding') {
          mode = { kind: 'tracking', keys, subscription };
          return;
        }
      } catch {
        // Going through is always right; the write itself will say what is wrong with the storage.
      }
      subscription.unsubscribe();
      if (current().kind === 'deciding') mode = { kind: 'through' };
    })();
    mode = { kind: 'deciding', decided };
    return decided;
  };

  const findDocumentsById = async (ids: string[], withDeleted: boolean): Promise<RxDocumentData<unknown>[]> => {
    if (mode.kind !== 'tracking') return instance.findDocumentsById(ids, withDeleted);
    const keys = mode.keys;
    const maybe = ids.filter((id) => keys.has(id));
    return maybe.length === 0 ? [] : instance.findDocumentsById(maybe, withDeleted);
  };

  const bulkWrite = async (rows: BulkWriteRow<unknown>[], context: string): Promise<RxStorageBulkWriteResponse<unknown>> => {
    await decide();
    if (mode.kind !== 'tracking') return instance.bulkWrite(rows, context);
    const keys = mode.keys;
    // Inserts of keys the set did not have: the rows this wrapper answered as absent.
    const assumedNew = new Set<string>();
    for (const row of rows) {
      const key = keyOf(row.document);
      if (!row.previous && !keys.has(key)) assumedNew.add(key);
      keys.add(key);
    }
    // A write of stored keys only: the store is filled (live updates from here on). Its set goes.
    if (assumedNew.size === 0) stopTracking();
    const downstream = context.startsWith(DOWNSTREAM_CONTEXT);
    const response =
      fresh && downstream && assumedNew.size === rows.length
        ? await fresh(rows, context)
        : await instance.bulkWrite(rows, context);
    // Only the replication's own writes are repaired; any other writer hears of its conflict as usual.
    const missed = downstream
      ? response.error.filter(isConflict).filter((e) => assumedNew.has(e.documentId))
      : [];
    if (missed.length === 0) return response;
    const again = missed.map((e) => ({
      previous: e.documentInDb,
      document: { ...e.writeRow.document, _rev: revisionAbove(e.writeRow.document._rev, e.documentInDb._rev) },
    }));
    const retried = await instance.bulkWrite(again, context);
    const healed = new Set(missed.map((e) => e.documentId));
    return { error: [...response.error.filter((e) => !healed.has(e.documentId)), ...retried.error] };
  };

  return proxyInstance(
    instance,
    {
      findDocumentsById,
      bulkWrite,
      close: () => {
        stopTracking();
        return instance.close();
      },
      remove: () => {
        stopTracking();
        return instance.remove();
      },
    },
    'known-keys',
  );
}

/** `storage`, with the instances of these collections wrapped as above and every other instance as it is. */
export function withKnownKeys<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  collections: readonly string[],
): RxStorage<Internals, Options> {
  return withWrappedInstances(storage, (instance, params) =>
    collections.includes(params.collectionName)
      ? wrapInstance(instance, getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string)
      : null,
  );
}
