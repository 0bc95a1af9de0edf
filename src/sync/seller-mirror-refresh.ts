/**
 * Fetches the seller's mirror (src/db/seller-mirror.ts, docs/SELLERS.md "Offline"): GET /api/seller/shop, then every
 * page of GET /api/seller/products (100 a page, the most it gives) and of GET /api/seller/orders (50 a page), with the
 * bearer, each answer validated with the mirror's schemas. Each part is stored with when its first request went out
 * (savedAt), so the overlay knows which accepted writes it holds. A seller without a shop (404 SHOP_NOT_FOUND) is
 * stored as no shop, no products, no orders. A failed part keeps what was stored; the next trigger asks again.
 *
 * Triggers: the seller's app opening (DataApi.refreshSellerMirror; asked before the session reached the worker, it
 * runs when the session does) and, once it did in this session, each accepted seller write and the network coming
 * back (refreshIfWanted). Runs are coalesced (one at a time; asks meanwhile
 * make one more). The answer is written under the write lock only while the session is still the one it was
 * fetched with, so a logout or another account never gets a mirror of the one before.
 */
import { z } from 'zod';
import type { SoukDatabase } from '../db/database';
import type { LocalWriteLock } from '../db/outbox';
import { writeSellerMirror, type SellerMirror } from '../db/seller-mirror';
import { orderDocSchema, type OrderDoc } from '../domain/commerce-schemas';
import { sellerProductSchema, sellerShopSchema, type SellerProductDoc, type SellerShopDoc } from '../domain/seller-mirror-schemas';
import type { SellerMirrorRefresh } from '../workers/data-api';
import type { OnlineSignal } from './online-signal';
import { bearer } from './session-token';
import { timeoutController, type FetchLike } from './transport/fetch-type';

/** Page sizes: the most each list gives (MAX_PAGE_SIZE, ORDERS_MAX_PAGE_SIZE). */
export const SELLER_PRODUCTS_PAGE = 100;
export const SELLER_ORDERS_PAGE = 50;
/** At most this many pages of each list (10,000 products, 2,500 orders, the newest). */
export const SELLER_MIRROR_MAX_PAGES = { products: 100, orders: 50 } as const;

const metaSchema = z.object({ current_page: z.number(), last_page: z.number().int().positive() });
const shopAnswer = z.object({ data: sellerShopSchema });
const productsAnswer = z.object({ data: z.array(sellerProductSchema), meta: metaSchema });
const ordersAnswer = z.object({ data: z.array(orderDocSchema), meta: metaSchema });

export interface SellerMirrorRefreshOptions {
  db: SoukDatabase;
  apiBase: string;
  lock: LocalWriteLock;
  online: OnlineSignal;
  fetch?: FetchLike;
  /** The usable session token, or null. */
  token(): string | null;
  timeoutMs?: number;
  now?(): number;
  /** Tests: smaller pages than the lists give at most. */
  pageSizes?: { products: number; orders: number };
}

export interface SellerMirrorRefresher {
  /** Fetch now (coalesced with a run under way: resolves with the run that starts after this ask). */
  refresh(): Promise<SellerMirrorRefresh>;
  /** Fetch when the seller's app asked for the mirror in this session (after a seller write, back online). */
  refreshIfWanted(): void;
  /**
   * A session started (DataApi.setSession): an ask that came before it (the app asks as it opens, often before the
   * page has handed the worker its token) is answered now.
   */
  sessionStarted(): void;
  /** Resolves when no refresh is running. */
  whenIdle(): Promise<void>;
  stop(): void;
}

/** Why a part could not be fetched: the caller keeps what was stored. */
class PartFailed extends Error {}

export function startSellerMirrorRefresher(o: SellerMirrorRefreshOptions): SellerMirrorRefresher {
  const doFetch: FetchLike = o.fetch ?? ((input, init) => fetch(input, init));
  const now = o.now ?? Date.now;
  const stopped = new AbortController();
  /** The session that asked for the mirror (refreshSellerMirror): only its writes and reconnects fetch it again. */
  let wantedBy: string | null = null;
  const wanted = () => wantedBy !== null && wantedBy === o.token();
  /** Asked while no session was there yet. */
  let askedSignedOut = false;
  let running: Promise<SellerMirrorRefresh> | null = null;
  let next: Promise<SellerMirrorRefresh> | null = null;

  async function get(path: string, token: string): Promise<{ status: number; body: unknown }> {
    const t = timeoutController(stopped.signal, o.timeoutMs ?? 30_000);
    try {
      const res = await doFetch(`${o.apiBase}${path}`, {
        method: 'GET',
        headers: { ...bearer(token), accept: 'application/json' },
        signal: t.signal,
        cache: 'no-store',
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        if (res.ok) throw new PartFailed('protocol');
      }
      return { status: res.status, body };
    } catch (error) {
      throw error instanceof PartFailed ? error : new PartFailed('network');
    } finally {
      t.dispose();
    }
  }

  async function allPages<T>(
    path: (page: number) => string,
    schema: z.ZodType<{ data: T[]; meta: { last_page: number } }>,
    keyOf: (item: T) => number,
    maxPages: number,
    token: string,
  ): Promise<T[]> {
    const byId = new Map<number, T>();
    for (let page = 1; page <= maxPages; page += 1) {
      const { status, body } = await get(path(page), token);
      if (status !== 200) throw new PartFailed(`http_${status}`);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new PartFailed('protocol');
      // A row added while paging shifts the pages: one that comes twice is kept once, where it came first.
      for (const item of parsed.data.data) if (!byId.has(keyOf(item))) byId.set(keyOf(item), item);
      if (page >= parsed.data.meta.last_page) break;
    }
    return [...byId.values()];
  }

  async function fetchShop(token: string): Promise<SellerShopDoc | null> {
    const { status, body } = await get('/api/seller/shop', token);
    if (status === 404 && (body as { code?: unknown } | null)?.code === 'SHOP_NOT_FOUND') return null;
    if (status !== 200) throw new PartFailed(`http_${status}`);
    const parsed = shopAnswer.safeParse(body);
    if (!parsed.success) throw new PartFailed('protocol');
    return parsed.data.data;
  }

  async function part<T>(load: () => Promise<T>): Promise<{ data: T; savedAt: number } | null> {
    const savedAt = now();
    try {
      return { data: await load(), savedAt };
    } catch (error) {
      if (error instanceof PartFailed) return null;
      throw error;
    }
  }

  async function once(): Promise<SellerMirrorRefresh> {
    const token = o.token();
    if (token === null) {
      askedSignedOut = true;
      return 'signed_out';
    }
    askedSignedOut = false;
    wantedBy = token;
    if (!o.online.isOnline()) return 'offline';
    const shop = await part(() => fetchShop(token));
    const noShop = shop !== null && shop.data === null;
    const products = noShop
      ? { data: [] as SellerProductDoc[], savedAt: shop.savedAt }
      : await part(() => allPages((page) => `/api/seller/products?per_page=${o.pageSizes?.products ?? SELLER_PRODUCTS_PAGE}&page=${page}`, productsAnswer, (p) => p.id, SELLER_MIRROR_MAX_PAGES.products, token));
    const orders = noShop
      ? { data: [] as OrderDoc[], savedAt: shop.savedAt }
      : await part(() => allPages((page) => `/api/seller/orders?per_page=${o.pageSizes?.orders ?? SELLER_ORDERS_PAGE}&page=${page}`, ordersAnswer, (o) => o.order_id, SELLER_MIRROR_MAX_PAGES.orders, token));
    if (stopped.signal.aborted) return 'failed';
    const parts: Partial<SellerMirror> = {};
    if (shop) parts.shop = shop;
    if (products) parts.products = products;
    if (orders) parts.orders = orders;
    await o.lock.runExclusive(async () => {
      // Signed out or another account meanwhile: this answer is not theirs to keep.
      if (o.token() !== token || Object.keys(parts).length === 0) return;
      await writeSellerMirror(o.db, parts);
    });
    if (o.token() !== token) return 'signed_out';
    if (shop && products && orders) return 'fetched';
    return o.online.isOnline() ? 'failed' : 'offline';
  }

  function refresh(): Promise<SellerMirrorRefresh> {
    if (stopped.signal.aborted) return Promise.resolve('failed');
    if (next) return next;
    const start = async (): Promise<SellerMirrorRefresh> => {
      try {
        return await once();
      } catch {
        // The database closed under us (shutdown), or a write failed: the next trigger asks again.
        return 'failed';
      }
    };
    if (!running) {
      running = start().finally(() => {
        running = null;
      });
      return running;
    }
    // One more run after the one under way (its answer may predate what the caller just did).
    next = running.then(() => {
      next = null;
      running = start().finally(() => {
        running = null;
      });
      return running;
    });
    return next;
  }

  const unsubscribeOnline = o.online.subscribe((online) => {
    if (online && wanted()) void refresh();
  });

  return {
    refresh,
    refreshIfWanted() {
      if (wanted()) void refresh();
    },
    sessionStarted() {
      if (askedSignedOut && o.token() !== null) void refresh();
    },
    async whenIdle() {
      while (running || next) await (next ?? running);
    },
    stop() {
      stopped.abort(new DOMException('stopped', 'AbortError'));
      unsubscribeOnline();
    },
  };
}
