/**
 * Binds the in-memory ListingIndex (listing-index.ts) to the products
 * collection: one per collection instance, created on first use (the data
 * worker creates it as soon as the database is open, so the build starts
 * before the first listing is asked for).
 *
 * - Current: it follows the collection's eventBulks$, which carries every
 *   committed write of this instance (the replication's included) and, with
 *   multiInstance, those of other tabs over RxDB's BroadcastChannel.
 * - Built at open from storage in primary-key chunks, so at most one chunk of
 *   full documents is in memory at a time. Events that arrive meanwhile are
 *   applied at once; a document version is only ever replaced by a newer one
 *   (revision height), so chunk reads and events can interleave in any order.
 * - Every applied batch bumps `version` and emits on `changes$`, after the
 *   index is up to date: live reads re-run on that signal.
 */
import { prepareQuery, type RxChangeEventBulk, type RxDocumentData } from 'rxdb';
import { Subject, type Observable, type Subscription } from 'rxjs';
import type { ProductDoc } from '../domain/catalog';
import type { ListingIndexStatus } from '../workers/data-api';
import type { ProductCollection } from './database';
import { ListingIndex, type Picked } from './listing-index';
import { toProductDoc } from './queries/plain-docs';
import type { StoredProduct } from './query-fields';

/** Documents per primary-key chunk while building (≈2 KB each). */
export const BUILD_CHUNK = 2000;

export interface ProductListingOptions {
  /** Documents per chunk while building (default BUILD_CHUNK). */
  chunkSize?: number;
  /** Build through the storage's query even on Dexie (tests of that path). */
  storageQueryOnly?: boolean;
}

/** The height of an RxDB revision ('12-abc…' → 12): it grows by one with every write of a document. */
export function revisionHeight(rev: string): number {
  return parseInt(rev, 10);
}

export type { ListingIndexStatus };

export class ProductListing {
  readonly index = new ListingIndex();
  private readonly changed = new Subject<void>();
  /** Emits after each batch of changes has been applied to the index. */
  readonly changes$: Observable<void> = this.changed.asObservable();
  private readonly sub: Subscription;
  /** Revision heights of documents deleted while the build runs, so a chunk read earlier cannot revive them. */
  private tombstones: Map<string, number> | null = new Map();
  private build: Promise<void> | null = null;
  private state: ListingIndexStatus['state'] = 'building';
  private buildMs: number | null = null;
  private buildReadMs: number | null = null;
  private error: string | null = null;
  private closed = false;

  private readonly chunkSize: number;
  private readonly storageQueryOnly: boolean;

  constructor(
    readonly products: ProductCollection,
    options: ProductListingOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? BUILD_CHUNK;
    this.storageQueryOnly = options.storageQueryOnly ?? false;
    // Subscribe before reading anything: whatever commits after this point arrives as an event.
    this.sub = products.eventBulks$.subscribe((bulk) => this.onBulk(bulk as RxChangeEventBulk<StoredProduct>));
    products.onClose.push(() => this.close());
  }

  /** Resolves once the index holds the whole collection; starts (or restarts after a failure) the build. */
  whenReady(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ProductListing: collection closed'));
    if (!this.build) {
      this.state = 'building';
      this.error = null;
      this.build = this.runBuild().catch((error: unknown) => {
        this.state = 'failed';
        this.error = error instanceof Error ? error.message : String(error);
        this.build = null;
        throw error;
      });
    }
    return this.build;
  }

  status(): ListingIndexStatus {
    return {
      state: this.state,
      entries: this.index.size,
      buildMs: this.buildMs,
      buildReadMs: this.buildReadMs,
      approxBytes: this.index.approxBytes(),
      error: this.error,
    };
  }

  /** Resolves at the next applied change, or after timeoutMs. */
  nextChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const sub = this.changes$.subscribe(done);
      function done() {
        clearTimeout(timer);
        sub.unsubscribe();
        resolve();
      }
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sub.unsubscribe();
    this.changed.complete();
    if (LISTINGS.get(this.products) === this) LISTINGS.delete(this.products);
  }

  private async runBuild(): Promise<void> {
    const started = performance.now();
    this.tombstones ??= new Map();
    let applyMs = 0;
    await readStoredInChunks(this.products, { chunkSize: this.chunkSize, storageQueryOnly: this.storageQueryOnly }, (documents) => {
      if (this.closed) throw new Error('ProductListing: collection closed while building');
      const applyStarted = performance.now();
      for (const doc of documents) this.apply(doc, false);
      applyMs += performance.now() - applyStarted;
    });
    if (this.closed) throw new Error('ProductListing: collection closed while building');
    this.tombstones = null;
    this.index.trim();
    this.buildMs = performance.now() - started;
    this.buildReadMs = this.buildMs - applyMs;
    this.state = 'ready';
    // Readers waited for the build; this tells live reads that started meanwhile to read again.
    this.announce();
  }

  private onBulk(bulk: RxChangeEventBulk<StoredProduct>): void {
    if (bulk.isLocal) return;
    let changed = false;
    for (const event of bulk.events) {
      const doc = event.documentData ?? event.previousDocumentData;
      if (!doc) continue;
      changed = this.apply(doc, event.operation === 'DELETE') || changed;
    }
    if (changed) this.announce();
  }

  /** Applies one version of a document unless the index already has a newer one. */
  private apply(doc: RxDocumentData<StoredProduct>, deleted: boolean): boolean {
    const height = revisionHeight(doc._rev);
    const known = this.index.stampOf(doc.id) ?? this.tombstones?.get(doc.id);
    if (known !== undefined && height < known) return false;
    if (deleted || doc._deleted) {
      this.tombstones?.set(doc.id, height);
      return this.index.remove(doc.id);
    }
    this.tombstones?.delete(doc.id);
    this.index.upsert(doc, height);
    return true;
  }

  private announce(): void {
    this.changed.next();
  }
}

type StoredDoc = RxDocumentData<StoredProduct>;

/** What the build needs of RxDB's Dexie storage instance (RxStorageInstanceDexie.internals). */
interface DexieInternals {
  booleanIndexes: string[];
  dexieTable: {
    orderBy(index: ':id'): DexieCollection & { primaryKeys(): Promise<string[]> };
    where(index: ':id'): {
      between(lower: string, upper: string, includeLower: boolean, includeUpper: boolean): DexieCollection;
      aboveOrEqual(key: string): DexieCollection;
    };
  };
}
interface DexieCollection {
  toArray(): Promise<unknown[]>;
}

/** The Dexie storage under RxDB's wrappers (dev-mode validation, the collection's own), if that is the storage. */
async function dexieInternals(products: ProductCollection): Promise<DexieInternals | null> {
  let instance: unknown = products.storageInstance;
  for (let depth = 0; depth < 8 && typeof instance === 'object' && instance !== null; depth++) {
    const { internals, originalStorageInstance } = instance as { internals?: unknown; originalStorageInstance?: unknown };
    if (internals instanceof Promise) {
      const state = (await internals) as Partial<DexieInternals> | null;
      return state?.dexieTable && Array.isArray(state.booleanIndexes) ? (state as DexieInternals) : null;
    }
    instance = originalStorageInstance;
  }
  return null;
}

/** Reads in flight at once on Dexie: the next chunks are read while the last one is decoded. */
const PARALLEL_READS = 3;

/**
 * Hands every stored product to onChunk, a chunk of primary keys at a time, so
 * at most a few chunks of full documents are in memory at once. Deleted
 * documents may be among them (onChunk skips them); the order of chunks is not
 * guaranteed.
 *
 * On RxDB's Dexie storage: the primary keys first (one getAllKeys), then the
 * chunks as key ranges, each one IndexedDB getAll, a few in flight. RxDB's own
 * query walks a cursor document by document and deep-copies each one to map
 * Dexie's key names: several times slower for a full read. The stored rows are
 * RxDB's documents except for indexed booleans, which Dexie keeps as '1'/'0':
 * with no boolean field indexed that is only RxDB's _deleted. Otherwise, and on
 * any other storage, the storage's query, chunk after chunk.
 */
async function readStoredInChunks(
  products: ProductCollection,
  options: { chunkSize: number; storageQueryOnly: boolean },
  onChunk: (documents: StoredDoc[]) => void,
): Promise<void> {
  const dexie = options.storageQueryOnly ? null : await dexieInternals(products);
  if (dexie && dexie.booleanIndexes.every((field) => field === '_deleted')) {
    const table = dexie.dexieTable;
    // Documents written after this list arrive as change events (the listing subscribed first).
    const keys = await table.orderBy(':id').primaryKeys();
    const starts: string[] = [];
    for (let i = 0; i < keys.length; i += options.chunkSize) starts.push(keys[i] as string);
    let next = 0;
    const worker = async () => {
      while (next < starts.length) {
        const k = next++;
        const lower = starts[k] as string;
        const upper = starts[k + 1];
        const range = upper === undefined ? table.where(':id').aboveOrEqual(lower) : table.where(':id').between(lower, upper, true, false);
        const rows = (await range.toArray()) as (Omit<StoredDoc, '_deleted'> & { _deleted: unknown })[];
        onChunk(rows.map((row) => Object.assign(row, { _deleted: row._deleted === '1' || row._deleted === true })));
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
    const query = prepareQuery<StoredProduct>(schema, { selector: selector as never, sort: [{ id: 'asc' }], skip: 0, limit: options.chunkSize });
    const { documents } = await storage.query(query);
    onChunk(documents);
    const last = documents.at(-1);
    if (!last || documents.length < options.chunkSize) return;
    after = last.id;
  }
}

const LISTINGS = new WeakMap<ProductCollection, ProductListing>();

/** The listing index of this collection instance (created, and subscribed, on first call). */
export function productListing(products: ProductCollection): ProductListing {
  let listing = LISTINGS.get(products);
  if (!listing) {
    listing = new ProductListing(products);
    LISTINGS.set(products, listing);
  }
  return listing;
}

/** How many times a read retries when the documents it fetched are not the versions the index ranked. */
const MAX_STALE_READS = 10;
/** How long a stale read waits for the index to catch up (the event of a write it already saw). */
const STALE_WAIT_MS = 50;

/**
 * Picks ids from the index (synchronously, so a page and its total come from
 * one state), then fetches only those documents by primary key. A fetched
 * document whose revision differs from the one the index ranked (a write
 * committed whose event has not been applied yet, e.g. from another tab)
 * makes the pick stale: wait for the index to catch up and pick again.
 * Waits for the build first.
 */
export async function readPicked<P extends Picked>(
  listing: ProductListing,
  pick: (index: ListingIndex) => P,
): Promise<{ picked: P; docs: ProductDoc[] }> {
  await listing.whenReady();
  for (let attempt = 0; ; attempt++) {
    const version = listing.index.version;
    const picked = pick(listing.index);
    const found = picked.ids.length > 0 ? await listing.products.findByIds(picked.ids).exec() : null;
    const docs: ProductDoc[] = [];
    let stale = false;
    picked.ids.forEach((id, i) => {
      const doc = found?.get(id);
      if (!doc || revisionHeight(doc.revision) !== picked.stamps[i]) stale = true;
      if (doc) docs.push(toProductDoc(doc));
    });
    if (!stale || attempt >= MAX_STALE_READS) return { picked, docs };
    if (listing.index.version === version) await listing.nextChange(STALE_WAIT_MS);
  }
}
