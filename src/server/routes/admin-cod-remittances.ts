/**
 * COD remittances (docs/OPERATOR.md "COD remittances"), admins only (money is not the manager's; guest 401, other
 * roles 403):
 * - POST /api/admin/cod-remittances {courier, amount, received_at, order_ids} records the cash a courier handed
 *   over against the cash collected on delivery of those orders: 201 with the remittance and its difference;
 *   an order without cash collected (or unknown) 422 ORDER_NOT_COLLECTED, an order some remittance covers already
 *   409 ORDER_ALREADY_REMITTED (both naming `order_ids`);
 * - GET /api/admin/cod-remittances/report?from=&to= reconciles the remittances received in the range (calendar
 *   dates, Africa/Casablanca, both included; a missing one from the current period) and lists the cash collected
 *   and not remitted yet.
 * A difference stays on this report: nothing here writes a seller's ledger.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { repeatedIds } from '../../domain/cod-remittance';
import { addDays, isLocalDate, periodOf, startOfCasablancaDay } from '../../domain/ledger';
import { toCentimes } from '../../domain/money';
import { requireRole } from '../auth/guards';
import { MAX_ID } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody, requiredText } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CONTROL_CHARS } from '../http/query-params';
import { parseRequest, RequestValidationError } from '../http/validation';

export const REMITTANCE_MAX_ORDERS = 500;
/** The longest report range, in days. */
export const REPORT_MAX_RANGE_DAYS = 366;
/** A remittance may be recorded as received at most this far ahead of the server's clock (clock skew). */
const RECEIVED_AHEAD_MS = 24 * 60 * 60 * 1000;

const bodySchema = z.object({
  courier: requiredText('courier', 100).refine((s) => !CONTROL_CHARS.test(s), fieldMessages.invalid('courier')),
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required('amount') : fieldMessages.invalid('amount')) })
    .nonnegative(fieldMessages.invalid('amount'))
    .max(100_000_000, fieldMessages.invalid('amount'))
    .multipleOf(0.01, fieldMessages.invalid('amount')),
  received_at: z
    .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required('received at') : fieldMessages.invalid('received at')) })
    .int(fieldMessages.invalid('received at'))
    .min(0, fieldMessages.invalid('received at'))
    .max(8_640_000_000_000_000, fieldMessages.invalid('received at')),
  order_ids: z
    .array(z.number({ error: () => fieldMessages.invalid('order ids') }).int(fieldMessages.invalid('order ids')).min(1, fieldMessages.invalid('order ids')).max(MAX_ID, fieldMessages.invalid('order ids')), {
      error: (issue) => (issue.input === undefined ? fieldMessages.required('order ids') : fieldMessages.invalid('order ids')),
    })
    .min(1, fieldMessages.required('order ids'))
    .max(REMITTANCE_MAX_ORDERS, `The order ids may not have more than ${REMITTANCE_MAX_ORDERS} items.`)
    .refine((ids) => repeatedIds(ids).length === 0, 'The order ids field has a duplicate value.'),
});

const dateParam = z.string().trim().refine(isLocalDate, 'must be a date written YYYY-MM-DD');
const reportQuerySchema = z.object({ from: dateParam.optional(), to: dateParam.optional() });

export async function adminCodRemittanceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/admin/cod-remittances', async (request, reply) => {
    const me = requireRole(request, 'admin');
    const body = parseBody(bodySchema, request.body);
    const now = app.authOptions.now();
    if (body.received_at > now + RECEIVED_AHEAD_MS) {
      throw new ApiError('VALIDATION', { message: 'The received at must not be in the future.', errors: [{ parameter: 'received_at', message: 'The received at must not be in the future.' }] });
    }
    const outcome = await app.repos.codRemittances.record(
      { courier: body.courier, amountCents: toCentimes(body.amount), receivedAt: body.received_at, orderIds: body.order_ids },
      { userId: me.userId, role: me.role },
      now,
    );
    switch (outcome.kind) {
      case 'ok':
        reply.code(201);
        return { success: true, message: 'Remittance recorded', data: outcome.remittance };
      case 'not_collected':
        throw new ApiError('ORDER_NOT_COLLECTED', { order_ids: outcome.orderIds });
      case 'already_remitted':
        throw new ApiError('ORDER_ALREADY_REMITTED', { order_ids: outcome.orderIds });
    }
  });

  app.get('/api/admin/cod-remittances/report', async (request) => {
    requireRole(request, 'admin');
    const q = parseRequest(reportQuerySchema, 'query', request.query);
    const current = periodOf(app.authOptions.now());
    const from = q.from ?? (q.to !== undefined && q.to < current.start ? q.to : current.start);
    const to = q.to ?? (from > current.end ? from : current.end);
    if (from > to) throw new RequestValidationError('query', [{ parameter: 'from', message: 'must not be after to' }]);
    if (addDays(from, REPORT_MAX_RANGE_DAYS) <= to) {
      throw new RequestValidationError('query', [{ parameter: 'to', message: `must be less than ${REPORT_MAX_RANGE_DAYS} days after from` }]);
    }
    const report = await app.repos.codRemittances.report(startOfCasablancaDay(from), startOfCasablancaDay(addDays(to, 1)));
    return { success: true, data: report, meta: { from, to } };
  });
}
