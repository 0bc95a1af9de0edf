/**
 * The operator's payouts (docs/MONEY.md "Payouts"): GET /api/admin/payouts?status=&period_end= lists them;
 * GET /api/admin/payouts.csv with the same filters is them as a spreadsheet (UTF-8 with BOM, domain/payouts-csv.ts);
 * PATCH /api/admin/payouts/{id} {status: "paid" | "failed", reference} decides a pending one (paid needs the
 * transfer's reference; failed gives the amount back to the shop's balance for the next close). Admins only
 * (guest 401, other roles 403); an unknown id 404 PAYOUT_NOT_FOUND; a payout already decided 409
 * PAYOUT_NOT_PENDING.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isLocalDate, PAYOUT_STATUSES } from '../../domain/ledger';
import { payoutsCsv } from '../../domain/payouts-csv';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CONTROL_CHARS, enumParam } from '../http/query-params';
import { parseRequest } from '../http/validation';

const listQuerySchema = z.object({
  status: enumParam(PAYOUT_STATUSES).optional(),
  period_end: z.string().trim().refine(isLocalDate, 'must be a date written YYYY-MM-DD').optional(),
});

const markBodySchema = z
  .object({
    status: z.enum(['paid', 'failed'], {
      error: (issue) => (issue.input === undefined ? fieldMessages.required('status') : fieldMessages.invalid('status')),
    }),
    reference: z
      .string({ error: () => fieldMessages.type('reference') })
      .trim()
      .max(200, fieldMessages.max('reference', 200))
      .refine((s) => !CONTROL_CHARS.test(s), fieldMessages.invalid('reference'))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((body) => body.status !== 'paid' || body.reference !== null, { path: ['reference'], message: fieldMessages.required('reference') });

export async function adminPayoutRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get('/api/admin/payouts', async (request) => {
    requireRole(request, 'admin');
    const q = parseRequest(listQuerySchema, 'query', request.query);
    return { success: true, data: await app.repos.payouts.list({ status: q.status, periodEnd: q.period_end }) };
  });

  app.get('/api/admin/payouts.csv', async (request, reply) => {
    requireRole(request, 'admin');
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const rows = await app.repos.payouts.csvRows({ status: q.status, periodEnd: q.period_end });
    const name = `payouts${q.period_end ? `-${q.period_end}` : ''}${q.status ? `-${q.status}` : ''}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`\uFEFF${payoutsCsv(rows)}`);
  });

  app.patch<{ Params: { id: string } }>('/api/admin/payouts/:id', async (request) => {
    const me = requireRole(request, 'admin');
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('PAYOUT_NOT_FOUND');
    const body = parseBody(markBodySchema, request.body);
    // Audited in the mark's transaction (docs/OPERATOR.md "Audit").
    const outcome = await app.repos.operator.markPayout(id, body.status, body.reference, { actor: me, now: app.authOptions.now() });
    switch (outcome.kind) {
      case 'ok':
        return { success: true, message: 'Payout updated', data: outcome.payout };
      case 'not_found':
        throw new ApiError('PAYOUT_NOT_FOUND');
      case 'not_pending':
        throw new ApiError('PAYOUT_NOT_PENDING', { message: `This payout is already ${outcome.status}.` });
    }
  });
}
