/**
 * The product listing, one product, related products: one-shot and live.
 * Listings and related products are picked from the in-memory listing index
 * (../product-listing.ts); only the documents shown are read from storage.
 */
import { asyncScheduler, map, throttleTime, type Observable } from 'rxjs';
import { RELATED_DEFAULT_LIMIT, type Page, type ProductDoc, type ProductQuery } from '../../domain/catalog';
import { normalizeProductQuery } from '../../domain/product-query';
import type { ProductCollection } from '../database';
import { productListing, readPicked, type ProductListing } from '../product-listing';
import { distinctResults, liveRead, type ChangeSource } from './live';
import { toProductDoc } from './plain-docs';

export async function findProducts(products: ProductCollection, query: ProductQuery): Promise<Page<ProductDoc>> {
  const q = normalizeProductQuery(query);
  const { picked, docs } = await readPicked(productListing(products), (index) => index.query(q));
  return {
    items: docs,
    total: picked.total,
    page: q.page,
    perPage: q.perPage,
    lastPage: Math.max(1, Math.ceil(picked.total / q.perPage)),
  };
}

/**
 * A live listing re-reads at once after a change, then at most once per this long while changes keep coming,
 * and always after the last one. A sync writes a batch every few hundred milliseconds, and every re-read of
 * the home page's seven rows went to the page as new results to render: the renders took the main thread, and
 * with it the CPU the sync itself needed (2 cores here, as on many phones).
 */
export const LIVE_LISTING_PACE_MS = 1000;

/** Re-reads after the index has applied a batch (not before: the read must see it), paced as above. */
function indexChanges(listing: ProductListing): ChangeSource {
  return { eventBulks$: listing.changes$.pipe(throttleTime(LIVE_LISTING_PACE_MS, asyncScheduler, { leading: true, trailing: true })) };
}

/** The page and its total, both live and always from the same state of the index. */
export function watchProducts(products: ProductCollection, query: ProductQuery): Observable<Page<ProductDoc>> {
  return liveRead(indexChanges(productListing(products)), () => findProducts(products, query));
}

export async function findProduct(products: ProductCollection, id: string): Promise<ProductDoc | null> {
  const doc = await products.findOne(id).exec();
  return doc ? toProductDoc(doc) : null;
}

export function watchProduct(products: ProductCollection, id: string): Observable<ProductDoc | null> {
  return products.findOne(id).$.pipe(
    map((doc) => (doc ? toProductDoc(doc) : null)),
    distinctResults(),
  );
}

/**
 * Related products, as the server's /related: live products of the same
 * subcategory first, then of the same gender; each group by popularity
 * (sales desc, then id string desc, the 'popular' listing order); never the product itself.
 */
export async function findRelated(products: ProductCollection, id: string, limit = RELATED_DEFAULT_LIMIT): Promise<ProductDoc[]> {
  const { docs } = await readPicked(productListing(products), (index) => index.related(id, limit));
  return docs;
}

export function watchRelated(products: ProductCollection, id: string, limit = RELATED_DEFAULT_LIMIT): Observable<ProductDoc[]> {
  return liveRead(indexChanges(productListing(products)), () => findRelated(products, id, limit));
}
