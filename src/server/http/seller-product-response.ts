/**
 * The seller's product replies (docs/SELLERS.md "Products"): the shape of GET /api/products/{id}/details
 * (product-response.ts, built by the same toResponses) plus what only the seller sees: `published` (their flag),
 * `visible` (public now: published and the shop active), `low_stock_threshold` and `moderation_reason` (issue 24:
 * why the operator unpublished it).
 */
import type { FastifyInstance } from 'fastify';
import type { SellerProductDoc } from '../repositories/seller-products';
import type { ProductResponse } from './product-response';
import { toResponses } from './product-responses';
import type { Locale } from './query-params';

export interface SellerProductResponse extends ProductResponse {
  published: boolean;
  visible: boolean;
  low_stock_threshold: number;
  /** Issue 24: why the operator unpublished it; null otherwise. */
  moderation_reason: string | null;
}

export async function toSellerResponses(app: FastifyInstance, items: readonly SellerProductDoc[], language: Locale): Promise<SellerProductResponse[]> {
  const responses = await toResponses(app, items.map((i) => i.doc), language);
  return responses.map((r, n) => {
    const item = items[n] as SellerProductDoc;
    return {
      ...r,
      published: item.published,
      visible: !item.doc._deleted,
      low_stock_threshold: item.lowStockThreshold,
      moderation_reason: item.moderationReason ?? null,
    };
  });
}

export async function toSellerResponse(app: FastifyInstance, item: SellerProductDoc, language: Locale): Promise<SellerProductResponse> {
  const [response] = await toSellerResponses(app, [item], language);
  return response as SellerProductResponse;
}
