/**
 * Sellers' orders (docs/COMMERCE.md, "Orders API"): the orders holding their
 * shop's items (each with only that shop's items), and status moves checked by
 * the order-status machine. A seller may move an order that holds an item of
 * their shop; an admin any order. Someone else's order is 404 ORDER_NOT_FOUND. A delivery books the sellers'
 * ledger, and may carry the cash collected of a COD order (`cod_collected`, docs/MONEY.md). `returned` (after
 * delivered) is an admin's move only (a seller 403): it reverses the order's ledger entries (docs/MONEY.md "Returns").
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../domain/commerce';
import { toCentimes } from '../../domain/money';
import { requireRole } from '../auth/guards';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { pageMeta } from '../http/page-meta';
import { CONTROL_CHARS } from '../http/query-params';
import { listQuery, orderKeyOrThrow } from './orders';
import { alertLowStock } from '../alerts/seller-alerts';

const moveBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, {
    error: (issue) => (issue.input === undefined ? fieldMessages.required('status') : fieldMessages.invalid('status')),
  }),
  tracking_number: z
    .string({ error: () => fieldMessages.type('tracking number') })
    .trim()
    .min(1, fieldMessages.required('tracking number'))
    .max(100, fieldMessages.max('tracking number', 100))
    .refine((s) => !CONTROL_CHARS.test(s), fieldMessages.invalid('tracking number'))
    .nullish()
    .transform((v) => v ?? undefined),
  /** docs/MONEY.md: the cash collected on a COD delivery (MAD), with status delivered only. */
  cod_collected: z
    .number({ error: () => fieldMessages.invalid('cod collected') })
    .nonnegative(fieldMessages.invalid('cod collected'))
    .max(10_000_000, fieldMessages.invalid('cod collected'))
    .multipleOf(0.01, fieldMessages.invalid('cod collected'))
    .nullish()
    .transform((v) => v ?? undefined),
}).refine((body) => body.cod_collected === undefined || body.status === 'delivered', {
  path: ['cod_collected'],
  message: 'The cod collected field is only for a delivery.',
});

export async function sellerOrderRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/seller/orders', async (request) => {
    const me = requireRole(request, 'seller');
    const q = listQuery(request.query);
    const shopId = await app.repos.orders.ownShopId(me.userId);
    if (shopId === null) return { success: true, data: [], meta: pageMeta({ page: q.page, perPage: q.perPage, total: 0, lastPage: 1 }) };
    const list = await app.repos.orders.listForShop(shopId, q);
    return { success: true, data: list.items, meta: pageMeta(list) };
  });

  app.patch<{ Params: { id: string } }>('/api/seller/orders/:id', async (request) => {
    const me = requireRole(request, 'seller', 'admin');
    const key = orderKeyOrThrow(request.params.id);
    const body = parseBody(moveBodySchema, request.body);
    // docs/MONEY.md "Returns": a return reverses every shop's lines of the order, so it is the operator's (admin).
    if (body.status === 'returned' && me.role !== 'admin') throw new ApiError('FORBIDDEN');
    const outcome = await app.repos.orders.move(
      { kind: 'staff', userId: me.userId, role: me.role },
      {
        key,
        to: body.status,
        trackingNumber: body.tracking_number,
        codCollectedCents: body.cod_collected === undefined ? undefined : toCentimes(body.cod_collected),
        now: app.authOptions.now(),
      },
    );
    switch (outcome.kind) {
      case 'ok':
        // Stock put back (a cancel; a return does not restock) re-arms the low-stock alerts of its variants (docs/SELLERS.md "Alerts").
        if (body.status === 'cancelled') await alertLowStock(app, request.log, { restocked: outcome.order.items.map((item) => item.variant_id) });
        return { success: true, message: 'Order updated', data: outcome.order };
      case 'not_found':
        throw new ApiError('ORDER_NOT_FOUND');
      case 'invalid':
        throw new ApiError('ORDER_TRANSITION_INVALID', { message: `An order cannot move from ${outcome.from} to ${outcome.to}.`, from: outcome.from, to: outcome.to });
      case 'not_cancellable':
        throw new ApiError('ORDER_NOT_CANCELLABLE');
      case 'not_cod':
        throw new ApiError('ORDER_NOT_COD');
    }
  });
}
