/**
 * The seller's reads (issue 23, docs/SELLERS.md "Offline"): the own shop, the products (search, status filter, one
 * page) and the orders (by status, or those to handle) from the seller's mirror (seller-mirror.ts), with the
 * seller's queued writes laid over them (seller-overlay.ts), each with when its part was fetched (null: never).
 */
import { combineLatest, defer, map, type Observable } from 'rxjs';
import { MAX_PAGE_SIZE } from '../../domain/catalog-constants';
import type { DataQuery, SellerOrdersView, SellerProductsPage, SellerShopView } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import type { OutboxEntry } from '../outbox-entry';
import { filterSellerOrders, filterSellerProducts, pageOfList, readSellerMirror, watchSellerMirror, type SellerMirror } from '../seller-mirror';
import { sellerOverlayEntries, withQueuedSellerChanges, type SellerMirrorView } from '../seller-overlay';
import { distinctResults } from './live';

type ProductsQuery = Extract<DataQuery, { kind: 'sellerProducts' }>;
type OrdersQuery = Extract<DataQuery, { kind: 'sellerOrders' }>;

/** The products' page size when the query gives none. */
export const SELLER_PRODUCTS_PER_PAGE = 20;

function checkProductsQuery(q: ProductsQuery): void {
  const perPage = q.perPage ?? SELLER_PRODUCTS_PER_PAGE;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PAGE_SIZE) throw new RangeError(`perPage must be 1..${MAX_PAGE_SIZE}, got ${perPage}`);
  if (q.page !== undefined && (!Number.isInteger(q.page) || q.page < 1)) throw new RangeError(`page must be a positive whole number, got ${q.page}`);
}

export const sellerShopOf = (view: SellerMirrorView): SellerShopView => ({ shop: view.shop?.data ?? null, savedAt: view.shop?.savedAt ?? null });

export function sellerProductsOf(view: SellerMirrorView, q: ProductsQuery): SellerProductsPage {
  const matching = filterSellerProducts(view.products, { search: q.search, status: q.status });
  return { ...pageOfList(matching, q.page, q.perPage ?? SELLER_PRODUCTS_PER_PAGE), savedAt: view.productsSavedAt };
}

export const sellerOrdersOf = (view: SellerMirrorView, q: OrdersQuery): SellerOrdersView => ({
  data: filterSellerOrders(view.orders, q.status),
  savedAt: view.ordersSavedAt,
});

async function readView(db: SoukDatabase): Promise<SellerMirrorView> {
  const [mirror, entries] = await Promise.all([readSellerMirror(db), sellerOverlayEntries(db).exec()]);
  return withQueuedSellerChanges(
    mirror,
    entries.map((e) => e.toMutableJSON()),
  );
}

function watchView(db: SoukDatabase): Observable<SellerMirrorView> {
  return combineLatest([watchSellerMirror(db), sellerOverlayEntries(db).$]).pipe(
    map(([mirror, entries]: [SellerMirror, { toMutableJSON(): OutboxEntry }[]]) =>
      withQueuedSellerChanges(
        mirror,
        entries.map((e) => e.toMutableJSON()),
      ),
    ),
  );
}

export const findSellerShop = async (db: SoukDatabase): Promise<SellerShopView> => sellerShopOf(await readView(db));
export const watchSellerShop = (db: SoukDatabase): Observable<SellerShopView> => watchView(db).pipe(map(sellerShopOf), distinctResults());

export async function findSellerProducts(db: SoukDatabase, q: ProductsQuery): Promise<SellerProductsPage> {
  checkProductsQuery(q);
  return sellerProductsOf(await readView(db), q);
}
/** An invalid query ends the watch with its RangeError (DataError invalid_query). */
export const watchSellerProducts = (db: SoukDatabase, q: ProductsQuery): Observable<SellerProductsPage> =>
  defer(() => {
    checkProductsQuery(q);
    return watchView(db);
  }).pipe(
    map((view) => sellerProductsOf(view, q)),
    distinctResults(),
  );

export const findSellerOrders = async (db: SoukDatabase, q: OrdersQuery): Promise<SellerOrdersView> => sellerOrdersOf(await readView(db), q);
export const watchSellerOrders = (db: SoukDatabase, q: OrdersQuery): Observable<SellerOrdersView> =>
  watchView(db).pipe(
    map((view) => sellerOrdersOf(view, q)),
    distinctResults(),
  );
