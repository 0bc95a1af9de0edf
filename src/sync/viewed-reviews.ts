/**
 * A product's reviews in the 'viewed' catalogue mode (issue 25). The reviews replicate after the products, so in
 * 'viewed' (the products never replicate) they never arrive, and the product page's reviews list stayed empty
 * while the product said "4.5 (12 reviews)". There, and online, a reviews read first fetches the product's reviews
 * from the view (`reviews=<id>`: its live reviews, the latest VIEW_REVIEWS_MAX), stores them as the replication
 * would (a stored review is replaced only by a newer one; the product's stored reviews the server no longer lists
 * are removed), then answers with the local query, so filters, sort, paging and summary are the local query's.
 *
 * - Offline, or when the fetch fails: the local query over what is stored.
 * - A watch emits the local answer (after the fetch, so the list does not show "no reviews" first) and follows it;
 *   when the network comes back, the reviews are fetched again and the local query follows the store.
 * - Reads of the same product at the same moment (the summary and the list) share one fetch.
 * - 'full' mode: the local query alone (the reviews replicate).
 */
import { Observable, type Subscription } from 'rxjs';
import type { ReviewDoc } from '../domain/social';
import type { SoukDatabase } from '../db/database';
import { runDataQuery, watchDataQuery } from '../db/queries/query-api';
import { normalizeReviewsQuery } from '../db/queries/reviews';
import type { CatalogueMode, DataQuery, ReviewsPage } from '../workers/data-api';
import type { OnlineSignal } from './online-signal';
import type { ViewTransport } from './transport/view-transport';

export type ReviewsRead = Extract<DataQuery, { kind: 'reviews' }>;

export interface ViewedReviewsOptions {
  db: SoukDatabase;
  transport: ViewTransport;
  online: OnlineSignal;
  mode: () => CatalogueMode;
}

/** Product ids the view takes (the local query takes longer ones: those are simply not on the server). */
const SERVER_PRODUCT_ID = /^\d{1,15}$/;

export class ViewedReviews {
  /** The fetch of each product's reviews in flight: readers of the same moment share it. */
  private readonly fetching = new Map<string, Promise<void>>();
  /** Stores run one at a time: a read-compare-write must not interleave with another's. */
  private storing: Promise<void> = Promise.resolve();

  constructor(private readonly o: ViewedReviewsOptions) {}

  private useServer(productId: string): boolean {
    return this.o.mode() === 'viewed' && this.o.online.isOnline() && SERVER_PRODUCT_ID.test(productId);
  }

  /** A one-shot read: fetched and stored first in 'viewed' mode while online; always answered locally. */
  async run(q: ReviewsRead): Promise<ReviewsPage> {
    normalizeReviewsQuery(q);
    if (this.useServer(q.productId)) await this.refresh(q.productId).catch(() => undefined);
    return runDataQuery(this.o.db, q);
  }

  /** A live read: see the file's comment. A query the local one refuses throws here, as the local watch does. */
  watch(q: ReviewsRead): Observable<ReviewsPage> {
    normalizeReviewsQuery(q);
    return new Observable<ReviewsPage>((subscriber) => {
      let closed = false;
      let local: Subscription | null = null;
      const followLocal = () => {
        if (closed || local !== null) return;
        local = watchDataQuery(this.o.db, q).subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => subscriber.error(error),
        });
      };
      // A failed fetch leaves what is stored: the local query answers.
      const refresh = () => void this.refresh(q.productId).catch(() => undefined).then(followLocal);
      if (this.useServer(q.productId)) refresh();
      else followLocal();
      const unsubscribeOnline = this.o.online.subscribe((isOnline) => {
        if (!closed && isOnline && this.useServer(q.productId)) refresh();
      });
      return () => {
        closed = true;
        unsubscribeOnline();
        local?.unsubscribe();
      };
    });
  }

  /** Fetches the product's reviews and stores them (shared by the reads of the same moment). */
  refresh(productId: string): Promise<void> {
    const key = String(Number(productId));
    const running = this.fetching.get(key);
    if (running) return running;
    const run = this.o.transport
      .reviews(key)
      .then((docs) => this.keep(Number(key), docs))
      .finally(() => this.fetching.delete(key));
    this.fetching.set(key, run);
    return run;
  }

  private keep(productId: number, docs: readonly ReviewDoc[]): Promise<void> {
    const run = this.storing.catch(() => undefined).then(() => this.store(productId, docs));
    this.storing = run;
    return run;
  }

  /** The replication's outcome for this product: its listed reviews stored (newer ones only), the others removed. */
  private async store(productId: number, docs: readonly ReviewDoc[]): Promise<void> {
    if (this.o.mode() !== 'viewed') return;
    const reviews = this.o.db.reviews;
    const stored = await reviews.find({ selector: { productId: { $eq: productId } } }).exec();
    const updatedAt = new Map(stored.map((d) => [d.id, d.updatedAt]));
    const listed = new Set<string>();
    const changed: ReviewDoc[] = [];
    for (const d of docs) {
      if (d.productId !== productId) continue;
      listed.add(d.id);
      const have = updatedAt.get(d.id);
      if (have === undefined || d.updatedAt > have) changed.push(d);
    }
    if (changed.length > 0) await reviews.bulkUpsert(changed);
    const removed = stored.filter((d) => !listed.has(d.id)).map((d) => d.id);
    if (removed.length > 0) await reviews.bulkRemove(removed);
  }
}
