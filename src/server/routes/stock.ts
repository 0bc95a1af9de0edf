/** GET /api/stock/{id}/availability?variant_id= — stock check of a product or one of its variants. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stockAvailability, type StockAvailability } from '../../domain/stock';
import { MAX_ID, parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';
import { positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';

const querySchema = z.object({
  variant_id: positiveInt(MAX_ID, 'a variant id (a positive integer)').optional(),
});

export interface StockReply extends StockAvailability {
  stock_id: number;
  variant_id: number | null;
}

export async function stockRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Reply: StockReply }>('/api/stock/:id/availability', async (request, reply) => {
    const stockId = parseId(request.params.id);
    if (stockId === null) throw new ApiError('INVALID_STOCK_ID');
    const { variant_id: variantId } = parseRequest(querySchema, 'query', request.query);
    const ids = { stock_id: stockId, variant_id: variantId ?? null };
    // Stock changes with every sale: never cache.
    reply.header('cache-control', NO_STORE);

    const stock = await app.repos.products.stock(stockId);
    if (!stock) return reply.code(404).send({ ...stockAvailability({ kind: 'product_missing' }), ...ids });
    if (variantId === undefined) {
      return { ...stockAvailability({ kind: 'quantity', quantity: stock.totalQuantity }), ...ids };
    }
    const variant = stock.variants.find((v) => v.id === variantId);
    if (!variant) return reply.code(404).send({ ...stockAvailability({ kind: 'variant_missing' }), ...ids });
    return { ...stockAvailability({ kind: 'quantity', quantity: variant.stock_quantity }), ...ids };
  });
}
