/**
 * The products view over HTTP (issue 25): GET /api/sync/products/view?v=1 (a listing, ids=, related=, reviews=) and GET
 * /api/sync/catalogue-size?v=1, every answer validated with the protocol's schemas before anyone sees it. The
 * documents come without `_deleted` (a view holds live products only), as the local query API returns them.
 */
import type { z } from 'zod';
import type { Page, ProductDoc, ProductQuery } from '../../domain/catalog';
import type { TextLanguage } from '../../domain/catalog-text';
import { normalizeProductQuery } from '../../domain/product-query';
import type { ReviewDoc } from '../../domain/social';
import {
  catalogueSizeSchema,
  PROTOCOL_VERSION,
  VIEW_RELATED_MAX,
  viewResponseSchema,
  viewReviewsResponseSchema,
  type CatalogueSize,
} from '../protocol';
import { timeoutController, type FetchLike } from './fetch-type';
import { SyncError } from './sync-error';

export interface ViewTransport {
  listing(query: ProductQuery, abort?: AbortSignal): Promise<Page<ProductDoc>>;
  /** The live products of `ids` (at most MAX_PAGE_SIZE), unknown or deleted ones absent. */
  byIds(ids: readonly string[], abort?: AbortSignal): Promise<ProductDoc[]>;
  /** At most VIEW_RELATED_MAX, whatever `limit` asks (a large cart asks 8 + its lines). */
  related(id: string, limit: number, abort?: AbortSignal): Promise<ProductDoc[]>;
  /** The product's live reviews (its latest VIEW_REVIEWS_MAX), none for an unknown product. */
  reviews(productId: string, abort?: AbortSignal): Promise<ReviewDoc[]>;
  catalogueSize(abort?: AbortSignal): Promise<Omit<CatalogueSize, 'v'>>;
}

export interface HttpViewTransportOptions {
  apiBase: string;
  fetch?: FetchLike;
  /** Per request, including reading the body (default 15 s: a page waits for it). */
  timeoutMs?: number;
  /** The language of the descriptions (`lang`), read at each request, as the pull's. */
  descriptionsIn?: () => TextLanguage | undefined;
}

/**
 * A listing's query string: the parameters of GET /api/products/all (per_page, comma lists), shop for shopId.
 * Defaults are sent too, so the server pages and sorts exactly as the normalized query says.
 */
export function viewListingParams(query: ProductQuery): URLSearchParams {
  const q = normalizeProductQuery(query);
  const params = new URLSearchParams();
  if (q.category !== undefined) params.set('category', q.category);
  if (q.gender !== undefined) params.set('gender', q.gender);
  if (q.shopId !== undefined) params.set('shop', String(q.shopId));
  if (q.colors !== undefined && q.colors.length > 0) params.set('colors', q.colors.join(','));
  if (q.sizes !== undefined && q.sizes.length > 0) params.set('sizes', q.sizes.join(','));
  if (q.fabrics !== undefined && q.fabrics.length > 0) params.set('fabrics', q.fabrics.join(','));
  for (const flag of ['inStock', 'customizable', 'handmade', 'express', 'onSale'] as const) {
    if (q[flag] !== undefined) params.set(flag, String(q[flag]));
  }
  if (q.minPrice !== undefined) params.set('minPrice', String(q.minPrice));
  if (q.maxPrice !== undefined) params.set('maxPrice', String(q.maxPrice));
  if (q.search !== undefined) params.set('search', q.search);
  params.set('sort', q.sort);
  params.set('page', String(q.page));
  params.set('per_page', String(q.perPage));
  return params;
}

/** The document as the local query API gives it: the wire's keys without `_deleted`. */
function plainDoc<T extends { _deleted: boolean }>(doc: T): Omit<T, '_deleted'> {
  const { _deleted: _ignored, ...rest } = doc;
  return rest;
}

export function createHttpViewTransport(options: HttpViewTransportOptions): ViewTransport {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function get<S extends z.ZodType>(path: string, params: URLSearchParams, schema: S, abort?: AbortSignal): Promise<z.output<S>> {
    params.set('v', String(PROTOCOL_VERSION));
    const lang = options.descriptionsIn?.();
    if (lang !== undefined) params.set('lang', lang);
    const url = `${options.apiBase}${path}?${params.toString()}`;
    const t = timeoutController(abort, timeoutMs);
    let text: string;
    let status: number;
    try {
      const res = await doFetch(url, { signal: t.signal, headers: { accept: 'application/json' }, cache: 'no-store' });
      status = res.status;
      text = await res.text();
    } catch (error) {
      if (abort?.aborted) throw error;
      throw new SyncError(t.timedOut() ? 'timeout' : 'network', `${path} failed: ${String(error)}`, { cause: error });
    } finally {
      t.dispose();
    }
    if (status < 200 || status > 299) throw new SyncError('http', `${path} answered ${status}`, { status });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new SyncError('protocol', `${path}: body is not JSON`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SyncError('protocol', `${path}: not a v${PROTOCOL_VERSION} answer`, { cause: parsed.error });
    return parsed.data;
  }

  const view = (params: URLSearchParams, abort?: AbortSignal) => get('/api/sync/products/view', params, viewResponseSchema, abort);

  return {
    async listing(query, abort) {
      const q = normalizeProductQuery(query);
      const res = await view(viewListingParams(q), abort);
      if (res.total === undefined) throw new SyncError('protocol', 'products view: a listing without its total');
      return {
        items: res.documents.map(plainDoc),
        total: res.total,
        page: q.page,
        perPage: q.perPage,
        lastPage: res.lastPage ?? Math.max(1, Math.ceil(res.total / q.perPage)),
      };
    },
    async byIds(ids, abort) {
      if (ids.length === 0) return [];
      const res = await view(new URLSearchParams({ ids: ids.join(',') }), abort);
      return res.documents.map(plainDoc);
    },
    async related(id, limit, abort) {
      // The view refuses more than VIEW_RELATED_MAX (as /related does): ask for what it gives.
      const res = await view(new URLSearchParams({ related: id, limit: String(Math.min(limit, VIEW_RELATED_MAX)) }), abort);
      return res.documents.map(plainDoc);
    },
    async reviews(productId, abort) {
      const res = await get('/api/sync/products/view', new URLSearchParams({ reviews: productId }), viewReviewsResponseSchema, abort);
      return res.documents.map(plainDoc);
    },
    async catalogueSize(abort) {
      const res = await get('/api/sync/catalogue-size', new URLSearchParams(), catalogueSizeSchema, abort);
      return { products: res.products, bytes: res.bytes };
    },
  };
}
