/**
 * A seller's payouts (docs/MONEY.md "Payouts"): GET /api/seller/payouts lists their own shop's payouts, newest
 * period first; GET /api/seller/payouts/{id}/statement.csv is one of them line by line. Sellers only (guest 401,
 * other roles 403); another shop's payout, or an id that is none, is 404 PAYOUT_NOT_FOUND.
 */
import type { FastifyInstance } from 'fastify';
import { statementCsv } from '../../domain/ledger-statement';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';

export async function sellerPayoutRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/seller/payouts', async (request) => {
    const me = requireRole(request, 'seller');
    const shopId = await app.repos.orders.ownShopId(me.userId);
    return { success: true, data: shopId === null ? [] : await app.repos.payouts.forShop(shopId) };
  });

  app.get<{ Params: { id: string } }>('/api/seller/payouts/:id/statement.csv', async (request, reply) => {
    const me = requireRole(request, 'seller');
    const id = parseId(request.params.id);
    const shopId = await app.repos.orders.ownShopId(me.userId);
    if (id === null || shopId === null) throw new ApiError('PAYOUT_NOT_FOUND');
    const statement = await app.repos.payouts.statement(shopId, id);
    if (!statement) throw new ApiError('PAYOUT_NOT_FOUND');
    const name = `statement-${statement.payout.period_end}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`\uFEFF${statementCsv(statement.lines)}`);
  });
}
