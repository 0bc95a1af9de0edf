/**
 * The operator's adjustments (docs/MONEY.md "Adjustments"): POST /api/admin/shops/{id}/adjustments
 * {amount (signed MAD), reason} books an `adjustment` entry in the shop's ledger, in the current period, audited
 * with its reason. Admins only (money is not the manager's; guest 401, other roles 403); an unknown shop 404
 * SHOP_NOT_FOUND; an amount of 0 or beyond ±1,000,000 MAD, or a missing reason, 422 VALIDATION.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toCentimes } from '../../domain/money';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody, requiredText } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CONTROL_CHARS } from '../http/query-params';

export const ADJUSTMENT_MAX_MAD = 1_000_000;

const bodySchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required('amount') : fieldMessages.invalid('amount')) })
    .min(-ADJUSTMENT_MAX_MAD, fieldMessages.invalid('amount'))
    .max(ADJUSTMENT_MAX_MAD, fieldMessages.invalid('amount'))
    .multipleOf(0.01, fieldMessages.invalid('amount'))
    .refine((n) => n !== 0, fieldMessages.invalid('amount')),
  reason: requiredText('reason', 500).refine((s) => !CONTROL_CHARS.test(s), fieldMessages.invalid('reason')),
});

export async function adminAdjustmentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post<{ Params: { id: string } }>('/api/admin/shops/:id/adjustments', async (request, reply) => {
    const me = requireRole(request, 'admin');
    const shopId = parseId(request.params.id);
    if (shopId === null) throw new ApiError('SHOP_NOT_FOUND');
    const body = parseBody(bodySchema, request.body);
    const outcome = await app.repos.adjustments.book(shopId, toCentimes(body.amount), body.reason, { userId: me.userId, role: me.role }, app.authOptions.now());
    if (outcome.kind === 'shop_not_found') throw new ApiError('SHOP_NOT_FOUND');
    reply.code(201);
    return { success: true, message: 'Adjustment booked', data: outcome.adjustment };
  });
}
