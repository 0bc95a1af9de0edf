/** Product routes (spec §7): listings, details, related products. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE, RELATED_DEFAULT_LIMIT, type Gender } from '../../domain/catalog';
import { normalizeProductQuery } from '../../domain/product-query';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { publicFor } from '../http/cache-control';
import { productListQuerySchema, toProductQuery, type ProductListParams } from '../http/product-query-params';
import type { ProductResponse } from '../http/product-response';
import { productListReply, toResponses } from '../http/product-responses';
import { locale, positiveInt, type Locale } from '../http/query-params';
import { requestLanguage } from '../http/request-language';
import { cacheEncoding, encodedBody, etagMatches, ResponseCache, type CachedReply } from '../http/response-cache';
import { parseRequest } from '../http/validation';

const CACHE = publicFor(30);
export const RELATED_MAX_LIMIT = 24;
const SECTION_DEFAULT_LIMIT = 12;

const SECTIONS: Record<string, Gender> = { mens: 'men', womens: 'women', childrens: 'children' };

const sectionQuerySchema = z.object({
  locale: locale.optional(),
  limit: positiveInt(MAX_PAGE_SIZE).optional(),
});
const detailsQuerySchema = z.object({ locale: locale.optional() });
const relatedQuerySchema = z.object({
  locale: locale.optional(),
  limit: positiveInt(RELATED_MAX_LIMIT).optional(),
});

/**
 * The cache key of a listing: its normalized query (defaults filled in, list values in their constant
 * order, so `colors=blue,red` and `colors=red,blue&page=1` share an entry) and the reply's language.
 */
function listingKey(params: ProductListParams, language: Locale): string {
  const q = normalizeProductQuery(toProductQuery(params));
  const sorted = <T extends string>(list: readonly T[] | undefined) => (list === undefined ? undefined : [...new Set(list)].sort());
  return JSON.stringify([{ ...q, colors: sorted(q.colors), sizes: sorted(q.sizes), fabrics: sorted(q.fabrics) }, language]);
}

/**
 * A request's own URL as a cache key: with its language, which headers may decide (http/request-language.ts), so
 * one URL asked in two languages keeps two replies.
 */
function urlKey(language: Locale, url: string): string {
  return `${language} ${url}`;
}

function productIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('INVALID_PRODUCT_ID');
  return id;
}

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const listings = new ResponseCache(app.repos.sync.changes);
  app.addHook('onClose', async () => listings.close());

  /** The reply kept under `key` (and the request's URL), else `read`'s, kept unless a change came meanwhile. */
  const fill = async (urlAsKey: string, key: string, read: () => Promise<unknown>): Promise<CachedReply> => {
    const hit = listings.get(key);
    if (hit !== undefined) {
      listings.alias(urlAsKey, hit);
      return hit;
    }
    const token = listings.begin();
    return listings.set([key, urlAsKey], token, await read());
  };
  /**
   * Sets the reply's headers and gives the body for the handler to return (undefined: a 304). The handler
   * returns the body, not `reply`: an async handler that returns `reply` makes Fastify await the response's end
   * through Reply.then, a stream listener for every request (2–3% of a cached listing's CPU).
   */
  const answer = (request: FastifyRequest, reply: FastifyReply, cached: CachedReply): Buffer | undefined => {
    reply.header('cache-control', CACHE).header('etag', cached.etag);
    if (etagMatches(request.headers['if-none-match'], cached.etag)) {
      reply.code(304);
      return undefined;
    }
    reply.type('application/json; charset=utf-8');
    // Compressed once per cached reply, not per request (the compression plugin skips an encoded body).
    const encoding = cacheEncoding(request.headers['accept-encoding'], cached);
    if (encoding === null) return cached.body;
    const vary = reply.getHeader('vary');
    reply.header('content-encoding', encoding).header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    return encodedBody(cached, encoding);
  };

  for (const [section, gender] of Object.entries(SECTIONS)) {
    app.get(`/api/products/${section}`, async (request, reply) => {
      const language = requestLanguage(request, reply);
      const urlAsKey = urlKey(language, request.url);
      let cached = listings.get(urlAsKey);
      if (cached === undefined) {
        const q = parseRequest(sectionQuerySchema, 'query', request.query);
        const limit = q.limit ?? SECTION_DEFAULT_LIMIT;
        cached = await fill(urlAsKey, JSON.stringify([section, limit, language]), async () => {
          const page = await app.repos.products.list(normalizeProductQuery({ gender, sort: 'popular', perPage: limit }));
          return { success: true, data: await toResponses(app, page.items, language) };
        });
      }
      return answer(request, reply, cached);
    });
  }

  // Listings are looked up by the request's own URL first (a repeated URL skips validation), then by their
  // normalized query.
  app.get('/api/products/all', async (request, reply) => {
    const language = requestLanguage(request, reply);
    const urlAsKey = urlKey(language, request.url);
    let cached = listings.get(urlAsKey);
    if (cached === undefined) {
      const params = parseRequest(productListQuerySchema, 'query', request.query);
      cached = await fill(urlAsKey, listingKey(params, language), () => productListReply(app, params, language));
    }
    return answer(request, reply, cached);
  });

  app.get<{ Params: { id: string }; Reply: { success: true; data: ProductResponse } }>(
    '/api/products/:id/details',
    async (request, reply) => {
      const id = productIdOrThrow(request.params.id);
      parseRequest(detailsQuerySchema, 'query', request.query);
      const language = requestLanguage(request, reply);
      const doc = await app.repos.products.find(id);
      if (!doc) throw new ApiError('PRODUCT_NOT_FOUND');
      reply.header('cache-control', CACHE);
      const [data] = await toResponses(app, [doc], language);
      if (!data) throw new ApiError('PRODUCT_NOT_FOUND');
      return { success: true, data };
    },
  );

  app.get<{ Params: { id: string }; Reply: { success: true; products: ProductResponse[] } }>(
    '/api/products/:id/related',
    async (request, reply) => {
      const id = productIdOrThrow(request.params.id);
      const q = parseRequest(relatedQuerySchema, 'query', request.query);
      const language = requestLanguage(request, reply);
      const doc = await app.repos.products.find(id);
      if (!doc) throw new ApiError('PRODUCT_NOT_FOUND', { products: [] });
      const related = await app.repos.products.related(doc, q.limit ?? RELATED_DEFAULT_LIMIT);
      reply.header('cache-control', CACHE);
      return { success: true, products: await toResponses(app, related, language) };
    },
  );
}
