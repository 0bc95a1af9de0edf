/**
 * The listing index's snapshot (src/db/listing-index.ts toSnapshot) in a small
 * IndexedDB database of its own beside RxDB's, one record per collection, so a
 * cold start restores the index instead of reading every stored product.
 *
 * A record says which data it reflects: the RxDB database (its name and
 * storage token, which a removed and recreated database does not share), the
 * collection and its schema hash, the format of the index data, and the
 * highest `_meta.lwt` among the documents the index had applied. Whether it is
 * still current is for src/db/product-listing.ts to prove (documents written
 * since, counted live documents); this file only stores and loads it.
 *
 * Its own Dexie database rather than an RxDB local document: local documents
 * are JSON, and the typed arrays (a few MB for 50,000 products) would have to
 * be encoded; structured clone stores them as they are.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { ListingIndexSnapshot } from './listing-index';

/** Bumped whenever ListingIndexSnapshot or the meaning of its columns changes. */
export const LISTING_SNAPSHOT_FORMAT = 2;

/** What a snapshot must match to be used. */
export interface ListingSnapshotIdentity {
  database: string;
  storageToken: string;
  collection: string;
  schemaHash: string;
}

export interface ListingSnapshotRecord extends ListingSnapshotIdentity {
  format: number;
  /** Highest _meta.lwt of the stored documents (deleted ones included) the index had applied. */
  lwt: number;
  /** Live entries. */
  entries: number;
  /** Date.now() when it was taken (a clock now behind it makes the record unusable). */
  savedAt: number;
  index: ListingIndexSnapshot;
}

interface StoredRecord extends ListingSnapshotRecord {
  key: string;
}

/** Why a record cannot be used as it is, or null when its identity and format match. */
export function snapshotMismatch(record: ListingSnapshotRecord | undefined, identity: ListingSnapshotIdentity): string | null {
  if (!record) return 'none';
  if (record.format !== LISTING_SNAPSHOT_FORMAT) return 'format';
  for (const field of ['database', 'storageToken', 'collection', 'schemaHash'] as const) {
    if (record[field] !== identity[field]) return field;
  }
  if (!(typeof record.lwt === 'number' && Number.isFinite(record.lwt))) return 'lwt';
  if (!(record.savedAt <= Date.now())) return 'clock';
  return null;
}

export class ListingSnapshotStore {
  private readonly db: Dexie;
  private readonly table: Table<StoredRecord, string>;

  /** `deps` are the Dexie options of RxDB's storage (indexedDB and IDBKeyRange in tests on fake-indexeddb). */
  constructor(databaseName: string, deps: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'> = {}) {
    const options: DexieOptions = {};
    if (deps.indexedDB) options.indexedDB = deps.indexedDB;
    if (deps.IDBKeyRange) options.IDBKeyRange = deps.IDBKeyRange;
    this.db = new Dexie(`souk-listing-snapshot--${databaseName}`, options);
    this.db.version(1).stores({ snapshots: 'key' });
    this.table = this.db.table('snapshots');
  }

  async load(collection: string): Promise<ListingSnapshotRecord | undefined> {
    return this.table.get(collection);
  }

  async save(record: ListingSnapshotRecord): Promise<void> {
    await this.table.put({ ...record, key: record.collection });
  }

  async remove(collection: string): Promise<void> {
    await this.table.delete(collection);
  }

  close(): void {
    this.db.close();
  }
}
