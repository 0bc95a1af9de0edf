/** Product routes (spec §7): listings, details, related products. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE, RELATED_DEFAULT_LIMIT, type Gender, type ProductDoc } from '../../domain/catalog';
import { normalizeProductQuery } from '../../domain/product-query';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { productListQuerySchema, toProductQuery } from '../http/product-query-params';
import { toProductResponse, type ProductResponse } from '../http/product-response';
import { locale, positiveInt, type Locale } from '../http/query-params';
import { parseRequest } from '../http/validation';

const CACHE = 'public, max-age=30';
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

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
interface ListReply {
  success: true;
  data: ProductResponse[];
  meta: PageMeta;
}

export async function toResponses(
  app: FastifyInstance,
  docs: readonly ProductDoc[],
  l?: Locale,
): Promise<ProductResponse[]> {
  const names = await app.repos.products.shopArabicNames(docs.map((d) => d.shop_id));
  return docs.map((d) => toProductResponse(d, names, l));
}

function productIdOrThrow(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError('INVALID_PRODUCT_ID');
  return id;
}

export async function productRoutes(app: FastifyInstance): Promise<void> {
  for (const [section, gender] of Object.entries(SECTIONS)) {
    app.get<{ Reply: { success: true; data: ProductResponse[] } }>(`/api/products/${section}`, async (request, reply) => {
      const q = parseRequest(sectionQuerySchema, 'query', request.query);
      const page = await app.repos.products.list(
        normalizeProductQuery({ gender, sort: 'popular', perPage: q.limit ?? SECTION_DEFAULT_LIMIT }),
      );
      reply.header('cache-control', CACHE);
      return { success: true, data: await toResponses(app, page.items, q.locale) };
    });
  }

  app.get<{ Reply: ListReply }>('/api/products/all', async (request, reply) => {
    const params = parseRequest(productListQuerySchema, 'query', request.query);
    const page = await app.repos.products.list(normalizeProductQuery(toProductQuery(params)));
    reply.header('cache-control', CACHE);
    return {
      success: true,
      data: await toResponses(app, page.items, params.locale),
      meta: { current_page: page.page, last_page: page.lastPage, per_page: page.perPage, total: page.total },
    };
  });

  app.get<{ Params: { id: string }; Reply: { success: true; data: ProductResponse } }>(
    '/api/products/:id/details',
    async (request, reply) => {
      const id = productIdOrThrow(request.params.id);
      const q = parseRequest(detailsQuerySchema, 'query', request.query);
      const doc = await app.repos.products.find(id);
      if (!doc) throw new ApiError('PRODUCT_NOT_FOUND');
      reply.header('cache-control', CACHE);
      const [data] = await toResponses(app, [doc], q.locale);
      if (!data) throw new ApiError('PRODUCT_NOT_FOUND');
      return { success: true, data };
    },
  );

  app.get<{ Params: { id: string }; Reply: { success: true; products: ProductResponse[] } }>(
    '/api/products/:id/related',
    async (request, reply) => {
      const id = productIdOrThrow(request.params.id);
      const q = parseRequest(relatedQuerySchema, 'query', request.query);
      const doc = await app.repos.products.find(id);
      if (!doc) throw new ApiError('PRODUCT_NOT_FOUND', { products: [] });
      const related = await app.repos.products.related(doc, q.limit ?? RELATED_DEFAULT_LIMIT);
      reply.header('cache-control', CACHE);
      return { success: true, products: await toResponses(app, related, q.locale) };
    },
  );
}
