/**
 * A storage wrapper that drops a read RxDB's pull-only replications make for nothing.
 *
 * Every replication in Souk pulls only (writes go out through the outbox, src/sync/outbox-replayer.ts), and for
 * a replication without push RxDB never stores per-document metadata (`skipStoringPullMeta`,
 * rxdb/plugins/replication). Its downstream still asks the meta instance for that metadata, one IndexedDB get
 * per pulled document (replication-protocol/meta-instance.ts `getAssumedMasterState`), and gets nothing. In a
 * first sync of 50,000 products those are 50,000 of its 150,000 gets (the others: the fork's current state, and
 * the Dexie storage's own read inside its bulkWrite); a profile of the data worker put the gets at 7.5 s of a
 * 72 s first sync, with IndexedDB's own process (Chromium's browser process) at a full core. Without these
 * reads the same first sync took 59.6 s instead of 63.6 s, and Chromium 90 CPU seconds instead of 96.
 *
 * So the meta instances of replications (`rx-replication-meta-…`) answer document-metadata reads (ids
 * `{docId}|0`) with nothing, without touching IndexedDB; checkpoint reads (`{direction}|1`) and every other
 * call go to the storage. Other instances with the same meta schema, such as the schema-migration plugin's
 * (`rx-migration-state-meta-…`, which does store document metadata), are left as they are. A replication
 * that stores document metadata (one with push) has its write refused with META_WRITE_ERROR, reported on its
 * `error$`: by then its upstream has already sent its documents as new (it found no metadata), so the error
 * says the assumption broke rather than preventing the first effects of breaking it.
 */
import {
  META_INSTANCE_SCHEMA_TITLE,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
} from 'rxdb';
import { proxyInstance, withWrappedInstances, type AnyInstance } from './storage-instance-proxy';

/** The replication plugin's name for its meta instances (rxdb/plugins/replication). */
const REPLICATION_META_PREFIX = 'rx-replication-meta-';

export const META_WRITE_ERROR = 'souk: replication document metadata written; the pull-only meta storage does not keep it';

/** The composed id of a meta document (`{itemId}|{isCheckpoint}`) names per-document metadata. */
function isDocumentMetaId(id: string): boolean {
  return id.endsWith('|0');
}

function isDocumentMetaRow(row: BulkWriteRow<unknown>): boolean {
  return (row.document as { isCheckpoint?: unknown }).isCheckpoint === '0';
}

function wrapMetaInstance(instance: AnyInstance): AnyInstance {
  const findDocumentsById = async (ids: string[], withDeleted: boolean): Promise<RxDocumentData<unknown>[]> => {
    const asked = ids.filter((id) => !isDocumentMetaId(id));
    return asked.length === 0 ? [] : instance.findDocumentsById(asked, withDeleted);
  };
  const bulkWrite = async (rows: BulkWriteRow<unknown>[], context: string): Promise<RxStorageBulkWriteResponse<unknown>> => {
    if (rows.some(isDocumentMetaRow)) throw new Error(META_WRITE_ERROR);
    return instance.bulkWrite(rows, context);
  };
  return proxyInstance(instance, { findDocumentsById, bulkWrite }, 'pull-only meta');
}

/** `storage`, with the meta instances of replications wrapped as above and every other instance as it is. */
export function withPullOnlyMeta<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return withWrappedInstances(storage, (instance, params) =>
    params.schema.title === META_INSTANCE_SCHEMA_TITLE && params.collectionName.startsWith(REPLICATION_META_PREFIX)
      ? wrapMetaInstance(instance)
      : null,
  );
}
