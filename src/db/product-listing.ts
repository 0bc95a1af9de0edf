/**
 * Binds the in-memory ListingIndex (listing-index.ts) to the products
 * collection: one per collection instance, created on first use (the data
 * worker creates it as soon as the database is open, so it is ready, or
 * nearly, before the first listing is asked for).
 *
 * - Current: it follows the collection's eventBulks$, which carries every
 *   committed write of this instance (the replication's included) and, with
 *   multiInstance, those of other tabs over RxDB's BroadcastChannel.
 * - Ready at open from a snapshot when one is provably current, else built.
 *   Snapshot (listing-snapshot.ts, RxDB's Dexie storage only): the whole index
 *   plus the highest `_meta.lwt` it had applied, saved SNAPSHOT_DELAY_MS after
 *   the last applied batch (at most SNAPSHOT_MAX_WAIT_MS after the first
 *   unsaved one) and only when the index changed. A restore applies the
 *   documents written since that lwt (less RESTORE_MARGIN_MS, for writes that
 *   committed out of lwt order), read with RxDB's _meta.lwt index, tombstones
 *   removing entries; then the index must hold exactly as many entries as the
 *   storage holds live documents (counted in the same read transaction), or
 *   the snapshot is dropped and the index built. That catches what the lwt
 *   read cannot see: tombstones purged by a cleanup (this database runs no
 *   cleanup on products), a collection emptied and filled again.
 * - Built from storage in primary-key chunks, so at most a few chunks of
 *   full documents are in memory at a time. Events that arrive meanwhile are
 *   applied at once; a document version is only ever replaced by a newer one
 *   (revision height), so chunk reads and events can interleave in any order.
 *   During a restore, events wait until the snapshot's index is in place.
 * - Every applied batch bumps `version` and emits on `changes$`, after the
 *   index is up to date: live reads re-run on that signal.
 */
import type { RxChangeEventBulk, RxDocumentData } from 'rxdb';
import { Subject, type Observable, type Subscription } from 'rxjs';
import type { ProductDoc } from '../domain/catalog';
import type { ListingIndexStatus } from '../workers/data-api';
import type { ProductCollection } from './database';
import { ListingIndex, type Picked } from './listing-index';
import { LISTING_SNAPSHOT_FORMAT, ListingSnapshotStore, snapshotMismatch, type ListingSnapshotIdentity } from './listing-snapshot';
import { toProductDoc } from './queries/plain-docs';
import { fromStoredTexts, type StoredProduct } from './query-fields';
import { dexieProducts, readStoredInChunks, readWrittenSince, type DexieProducts } from './stored-products';

/** Documents per primary-key chunk while building (≈2 KB each). */
export const BUILD_CHUNK = 2000;
/** A snapshot is saved this long after the last applied batch… */
export const SNAPSHOT_DELAY_MS = 1000;
/** …but no later than this after the first change it lacks (a long sync saves along the way). */
export const SNAPSHOT_MAX_WAIT_MS = 5000;
/** A restore re-reads documents this much older than the snapshot's lwt (writes commit in lwt order only nearly). */
export const RESTORE_MARGIN_MS = 1000;

export interface ProductListingOptions {
  /** Documents per chunk while building (default BUILD_CHUNK). */
  chunkSize?: number;
  /** Build through the storage's query even on Dexie (tests of that path); no snapshots then. */
  storageQueryOnly?: boolean;
  /** Save and restore snapshots on Dexie (default true). */
  snapshots?: boolean;
  /** Default SNAPSHOT_DELAY_MS. */
  snapshotDelayMs?: number;
}

/** The height of an RxDB revision ('12-abc…' → 12): it grows by one with every write of a document. */
export function revisionHeight(rev: string): number {
  return parseInt(rev, 10);
}

export type { ListingIndexStatus };

type StoredDoc = RxDocumentData<StoredProduct>;
type Bulk = RxChangeEventBulk<StoredProduct>;

export class ProductListing {
  /** Replaced (before it is ready) by a snapshot's index, or by an empty one when a snapshot is dropped. */
  index = new ListingIndex();
  private readonly changed = new Subject<void>();
  /** Emits after each batch of changes has been applied to the index. */
  readonly changes$: Observable<void> = this.changed.asObservable();
  private readonly sub: Subscription;
  /** Revision heights of documents deleted while the build runs, so a chunk read earlier cannot revive them. */
  private tombstones: Map<string, number> | null = new Map();
  /** Events held while a snapshot is loaded (applied once its index is in place). */
  private pending: Bulk[] | null = null;
  /** Highest _meta.lwt among the document versions seen (applied or older than the index's). */
  private maxLwt = 0;
  private build: Promise<void> | null = null;
  private state: ListingIndexStatus['state'] = 'building';
  private readyBy: ListingIndexStatus['readyBy'] = null;
  private readyMs: number | null = null;
  private snapshotNote: string | null = null;
  private snapshotSaveMs: number | null = null;
  private buildMs: number | null = null;
  private buildReadMs: number | null = null;
  private error: string | null = null;
  private closed = false;

  private store: ListingSnapshotStore | null = null;
  private identity: ListingSnapshotIdentity | null = null;
  /** index.version when the stored snapshot was saved or restored. */
  private savedVersion = -1;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsavedSince: number | null = null;
  private saving: Promise<void> | null = null;

  private readonly chunkSize: number;
  private readonly storageQueryOnly: boolean;
  private readonly snapshots: boolean;
  private readonly snapshotDelayMs: number;

  constructor(
    readonly products: ProductCollection,
    options: ProductListingOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? BUILD_CHUNK;
    this.storageQueryOnly = options.storageQueryOnly ?? false;
    this.snapshots = options.snapshots ?? true;
    this.snapshotDelayMs = options.snapshotDelayMs ?? SNAPSHOT_DELAY_MS;
    // Subscribe before reading anything: whatever commits after this point arrives as an event.
    this.sub = products.eventBulks$.subscribe((bulk) => this.onBulk(bulk as Bulk));
    products.onClose.push(() => this.close());
  }

  /** Resolves once the index holds the whole collection; starts (or restarts after a failure) the restore or build. */
  whenReady(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ProductListing: collection closed'));
    if (!this.build) {
      this.state = 'building';
      this.error = null;
      this.build = this.start().catch((error: unknown) => {
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
      readyBy: this.readyBy,
      readyMs: this.readyMs,
      snapshotNote: this.snapshotNote,
      snapshotSaveMs: this.snapshotSaveMs,
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

  /**
   * Saves the snapshot now if the index changed since the last one (the timer
   * does it on its own; tests and shutdown call it). Resolves when stored.
   */
  async saveSnapshot(): Promise<void> {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.unsavedSince = null;
    await this.saving;
    const { store, identity } = this;
    if (!store || !identity || this.closed || this.state !== 'ready' || this.index.version === this.savedVersion) return;
    const version = this.index.version;
    const started = performance.now();
    const record = {
      ...identity,
      format: LISTING_SNAPSHOT_FORMAT,
      lwt: this.maxLwt,
      entries: this.index.size,
      savedAt: Date.now(),
      index: this.index.toSnapshot(),
    };
    this.saving = store.save(record).then(
      () => {
        this.snapshotSaveMs = performance.now() - started;
        this.savedVersion = Math.max(this.savedVersion, version);
        this.saving = null;
        if (this.index.version !== this.savedVersion) this.scheduleSave();
      },
      (error: unknown) => {
        this.saving = null;
        throw error;
      },
    );
    await this.saving;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sub.unsubscribe();
    this.changed.complete();
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    const store = this.store;
    if (store) void Promise.resolve(this.saving).catch(() => undefined).then(() => store.close());
    if (LISTINGS.get(this.products) === this) LISTINGS.delete(this.products);
  }

  private async start(): Promise<void> {
    const started = performance.now();
    const dexie = this.storageQueryOnly ? null : await dexieProducts(this.products);
    if (dexie && this.snapshots) {
      try {
        this.snapshotNote = await this.restore(dexie, started);
      } catch (error) {
        this.snapshotNote = `unusable: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (this.closed) throw new Error('ProductListing: collection closed while restoring');
      if (this.snapshotNote.startsWith('restored')) {
        this.ready('snapshot', started);
        return;
      }
      // Start over on an empty index with the events held meanwhile (the build's chunk reads cannot revive them).
      this.index = new ListingIndex();
      this.maxLwt = 0;
      this.tombstones = new Map();
      this.flushPending();
    }
    await this.runBuild(dexie);
    this.ready('build', started);
  }

  /** Restores the index from the stored snapshot: 'restored …' with figures when done, else why the snapshot was not used. */
  private async restore(dexie: DexieProducts, started: number): Promise<string> {
    this.pending = [];
    const database = this.products.database;
    this.store ??= new ListingSnapshotStore(database.name, dexie.settings);
    this.identity ??= {
      database: database.name,
      storageToken: await database.storageToken,
      collection: this.products.name,
      schemaHash: await this.products.schema.hash,
    };
    const record = await this.store.load(this.identity.collection);
    const mismatch = snapshotMismatch(record, this.identity);
    if (mismatch !== null || !record) return mismatch ?? 'none';
    const loadedMs = performance.now() - started;
    const { documents, live } = await readWrittenSince(dexie, record.lwt - RESTORE_MARGIN_MS);
    if (this.closed) return 'closed';
    const index = ListingIndex.fromSnapshot(record.index);
    if (index.size !== record.entries) return 'entries';
    this.index = index;
    this.maxLwt = record.lwt;
    this.tombstones = null;
    for (const doc of documents) {
      // The margin re-reads versions the snapshot has: leave those alone (no change, nothing to save).
      if (!doc._deleted && this.index.stampOf(doc.id) === revisionHeight(doc._rev)) this.seen(doc);
      else this.apply(doc, false);
    }
    if (this.index.size !== live) return `count: ${this.index.size} entries, ${live} stored`;
    this.savedVersion = this.index.version;
    this.flushPending();
    return `restored: loaded in ${loadedMs.toFixed(0)} ms, then ${documents.length} documents written since`;
  }

  private async runBuild(dexie: DexieProducts | null): Promise<void> {
    const started = performance.now();
    this.tombstones ??= new Map();
    let applyMs = 0;
    await readStoredInChunks(this.products, dexie, this.chunkSize, (documents) => {
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
  }

  private ready(by: 'snapshot' | 'build', started: number): void {
    this.readyBy = by;
    this.readyMs = performance.now() - started;
    this.state = 'ready';
    this.scheduleSave();
    // Readers waited for the index; this tells live reads that started meanwhile to read again.
    this.announce();
  }

  private onBulk(bulk: Bulk): void {
    if (bulk.isLocal) return;
    if (this.pending) {
      this.pending.push(bulk);
      return;
    }
    if (this.applyBulk(bulk)) {
      this.announce();
      this.scheduleSave();
    }
  }

  private applyBulk(bulk: Bulk): boolean {
    let changed = false;
    for (const event of bulk.events) {
      const doc = event.documentData ?? event.previousDocumentData;
      if (!doc) continue;
      changed = this.apply(doc, event.operation === 'DELETE') || changed;
    }
    return changed;
  }

  private flushPending(): void {
    const held = this.pending ?? [];
    this.pending = null;
    for (const bulk of held) this.applyBulk(bulk);
  }

  /** Applies one version of a document unless the index already has a newer one. */
  private apply(doc: StoredDoc, deleted: boolean): boolean {
    this.seen(doc);
    const height = revisionHeight(doc._rev);
    const known = this.index.stampOf(doc.id) ?? this.tombstones?.get(doc.id);
    if (known !== undefined && height < known) return false;
    if (deleted || doc._deleted) {
      this.tombstones?.set(doc.id, height);
      return this.index.remove(doc.id);
    }
    this.tombstones?.delete(doc.id);
    // The stored texts are packed (query-fields.ts): the index folds them as they read.
    this.index.upsert({ ...doc, names: fromStoredTexts(doc.names), category_names: fromStoredTexts(doc.category_names) }, height);
    return true;
  }

  private seen(doc: StoredDoc): void {
    const lwt = doc._meta?.lwt;
    if (typeof lwt === 'number' && lwt > this.maxLwt) this.maxLwt = lwt;
  }

  /** Saves SNAPSHOT_DELAY_MS after the last change, at most SNAPSHOT_MAX_WAIT_MS after the first unsaved one. */
  private scheduleSave(): void {
    if (!this.store || this.closed || this.state !== 'ready' || this.saving || this.index.version === this.savedVersion) return;
    const now = Date.now();
    this.unsavedSince ??= now;
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    const wait = Math.max(0, Math.min(this.snapshotDelayMs, this.unsavedSince + SNAPSHOT_MAX_WAIT_MS - now));
    this.saveTimer = setTimeout(() => void this.saveSnapshot().catch(() => undefined), wait);
  }

  private announce(): void {
    this.changed.next();
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
