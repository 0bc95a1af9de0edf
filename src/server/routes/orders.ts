/**
 * The buyer's orders (docs/COMMERCE.md, "Orders API"): place one (one
 * transaction: prices, stock, totals, cart), list and read their own, cancel
 * one while it is pending or processing, and see which of its products they
 * have reviewed. Another buyer's order answers 404 ORDER_NOT_FOUND, like a
 * missing one. Every answer is no-store.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ORDER_FILTERS, type OrderStatus } from '../../domain/commerce';
import { placeOrderBodySchema, type PlaceOrderBody } from '../../domain/commerce-schemas';
import { requireAuth } from '../auth/guards';
import { MAX_ID } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { pageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { enumParam, positiveInt, text } from '../http/query-params';
import { parseRequest } from '../http/validation';
import { IDEMPOTENCY_HEADER } from '../plugins/idempotency';
import type { PlaceOrderOutcome, ResolvedOrderBody } from '../repositories/order-writes';
import { alertLowStock, alertNewOrder } from '../alerts/seller-alerts';

export const ORDERS_DEFAULT_PAGE_SIZE = 10;
export const ORDERS_MAX_PAGE_SIZE = 50;

export const orderListQuerySchema = z.object({
  status: enumParam(ORDER_FILTERS).optional(),
  search: text(100).optional(),
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(ORDERS_MAX_PAGE_SIZE).optional(),
});

/** An order key in a path: an order id or the app's client ref; anything else names no order. */
const ORDER_KEY = /^[A-Za-z0-9_-]{1,100}$/;

export function orderKeyOrThrow(raw: string): string {
  if (!ORDER_KEY.test(raw)) throw new ApiError('ORDER_NOT_FOUND');
  return raw;
}

/**
 * Text PostgreSQL cannot store (NUL) is refused like any other invalid field, never a 5xx. Called on a body
 * zod has already parsed (known fields only, shallow), never on the raw one, which may nest without bound.
 */
export function refuseNul(body: unknown): void {
  if (JSON.stringify(body ?? null).includes('\\u0000')) {
    const message = 'The request may not contain NUL characters.';
    throw new ApiError('VALIDATION', { message, errors: [{ parameter: '(body)', message }] });
  }
}

export function listQuery(raw: unknown): { status?: OrderStatus; search?: string; page: number; perPage: number } {
  const q = parseRequest(orderListQuerySchema, 'query', raw);
  return {
    status: q.status === undefined || q.status === 'all' ? undefined : q.status,
    search: q.search,
    page: q.page ?? 1,
    perPage: q.per_page ?? ORDERS_DEFAULT_PAGE_SIZE,
  };
}

/**
 * The order's client ref when the body has none (decisions.md "Order calls from API clients"): derived from
 * the Idempotency-Key when the request has one, so the same key keeps naming the same order after the key's
 * 24-hour memory is gone; otherwise a new one. Both fit the client-ref pattern and neither is all digits, so
 * neither can be taken for an order id in /api/orders/{id}.
 */
export function orderClientRef(body: Pick<PlaceOrderBody, 'client_ref'>, request: FastifyRequest): string {
  if (body.client_ref) return body.client_ref;
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key === 'string' && key !== '') return `ik-${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
  return `srv-${randomUUID()}`;
}

function resolveOrderBody(body: PlaceOrderBody, request: FastifyRequest): ResolvedOrderBody {
  return { ...body, client_ref: orderClientRef(body, request), shipping_method: body.shipping_method ?? 'standard' };
}

function placedOrThrow(outcome: PlaceOrderOutcome) {
  switch (outcome.kind) {
    case 'created':
    case 'existing':
      return outcome.order;
    case 'payment_unavailable':
      throw new ApiError('PAYMENT_METHOD_UNAVAILABLE');
    case 'coupon_invalid':
      throw new ApiError('COUPON_INVALID');
    case 'product_not_found':
      throw new ApiError('PRODUCT_NOT_FOUND');
    case 'price_changed':
      throw new ApiError('PRICE_CHANGED', { items: outcome.items });
    case 'out_of_stock':
      throw new ApiError('OUT_OF_STOCK_ITEMS', { items: outcome.items });
  }
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/orders', async (request, reply) => {
    const me = requireAuth(request);
    const parsed = parseBody(placeOrderBodySchema, request.body);
    refuseNul(parsed);
    const body = resolveOrderBody(parsed, request);
    const outcome = await app.repos.orders.place({ userId: me.userId, body, now: app.authOptions.now() });
    const order = placedOrThrow(outcome);
    // docs/SELLERS.md "Alerts": after COMMIT; never fails the order.
    if (outcome.kind === 'created') await alertNewOrder(app, request.log, order);
    return reply.code(outcome.kind === 'created' ? 201 : 200).send({ success: true, message: 'Order placed', data: order });
  });

  app.get('/api/orders', async (request) => {
    const me = requireAuth(request);
    // The spec's client asks with ?customer_id=<its own id>: ignored when it is the caller's, refused when not.
    const { customer_id: customer, ...rest } = (request.query ?? {}) as Record<string, unknown>;
    if (customer !== undefined && customer !== '') {
      const parsed = parseRequest(z.object({ customer_id: positiveInt(MAX_ID) }), 'query', { customer_id: customer });
      if (parsed.customer_id !== me.userId) throw new ApiError('FORBIDDEN');
    }
    const list = await app.repos.orders.list(me.userId, listQuery(rest));
    return { success: true, data: list.items, meta: pageMeta(list) };
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request) => {
    const me = requireAuth(request);
    const order = await app.repos.orders.find(me.userId, orderKeyOrThrow(request.params.id));
    if (!order) throw new ApiError('ORDER_NOT_FOUND');
    return { success: true, data: order };
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/cancel', async (request) => {
    const me = requireAuth(request);
    const key = orderKeyOrThrow(request.params.id);
    const outcome = await app.repos.orders.move({ kind: 'buyer', userId: me.userId }, { key, to: 'cancelled', now: app.authOptions.now() });
    if (outcome.kind === 'not_found') throw new ApiError('ORDER_NOT_FOUND');
    if (outcome.kind !== 'ok') throw new ApiError('ORDER_NOT_CANCELLABLE');
    // The stock put back re-arms the low-stock alerts of its variants (docs/SELLERS.md "Alerts").
    await alertLowStock(app, request.log, { restocked: outcome.order.items.map((item) => item.variant_id) });
    return { success: true, message: 'Order cancelled', data: outcome.order };
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id/review-status', async (request) => {
    const me = requireAuth(request);
    const status = await app.repos.orders.reviewStatus(me.userId, orderKeyOrThrow(request.params.id));
    if (!status) throw new ApiError('ORDER_NOT_FOUND');
    return { success: true, data: status };
  });
}
