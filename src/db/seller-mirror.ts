/**
 * The seller's mirror (issue 23, docs/SELLERS.md "Offline"): the own shop, all of its products (published or not)
 * and its orders, as the seller API last answered, each part with when it was fetched (`savedAt`: when its request
 * went out, so a write the server accepted before that is in it). A local document of the one database, not a
 * collection: the 13 collections of the realm are all in use (collections-plan.md). Personal: removed at logout
 * with the other personal data (data-service.ts wipePersonal). Fetched by src/sync/seller-mirror-refresh.ts; read
 * through src/db/queries/seller.ts with the unsettled seller writes laid over it (seller-overlay.ts).
 *
 * Also the pure reads the seller's app makes of it: the products' search and status filter (the rules of
 * GET /api/seller/products), low stock by each product's threshold, the orders to handle, a page of a list.
 */
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../domain/commerce';
import { orderDocSchema, type OrderDoc } from '../domain/commerce-schemas';
import { searchTerms, searchText, termsFoundIn } from '../domain/search';
import { sellerProductSchema, sellerShopSchema, type SellerProductDoc, type SellerShopDoc } from '../domain/seller-mirror-schemas';
import type { PageMeta } from '../workers/data-api';
import type { SoukDatabase } from './database';
import { localDoc$ } from './local-doc';

export const SELLER_MIRROR_ID = 'seller-mirror';

/** One part of the mirror as fetched, and when its request went out (ms). */
export interface MirrorPart<T> {
  data: T;
  savedAt: number;
}

/** Each part is null until fetched once; the shop's data is null when the seller has no shop (SHOP_NOT_FOUND). */
export interface SellerMirror {
  shop: MirrorPart<SellerShopDoc | null> | null;
  products: MirrorPart<SellerProductDoc[]> | null;
  orders: MirrorPart<OrderDoc[]> | null;
}

export const EMPTY_SELLER_MIRROR: SellerMirror = { shop: null, products: null, orders: null };

const savedAt = z.number().int().nonnegative();
const partSchema = <T extends z.ZodType>(data: T) => z.object({ data, savedAt }).nullable().catch(null);
const mirrorSchema = z.object({
  shop: partSchema(sellerShopSchema.nullable()),
  products: partSchema(z.array(sellerProductSchema)),
  orders: partSchema(z.array(orderDocSchema)),
});

/** The stored mirror; a part that does not parse (an older shape) counts as never fetched. */
export function parseSellerMirror(data: unknown): SellerMirror {
  const parsed = mirrorSchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : EMPTY_SELLER_MIRROR;
}

export async function readSellerMirror(db: SoukDatabase): Promise<SellerMirror> {
  const doc = await db.getLocal(SELLER_MIRROR_ID);
  return parseSellerMirror(doc?.toJSON().data);
}

export function watchSellerMirror(db: SoukDatabase): Observable<SellerMirror> {
  return localDoc$(db, SELLER_MIRROR_ID).pipe(map((doc) => parseSellerMirror(doc?.toJSON().data)));
}

/** Replaces the parts given (the others stay as they were); run it inside the database's LocalWriteLock. */
export async function writeSellerMirror(db: SoukDatabase, parts: Partial<SellerMirror>): Promise<SellerMirror> {
  const next = { ...(await readSellerMirror(db)), ...parts };
  await db.upsertLocal(SELLER_MIRROR_ID, next);
  return next;
}

export async function removeSellerMirror(db: SoukDatabase): Promise<void> {
  const doc = await db.getLocal(SELLER_MIRROR_ID);
  if (doc) await doc.remove();
}

// --- Pure reads --------------------------------------------------------------------------------------------

export const SELLER_PRODUCT_FILTERS = ['all', 'published', 'unpublished', 'low_stock', 'out_of_stock'] as const;
export type SellerProductFilter = (typeof SELLER_PRODUCT_FILTERS)[number];

/** In stock, with a variant at or below the product's own low-stock threshold (GET /api/seller/products?status=low_stock). */
export function isLowStock(product: Pick<SellerProductDoc, 'stock_quantity' | 'low_stock_threshold' | 'variants'>): boolean {
  return product.stock_quantity > 0 && product.variants.some((v) => v.stock_quantity <= product.low_stock_threshold);
}

function matchesFilter(product: SellerProductDoc, filter: SellerProductFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'published':
      return product.published;
    case 'unpublished':
      return !product.published;
    case 'low_stock':
      return isLowStock(product);
    case 'out_of_stock':
      return product.stock_quantity === 0;
  }
}

/**
 * The products matching a search and a status filter, in the server's order (newest first). The search is the
 * catalogue's rule (every word found in the names, in any language, with the garment spellings) or the exact SKU.
 */
export function filterSellerProducts<P extends SellerProductDoc>(products: readonly P[], q: { search?: string; status?: SellerProductFilter }): P[] {
  const terms = searchTerms(q.search ?? '');
  const sku = (q.search ?? '').trim();
  return products.filter(
    (p) =>
      matchesFilter(p, q.status ?? 'all') &&
      (terms.length === 0 || termsFoundIn(searchText(Object.values(p.names)), terms) || (sku !== '' && p.sku === sku)),
  );
}

/** Orders waiting for the seller: placed and not yet shipped. */
export const ORDER_STATUSES_TO_HANDLE: readonly OrderStatus[] = ['pending', 'processing'];

export const SELLER_ORDER_FILTERS = ['all', 'to_handle', ...ORDER_STATUSES] as const;
export type SellerOrderFilter = (typeof SELLER_ORDER_FILTERS)[number];

export function filterSellerOrders<O extends OrderDoc>(orders: readonly O[], filter: SellerOrderFilter = 'all'): O[] {
  if (filter === 'all') return [...orders];
  if (filter === 'to_handle') return orders.filter((o) => ORDER_STATUSES_TO_HANDLE.includes(o.status));
  return orders.filter((o) => o.status === filter);
}

/** One page of a list (page from 1; a page past the end is empty) with the API's meta. */
export function pageOfList<T>(items: readonly T[], page = 1, perPage = 20): { data: T[]; meta: PageMeta } {
  const size = Math.max(1, Math.floor(perPage));
  const current = Math.max(1, Math.floor(page));
  const start = (current - 1) * size;
  return {
    data: items.slice(start, start + size),
    meta: { current_page: current, last_page: Math.max(1, Math.ceil(items.length / size)), per_page: size, total: items.length },
  };
}
