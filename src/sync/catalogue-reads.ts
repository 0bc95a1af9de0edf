/**
 * Product reads before the products are complete on this device (issue 25): while the products' first pull has
 * not finished, or in the 'viewed' catalogue mode (the products do not replicate), and the worker is online, a
 * listing, a product and its related products are answered from GET /api/sync/products/view instead of the
 * partial local database, so the first screen does not wait for the first sync.
 *
 * - 'viewed': the documents fetched are stored (as the replication stores them, toStoredProduct), so the listing
 *   index sees them and they open offline later; a product the server no longer has is removed. A stored copy is
 *   replaced only by a newer one (a view answered late never overwrites a fresher one), or by the same version with
 *   its descriptions in another language (the interface language changed). Stores run one at a time.
 * - Product reads (a page, each cart line, each sync centre entry) asked within PRODUCT_BATCH_MS of each other go
 *   out as one ids= request (at most MAX_PAGE_SIZE ids each), not one request per card.
 * - 'full': they are only answered, never stored: the replication writes the same documents, and a view fetched
 *   before a newer pulled one must not overwrite it.
 * - Offline, or when the fetch fails: the local query, as always; except in 'viewed' mode while online, where a
 *   watch ends with the error and a one-shot read rejects (the page would take the stored subset for the whole
 *   answer: 'not found'; the stock check would show a stale stock as the last synced one): the caller offers a retry.
 * - A watch answers from the server until the products' first pull completes, then follows the local query; it
 *   never emits an answer equal (by value) to the one it last gave, so a page does not render twice for nothing.
 *   Offline at first, it switches to the server when the network comes back. Each switch is a generation: only the
 *   latest one's server answer is emitted (with the connection going on and off, an older fetch may land last).
 * - A product's reviews (the 'reviews' query) in 'viewed' mode: viewed-reviews.ts.
 */
import { Observable, type Subscription } from 'rxjs';
import { MAX_PAGE_SIZE, RELATED_DEFAULT_LIMIT, type ProductDoc } from '../domain/catalog';
import type { SoukDatabase } from '../db/database';
import { distinctResults } from '../db/queries/live';
import { runDataQuery, watchDataQuery } from '../db/queries/query-api';
import { toStoredProduct } from '../db/query-fields';
import type { CatalogueMode, DataQuery, ResultOf } from '../workers/data-api';
import type { OnlineSignal } from './online-signal';
import type { SyncStatusStore } from './sync-status';
import type { ViewTransport } from './transport/view-transport';
import { ViewedReviews } from './viewed-reviews';

/** The query kinds the view endpoint answers. */
export type ViewedQuery = Extract<DataQuery, { kind: 'products' | 'product' | 'related' | 'reviews' }>;
type ProductRead = Exclude<ViewedQuery, { kind: 'reviews' }>;

export function isViewedQuery(q: DataQuery): q is ViewedQuery {
  return q.kind === 'products' || q.kind === 'product' || q.kind === 'related' || q.kind === 'reviews';
}

export interface CatalogueReadsOptions {
  db: SoukDatabase;
  transport: ViewTransport;
  online: OnlineSignal;
  status: SyncStatusStore;
  mode: () => CatalogueMode;
}

const PRODUCT_ID = /^\d{1,15}$/;

/** Product reads asked within this long of the first are fetched together (one ids= request). */
export const PRODUCT_BATCH_MS = 15;

interface Waiting {
  resolve(doc: ProductDoc | null): void;
  reject(error: unknown): void;
}

/** The same texts (language → text), whatever their key order. */
function sameTexts(a: Readonly<Record<string, string | undefined>> | undefined, b: Readonly<Record<string, string | undefined>>): boolean {
  if (a === undefined) return false;
  const keys = (t: Readonly<Record<string, string | undefined>>) => Object.keys(t).filter((k) => t[k] !== undefined);
  const ak = keys(a);
  return ak.length === keys(b).length && ak.every((k) => a[k] === b[k]);
}

export class CatalogueReads {
  /** Product ids asked and not yet fetched (the next batch), each with its readers. */
  private batch: Map<string, Waiting[]> | null = null;
  /** keep() runs one at a time: its read-compare-write must not interleave with another's. */
  private keeping: Promise<void> = Promise.resolve();
  private readonly reviews: ViewedReviews;

  constructor(private readonly o: CatalogueReadsOptions) {
    this.reviews = new ViewedReviews(o);
  }

  /**
   * The local database answers: the products replicate ('full') and their first pull finished, now or in an
   * earlier session. In 'viewed' mode never (what is stored is not kept current: a view refreshes it).
   */
  private complete(): boolean {
    return this.o.mode() === 'full' && this.o.status.get().collections.products.initialDone;
  }

  private useServer(): boolean {
    return !this.complete() && this.o.online.isOnline();
  }

  /**
   * A one-shot read: from the server while the products are incomplete and online, else local. On failure: local,
   * except in 'viewed' mode while online, where it rejects (the stored subset is not the answer).
   */
  async run<Q extends ViewedQuery>(q: Q): Promise<ResultOf<Q>> {
    if (q.kind === 'reviews') return this.reviews.run(q) as Promise<ResultOf<Q>>;
    return this.runProducts(q as Q & ProductRead);
  }

  private async runProducts<Q extends ProductRead>(q: Q): Promise<ResultOf<Q>> {
    if (this.useServer()) {
      if (this.o.mode() === 'viewed') return this.fetch(q);
      const answer = await this.fetch(q).catch(() => undefined);
      if (answer !== undefined) return answer;
    }
    return runDataQuery(this.o.db, q);
  }

  /** A live read: see the file's comment. */
  watch<Q extends ViewedQuery>(q: Q): Observable<ResultOf<Q>> {
    if (q.kind === 'reviews') return this.reviews.watch(q) as Observable<ResultOf<Q>>;
    return this.watchProducts(q as Q & ProductRead);
  }

  private watchProducts<Q extends ProductRead>(q: Q): Observable<ResultOf<Q>> {
    return new Observable<ResultOf<Q>>((subscriber) => {
      let source: 'server' | 'local' | null = null;
      let current: Subscription | null = null;
      let closed = false;
      /** Bumped by every switch: a server answer of an earlier one (still in flight) is dropped. */
      let generation = 0;
      const follow = (next: 'server' | 'local') => {
        generation += 1;
        const mine = generation;
        source = next;
        current?.unsubscribe();
        current = null;
        if (next === 'local') {
          current = watchDataQuery(this.o.db, q).subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => subscriber.error(error),
          });
          return;
        }
        this.fetch(q).then(
          (answer) => {
            if (!closed && mine === generation) subscriber.next(answer);
          },
          (error: unknown) => {
            if (closed || mine !== generation) return;
            // 'viewed' and still online: the page takes the stored subset for the final answer (a product 'not
            // found', a listing with a partial total), so the read fails and the page offers a retry.
            if (this.o.mode() === 'viewed' && this.o.online.isOnline()) {
              subscriber.error(error);
              return;
            }
            // Failed: what is stored, until the network comes back or the products complete.
            follow('local');
          },
        );
      };
      follow(this.useServer() ? 'server' : 'local');
      // The products completed: the local query from now on (a server answer stays until then, offline too).
      const unsubscribeStatus = this.o.status.subscribe(() => {
        if (!closed && source === 'server' && this.complete()) follow('local');
      });
      // Back online before the products completed: ask the server again.
      const unsubscribeOnline = this.o.online.subscribe((isOnline) => {
        if (!closed && isOnline && source === 'local' && !this.complete()) follow('server');
      });
      return () => {
        closed = true;
        unsubscribeStatus();
        unsubscribeOnline();
        current?.unsubscribe();
      };
    }).pipe(distinctResults());
  }

  private async fetch<Q extends ProductRead>(q: Q): Promise<ResultOf<Q>> {
    const t = this.o.transport;
    switch (q.kind) {
      case 'products': {
        const page = await t.listing(q.query);
        await this.keep(page.items);
        return page as ResultOf<Q>;
      }
      case 'product': {
        if (!PRODUCT_ID.test(q.id)) throw new RangeError('not a product id the server knows');
        return (await this.productById(q.id)) as ResultOf<Q>;
      }
      case 'related': {
        if (!PRODUCT_ID.test(q.id)) throw new RangeError('not a product id the server knows');
        const docs = await t.related(q.id, q.limit ?? RELATED_DEFAULT_LIMIT);
        await this.keep(docs);
        return docs as ResultOf<Q>;
      }
      default:
        throw new RangeError('not a product read');
    }
  }

  /** One product by id, fetched with the other product reads of the same moment (see PRODUCT_BATCH_MS). */
  private productById(id: string): Promise<ProductDoc | null> {
    return new Promise<ProductDoc | null>((resolve, reject) => {
      let batch = this.batch;
      if (batch === null) {
        batch = new Map();
        this.batch = batch;
        setTimeout(() => this.flushProducts(), PRODUCT_BATCH_MS);
      }
      const key = String(Number(id));
      batch.set(key, [...(batch.get(key) ?? []), { resolve, reject }]);
    });
  }

  private flushProducts(): void {
    const batch = this.batch;
    this.batch = null;
    if (batch === null) return;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
      const chunk = ids.slice(i, i + MAX_PAGE_SIZE);
      const answer = async () => {
        const docs = await this.o.transport.byIds(chunk);
        const byId = new Map(docs.map((d) => [d.id, d]));
        await this.keep(docs, chunk.filter((id) => !byId.has(id)));
        return byId;
      };
      answer().then(
        (byId) => {
          for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? null);
        },
        (error: unknown) => {
          for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
        },
      );
    }
  }

  /**
   * 'viewed' mode: stores the documents fetched (those not stored, stored in an older version, or stored with
   * their descriptions in another language) and removes the stored products the server said it no longer has.
   * An older document than the stored one is never written. 'full' mode: nothing (the replication writes them).
   */
  keep(docs: readonly ProductDoc[], gone: readonly string[] = []): Promise<void> {
    const run = this.keeping.catch(() => undefined).then(() => this.store(docs, gone));
    this.keeping = run;
    return run;
  }

  private async store(docs: readonly ProductDoc[], gone: readonly string[]): Promise<void> {
    if (this.o.mode() !== 'viewed') return;
    const products = this.o.db.products;
    const stored = await products.findByIds([...docs.map((d) => d.id), ...gone]).exec();
    const changed = new Map<string, ReturnType<typeof toStoredProduct<ProductDoc>>>();
    for (const d of docs) {
      const next = toStoredProduct(d);
      const have = changed.get(d.id) ?? stored.get(d.id);
      if (have === undefined || next.updatedAt > have.updatedAt) changed.set(d.id, next);
      else if (next.updatedAt === have.updatedAt && !sameTexts(have.descriptions, next.descriptions)) changed.set(d.id, next);
    }
    if (changed.size > 0) await products.bulkUpsert([...changed.values()]);
    const removed = gone.filter((id) => stored.has(id));
    if (removed.length > 0) await products.bulkRemove(removed);
  }
}
