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
  private error: string | null = null;
  private closed = false;

  private readonly chunkSize: number;

  constructor(
    readonly products: ProductCollection,
    options: ProductListingOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? BUILD_CHUNK;
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
    const storage = this.products.storageInstance;
    const schema = this.products.schema.jsonSchema;
    let after: string | null = null;
    for (;;) {
      if (this.closed) throw new Error('ProductListing: collection closed while building');
      const selector: Record<string, unknown> = { _deleted: { $eq: false } };
      if (after !== null) selector.id = { $gt: after };
      const { documents } = await storage.query(
        prepareQuery<StoredProduct>(schema, {
          selector: selector as never,
          sort: [{ id: 'asc' }],
          skip: 0,
          limit: this.chunkSize,
        }),
      );
      let changed = false;
      for (const doc of documents) changed = this.apply(doc, false) || changed;
      if (changed) this.announce();
      const last = documents.at(-1);
      if (!last || documents.length < this.chunkSize) break;
      after = last.id;
    }
    this.tombstones = null;
    this.buildMs = performance.now() - started;
    this.state = 'ready';
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
