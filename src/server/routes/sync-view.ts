/**
 * GET /api/sync/products/view and GET /api/sync/catalogue-size (issue 25; wire v1, src/sync/protocol.ts).
 *
 * The view answers the product documents of one read as the pull sends them, so a client can show (and, in its
 * 'viewed' catalogue mode, keep) what a page needs before or without pulling the whole catalogue:
 * - a listing: the parameters of GET /api/products/all (same schema, same repository: same order and totals),
 *   plus `shop=<id>` (ProductQuery.shopId), with total and paging;
 * - `ids=<id,…>` (at most MAX_PAGE_SIZE): those products, an unknown or deleted id simply absent;
 * - `related=<id>&limit=<n>`: the related products of GET /api/products/{id}/related (none for an unknown id);
 * - `reviews=<id>`: the product's live reviews as the reviews pull sends them, its latest VIEW_REVIEWS_MAX (none for
 *   an unknown or deleted product), for a client whose reviews do not replicate ('viewed' catalogue mode).
 * Public, like the pull; bad input is a 400 naming the parameter.
 */
import type { FastifyInstance } from 'fastify';
import {
  PROTOCOL_VERSION,
  VIEW_REVIEWS_MAX,
  viewQuerySchema,
  type CatalogueSize,
  type ViewResponse,
  type ViewReviewsResponse,
} from '../../sync/protocol';
import { normalizeProductQuery } from '../../domain/product-query';
import { z } from 'zod';
import { TEXT_LANGUAGES } from '../../domain/catalog-text';
import { MAX_ID } from '../db/ids';
import { NO_STORE } from '../http/cache-control';
import { productListQuerySchema, toProductQuery } from '../http/product-query-params';
import { parseRequest, RequestValidationError } from '../http/validation';
import { viewDoc } from '../repositories/sync-view';

/** The view's own parameters; every other one is the listing's. */
const VIEW_KEYS: ReadonlySet<string> = new Set(['v', 'lang', 'ids', 'related', 'reviews', 'limit', 'shop']);

const sizeQuerySchema = z.object({
  v: viewQuerySchema.shape.v,
  lang: z.enum(TEXT_LANGUAGES).optional(),
});

/** Ids the database may hold (32-bit); any other is simply not there. */
function storable(ids: readonly string[]): number[] {
  return ids.map(Number).filter((id) => id >= 1 && id <= MAX_ID);
}

function refuse(parameter: string, message: string): never {
  throw new RequestValidationError('query', [{ parameter, message }]);
}

export async function syncViewRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/api/sync/products/view', async (request, reply): Promise<ViewResponse | ViewReviewsResponse> => {
    // fromEntries, not assignment: a parameter named __proto__ stays a plain key.
    const entries = Object.entries(request.query);
    const own = Object.fromEntries(entries.filter(([key]) => VIEW_KEYS.has(key)));
    const listing = Object.fromEntries(entries.filter(([key]) => !VIEW_KEYS.has(key)));
    const q = parseRequest(viewQuerySchema, 'query', own);
    const listingGiven = Object.keys(listing).length > 0 || q.shop !== undefined;
    if (q.reviews !== undefined && (q.ids !== undefined || q.related !== undefined || listingGiven)) {
      refuse('reviews', 'must not be combined with ids, related or listing parameters');
    }
    if (q.ids !== undefined && (q.related !== undefined || listingGiven)) refuse('ids', 'must not be combined with related or listing parameters');
    if (q.related !== undefined && listingGiven) refuse('related', 'must not be combined with listing parameters');
    if (q.shop !== undefined && q.shop > MAX_ID) refuse('shop', `must be at most ${MAX_ID}`);
    // Reads of the moment, like the pull's: not for a shared cache.
    reply.header('cache-control', NO_STORE);
    const v = PROTOCOL_VERSION;
    if (q.reviews !== undefined) {
      const [id] = storable([q.reviews]);
      return { v, documents: id === undefined ? [] : await app.repos.sync.reviewsOf(id, VIEW_REVIEWS_MAX) };
    }
    if (q.ids !== undefined) {
      const docs = await app.repos.sync.productsByIds(storable(q.ids));
      return { v, documents: docs.map((d) => viewDoc(d, q.lang)) };
    }
    if (q.related !== undefined) {
      const [id] = storable([q.related]);
      const product = id === undefined ? null : await app.repos.products.find(id);
      const related = product ? await app.repos.products.related(product, q.limit) : [];
      return { v, documents: related.map((d) => viewDoc(d, q.lang)) };
    }
    const params = parseRequest(productListQuerySchema, 'query', listing);
    const page = await app.repos.products.list(normalizeProductQuery(toProductQuery(params, q.shop)));
    return {
      v,
      documents: page.items.map((d) => viewDoc(d, q.lang)),
      total: page.total,
      page: page.page,
      perPage: page.perPage,
      lastPage: page.lastPage,
    };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/api/sync/catalogue-size', async (request, reply): Promise<CatalogueSize> => {
    const q = parseRequest(sizeQuerySchema, 'query', request.query);
    const size = await app.repos.sync.catalogueSize(q.lang);
    reply.header('cache-control', NO_STORE);
    return { v: PROTOCOL_VERSION, ...size };
  });
}
