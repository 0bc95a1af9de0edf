/**
 * Inserts of documents known to be new, written straight into a Dexie storage instance's table: the known-keys
 * wrapper's first-sync path (src/db/known-keys-storage.ts).
 *
 * RxDB's Dexie storage reads every key of a write inside its transaction before it puts anything (its
 * `getDocsInDb`, to find conflicts), then deep-copies each document to rename keys that begin with `|` (key
 * compression, which Souk does not use). For a first sync into an empty store the reads all find nothing and
 * the copies change nothing, and both run while IndexedDB waits for the puts: 1.3–2 s of a 17 s first sync of
 * 50,000 products in Chromium here (the same build with and without them, runs alternated).
 *
 * Here IndexedDB itself finds the conflicts: the documents are added (`bulkAdd`), and a key already stored fails
 * its own add with a ConstraintError without failing the others. Those rows then go through the storage's
 * ordinary write, which reports its usual 409. The change events are RxDB's own (`categorizeBulkWriteRows`
 * of the written rows against nothing stored, as the storage computes them), emitted on the instance's change
 * stream like the storage's, which also carries them to other tabs.
 *
 * Only a bare Dexie instance qualifies: not in dev mode, and with its own bulkWrite (RxDB's wrappers, schema
 * validation among them, replace it, and must not be passed by); with no attachments and no key compression
 * (nor compressed `|` property names). Any other instance gets null. A write with a boolean index on a nested
 * field, or a row without a revision, goes whole to the storage's ordinary write.
 */
import Dexie, { type BulkError } from 'dexie';
import {
  categorizeBulkWriteRows,
  type BulkWriteRow,
  type EventBulk,
  type RxDocumentData,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageDefaultCheckpoint,
} from 'rxdb';
import { RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import type { AnyInstance } from './storage-instance-proxy';

type Row = BulkWriteRow<unknown>;
type ChangeBulk = EventBulk<RxStorageChangeEvent<RxDocumentData<unknown>>, RxStorageDefaultCheckpoint>;

/**
 * Writes `rows` (inserts of keys not stored as far as the caller knows), as the instance's bulkWrite would: rows
 * whose key was taken go to that bulkWrite after all, and its answer (their conflicts) is the answer.
 */
export type FreshInsertWriter = (rows: Row[], context: string) => Promise<RxStorageBulkWriteResponse<unknown>>;

interface ChangeSubject {
  next(bulk: ChangeBulk): void;
}

function isChangeSubject(value: unknown): value is ChangeSubject {
  return typeof (value as { next?: unknown } | null)?.next === 'function';
}

function isBulkError(error: unknown): error is BulkError {
  return error instanceof Dexie.BulkError;
}

/**
 * Whether any property name of `schema`, at any depth, starts with `|`: the names RxDB's key compression gives,
 * which the storage renames as it stores them. (The key-compression wrapper hands the storage its compressed
 * schema with `keyCompression` off, so that flag alone does not tell.)
 */
function hasPipeKeys(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { properties, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
  if (properties && Object.entries(properties).some(([name, sub]) => name.startsWith('|') || hasPipeKeys(sub))) return true;
  return Array.isArray(items) ? items.some(hasPipeKeys) : hasPipeKeys(items);
}

/** The writer for `instance`, or null when it is not a bare Dexie instance this can write for. */
export function freshInsertWriter(instance: AnyInstance, primaryPath: string): FreshInsertWriter | null {
  if (!(instance instanceof RxStorageInstanceDexie) || instance.devMode) return null;
  // RxDB's wrappers (schema validation among them) replace the instance's own bulkWrite: this must not pass them by.
  if (Object.hasOwn(instance, 'bulkWrite') || instance.bulkWrite !== RxStorageInstanceDexie.prototype.bulkWrite) return null;
  const schema = instance.schema;
  if (schema.attachments || schema.keyCompression || hasPipeKeys(schema)) return null;
  // The storage's change stream is a private Subject: without it the events could not be sent.
  const changes$: unknown = (instance as unknown as { changes$?: unknown }).changes$;
  if (!isChangeSubject(changes$)) return null;
  const dexie = instance;

  return async (rows, context) => {
    if (dexie.closed) throw new Error(`souk: the ${dexie.collectionName} storage instance is closed`);
    const state = await dexie.internals;
    // Nested boolean indexes, or a row without a revision (the storage refuses it): all the ordinary way.
    if (state.booleanIndexes.some((path) => path.includes('.')) || rows.some((row) => !row.document._rev)) {
      return dexie.bulkWrite(rows, context);
    }
    // What fromStorageToDexie stores for these documents: a shallow copy with boolean index fields as '1'/'0'.
    const records = rows.map((row) => {
      const record: Record<string, unknown> = { ...(row.document as Record<string, unknown>) };
      for (const path of state.booleanIndexes) record[path] = record[path] ? '1' : '0';
      return record;
    });
    const taken = new Set<number>();
    await state.dexieDb.transaction('rw', state.dexieTable, async () => {
      try {
        await state.dexieTable.bulkAdd(records);
      } catch (error) {
        // Only keys already stored are left for the ordinary write; anything else aborts the whole transaction.
        if (!isBulkError(error)) throw error;
        for (const [position, failure] of Object.entries(error.failuresByPos)) {
          if (failure.name !== 'ConstraintError') throw error;
          taken.add(Number(position));
        }
      }
    });
    const written = taken.size === 0 ? [...rows] : rows.filter((_, i) => !taken.has(i));
    if (written.length > 0) {
      const categorized = categorizeBulkWriteRows(dexie, primaryPath as never, new Map(), written, context);
      const newest = categorized.newestRow?.document as RxDocumentData<Record<string, string>> | undefined;
      if (categorized.eventBulk.events.length > 0 && newest) {
        categorized.eventBulk.checkpoint = { id: newest[primaryPath] as string, lwt: newest._meta.lwt };
        changes$.next(categorized.eventBulk as ChangeBulk);
      }
    }
    return taken.size === 0 ? { error: [] } : dexie.bulkWrite(rows.filter((_, i) => taken.has(i)), context);
  };
}
