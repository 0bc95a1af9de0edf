/**
 * The seller's ledger (docs/MONEY.md): GET /api/seller/ledger?from=&to= gives their own shop's entries made
 * from the start of `from` to the end of `to` (calendar dates, Africa/Casablanca; a missing one comes from the
 * current period, or from the other's period when that lies wholly before or after it; at most a year), with
 * the range's totals and the balance up to its end. Sellers only (buyers and the operator 403); a seller without
 * a shop gets an empty ledger.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addDays, isLocalDate, nextPayoutDate, periodOf, periodOfDate, startOfCasablancaDay, type LocalDate } from '../../domain/ledger';
import { requireRole } from '../auth/guards';
import { NO_STORE } from '../http/cache-control';
import { parseRequest, RequestValidationError } from '../http/validation';

/** The longest range one request reads, in days. */
export const LEDGER_MAX_RANGE_DAYS = 366;

const dateParam = z.string().trim().refine(isLocalDate, 'must be a date written YYYY-MM-DD');

const ledgerQuerySchema = z.object({ from: dateParam.optional(), to: dateParam.optional() });

/** The range asked for, a missing end taken from the current period (or from the given end's own period). */
function rangeOf(query: unknown, now: number): { from: LocalDate; to: LocalDate } {
  const q = parseRequest(ledgerQuerySchema, 'query', query);
  const current = periodOf(now);
  const from = q.from ?? (q.to !== undefined && q.to < current.start ? periodOfDate(q.to).start : current.start);
  const to = q.to ?? (from > current.end ? periodOfDate(from).end : current.end);
  if (from > to) throw new RequestValidationError('query', [{ parameter: 'from', message: 'must not be after to' }]);
  if (addDays(from, LEDGER_MAX_RANGE_DAYS) <= to) {
    throw new RequestValidationError('query', [{ parameter: 'to', message: `must be less than ${LEDGER_MAX_RANGE_DAYS} days after from` }]);
  }
  return { from, to };
}

export async function sellerLedgerRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/seller/ledger', async (request) => {
    const me = requireRole(request, 'seller');
    const now = app.authOptions.now();
    const { from, to } = rangeOf(request.query, now);
    const meta = { from, to, period: periodOf(now), next_payout_date: nextPayoutDate(now) };
    const shopId = await app.repos.orders.ownShopId(me.userId);
    if (shopId === null) return { success: true, data: [], totals: { sales: 0, commission: 0, refunds: 0, net: 0, balance: 0 }, meta };
    const ledger = await app.repos.ledger.forShop(shopId, { from: startOfCasablancaDay(from), to: startOfCasablancaDay(addDays(to, 1)) });
    return { success: true, data: ledger.entries, totals: ledger.totals, meta };
  });
}
