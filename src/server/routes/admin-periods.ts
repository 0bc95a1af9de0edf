/**
 * POST /api/admin/periods/close {period_end} (docs/MONEY.md "Payouts"): closes the payout period that ends on
 * that date (the 15th or a month's last day, Africa/Casablanca), making a pending payout for each shop owed a
 * positive amount for deliveries older than the return window. Idempotent: closing it again makes nothing.
 * Admins only (decisions.md "Roles": money is the admin's); a guest 401, other roles 403; a date that is not a
 * period end 422 VALIDATION, a period not over yet 422 PERIOD_NOT_ENDED.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { casablancaDate, isLocalDate, isPeriodEnd } from '../../domain/ledger';
import { requireRole } from '../auth/guards';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';

const closeBodySchema = z.object({
  period_end: z
    .string({ error: (issue) => (issue.input === undefined ? fieldMessages.required('period end') : fieldMessages.invalid('period end')) })
    .trim()
    .refine(isLocalDate, 'The period end must be a date written YYYY-MM-DD.')
    .refine(isPeriodEnd, 'The period end must be the 15th or the last day of a month.'),
});

export async function adminPeriodRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/admin/periods/close', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireRole(request, 'admin');
    const body = parseBody(closeBodySchema, request.body);
    const now = app.authOptions.now();
    if (body.period_end >= casablancaDate(now)) throw new ApiError('PERIOD_NOT_ENDED');
    // Audited in the close's transaction (docs/OPERATOR.md "Audit").
    const result = await app.repos.operator.closePeriod(body.period_end, { actor: me, now });
    return { success: true, message: result.created.length > 0 ? 'Period closed' : 'Period already closed', data: result };
  });
}
