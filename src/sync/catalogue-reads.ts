/**
 * Product reads before the products are complete on this device (issue 25): while the products' first pull has
 * not finished, or in the 'viewed' catalogue mode (the products do not replicate), and the worker is online, a
 * listing, a product and its related products are answered from GET /api/sync/products/view instead of the
 * partial local database, so the first screen does not wait for the first sync.
 *
 * - 'viewed': the documents fetched are stored (as the replication stores them, toStoredProduct), so the listing
 *   index sees them and they open offline later; a product the server no longer has is removed.
 * - 'full': they are only answered, never stored: the replication writes the same documents, and a view fetched
 *   before a newer pulled one must not overwrite it.
 * - Offline, or when the fetch fails: the local query, as always.
 * - A watch answers from the server until the products' first pull completes, then follows the local query; it
 *   never emits an answer equal (by value) to the one it last gave, so a page does not render twice for nothing.
 *   Offline at first, it switches to the server when the network comes back.
 */
import { Observable, type Subscription } from 'rxjs';
import { RELATED_DEFAULT_LIMIT, type ProductDoc } from '../domain/catalog';
import type { SoukDatabase } from '../db/database';
import { distinctResults } from '../db/queries/live';
import { runDataQuery, watchDataQuery } from '../db/queries/query-api';
import { toStoredProduct } from '../db/query-fields';
import type { CatalogueMode, DataQuery, ResultOf } from '../workers/data-api';
import type { OnlineSignal } from './online-signal';
import type { SyncStatusStore } from './sync-status';
import type { ViewTransport } from './transport/view-transport';

/** The query kinds the view endpoint answers. */
export type ViewedQuery = Extract<DataQuery, { kind: 'products' | 'product' | 'related' }>;

export function isViewedQuery(q: DataQuery): q is ViewedQuery {
  return q.kind === 'products' || q.kind === 'product' || q.kind === 'related';
}

export interface CatalogueReadsOptions {
  db: SoukDatabase;
  transport: ViewTransport;
  online: OnlineSignal;
  status: SyncStatusStore;
  mode: () => CatalogueMode;
}

const PRODUCT_ID = /^\d{1,15}$/;

export class CatalogueReads {
  constructor(private readonly o: CatalogueReadsOptions) {}

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

  /** A one-shot read: from the server while the products are incomplete and online, else (or on failure) local. */
  async run<Q extends ViewedQuery>(q: Q): Promise<ResultOf<Q>> {
    if (this.useServer()) {
      const answer = await this.fetch(q).catch(() => undefined);
      if (answer !== undefined) return answer;
    }
    return runDataQuery(this.o.db, q);
  }

  /** A live read: see the file's comment. */
  watch<Q extends ViewedQuery>(q: Q): Observable<ResultOf<Q>> {
    return new Observable<ResultOf<Q>>((subscriber) => {
      let source: 'server' | 'local' | null = null;
      let current: Subscription | null = null;
      let closed = false;
      const follow = (next: 'server' | 'local') => {
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
            if (!closed && source === 'server') subscriber.next(answer);
          },
          () => {
            // Failed: what is stored, until the network comes back or the products complete.
            if (!closed && source === 'server') follow('local');
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

  private async fetch<Q extends ViewedQuery>(q: Q): Promise<ResultOf<Q>> {
    const t = this.o.transport;
    switch (q.kind) {
      case 'products': {
        const page = await t.listing(q.query);
        await this.keep(page.items);
        return page as ResultOf<Q>;
      }
      case 'product': {
        if (!PRODUCT_ID.test(q.id)) throw new RangeError('not a product id the server knows');
        const [doc = null] = await t.byIds([q.id]);
        await this.keep(doc ? [doc] : [], doc ? [] : [q.id]);
        return doc as ResultOf<Q>;
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

  /**
   * 'viewed' mode: stores the documents fetched (those whose stored copy is older or missing) and removes the
   * stored products the server said it no longer has. 'full' mode: nothing (the replication writes them).
   */
  async keep(docs: readonly ProductDoc[], gone: readonly string[] = []): Promise<void> {
    if (this.o.mode() !== 'viewed') return;
    const products = this.o.db.products;
    const stored = await products.findByIds([...docs.map((d) => d.id), ...gone]).exec();
    const changed = docs.filter((d) => stored.get(d.id)?.updatedAt !== d.updatedAt);
    if (changed.length > 0) await products.bulkUpsert(changed.map((d) => toStoredProduct(d)));
    const removed = gone.filter((id) => stored.has(id));
    if (removed.length > 0) await products.bulkRemove(removed);
  }
}
