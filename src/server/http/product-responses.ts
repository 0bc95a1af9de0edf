/** Product documents as REST replies: the shop names they need, and the product listing's page. */
import type { FastifyInstance } from 'fastify';
import type { ProductDoc } from '../../domain/catalog';
import { normalizeProductQuery } from '../../domain/product-query';
import { pageMeta, type PageMeta } from './page-meta';
import { toProductQuery, type ProductListParams } from './product-query-params';
import { toProductResponse, type ProductResponse } from './product-response';
import type { Locale } from './query-params';

export async function toResponses(
  app: FastifyInstance,
  docs: readonly ProductDoc[],
  language: Locale,
): Promise<ProductResponse[]> {
  const names = await app.repos.products.shopNames(docs.map((d) => d.shop_id));
  return docs.map((d) => toProductResponse(d, names, language));
}

export interface ProductListReply {
  success: true;
  data: ProductResponse[];
  meta: PageMeta;
}

/** One page of the product listing (GET /api/products/all; with shopId, GET /api/shops/{shop}/products). */
export async function productListReply(
  app: FastifyInstance,
  params: ProductListParams,
  language: Locale,
  shopId?: number,
): Promise<ProductListReply> {
  const page = await app.repos.products.list(normalizeProductQuery(toProductQuery(params, shopId)));
  return { success: true, data: await toResponses(app, page.items, language), meta: pageMeta(page) };
}
