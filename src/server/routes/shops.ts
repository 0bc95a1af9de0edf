/** Shop routes (spec §7): list, one shop, a shop's products. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE, STORE_TYPES } from '../../domain/catalog';
import { ApiError } from '../http/api-error';
import { publicFor } from '../http/cache-control';
import { pageMeta, type PageMeta } from '../http/page-meta';
import { MAX_PAGE, productListQuerySchema } from '../http/product-query-params';
import { productListReply, type ProductListReply } from '../http/product-responses';
import { CONTROL_CHARS, enumParam, flag, locale, positiveInt, text } from '../http/query-params';
import { toShopResponse, type ShopResponse } from '../http/shop-response';
import { requestLanguage } from '../http/request-language';
import { parseRequest } from '../http/validation';

const CACHE = publicFor(60);
export const SHOPS_DEFAULT_PAGE_SIZE = 12;

const SHOP_STATUSES = ['active', 'suspended'] as const;

const listQuerySchema = z.object({
  store_type: enumParam(STORE_TYPES).optional(),
  featured: flag.optional(),
  verified: flag.optional(),
  status: enumParam(SHOP_STATUSES).optional(),
  search: text(100).optional(),
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(MAX_PAGE_SIZE).optional(),
  locale: locale.optional(),
});
const oneQuerySchema = z.object({ locale: locale.optional() });

async function shopOrThrow(app: FastifyInstance, key: string) {
  if (key.length > 200 || CONTROL_CHARS.test(key)) throw new ApiError('SHOP_NOT_FOUND');
  const shop = await app.repos.shops.find(key);
  if (!shop) throw new ApiError('SHOP_NOT_FOUND');
  return shop;
}

export async function shopRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Reply: { success: true; data: ShopResponse[]; meta: PageMeta } }>('/api/shops', async (request, reply) => {
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const page = await app.repos.shops.list({
      storeType: q.store_type,
      featured: q.featured,
      verified: q.verified,
      status: q.status,
      search: q.search,
      page: q.page ?? 1,
      perPage: q.per_page ?? SHOPS_DEFAULT_PAGE_SIZE,
    });
    reply.header('cache-control', CACHE);
    return {
      success: true,
      data: page.items.map((s) => toShopResponse(s, language)),
      meta: pageMeta(page),
    };
  });

  app.get<{ Params: { shop: string }; Reply: { success: true; data: ShopResponse } }>(
    '/api/shops/:shop',
    async (request, reply) => {
      parseRequest(oneQuerySchema, 'query', request.query);
      const language = requestLanguage(request, reply);
      const shop = await shopOrThrow(app, request.params.shop);
      reply.header('cache-control', CACHE);
      return { success: true, data: toShopResponse(shop, language) };
    },
  );

  app.get<{ Params: { shop: string }; Reply: ProductListReply }>('/api/shops/:shop/products', async (request, reply) => {
    const params = parseRequest(productListQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const shop = await shopOrThrow(app, request.params.shop);
    const body = await productListReply(app, params, language, Number(shop.id));
    reply.header('cache-control', CACHE);
    return body;
  });
}
