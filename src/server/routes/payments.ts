/**
 * POST /api/payments (docs/COMMERCE.md): the spec's client calls it for
 * non-cash methods. Only cash on delivery is taken, and it is paid to the
 * courier, so nothing is ever charged here: cod → 422 PAYMENT_NOT_NEEDED,
 * card/PayPal → 422 PAYMENT_METHOD_UNAVAILABLE. The body is still checked.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../domain/commerce';
import { requireAuth } from '../auth/guards';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';

const paymentBodySchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required('amount') : fieldMessages.invalid('amount')) })
    .nonnegative(fieldMessages.invalid('amount'))
    .max(1e9, fieldMessages.invalid('amount')),
  payment_info: z.record(z.string(), z.unknown(), { error: () => fieldMessages.invalid('payment info') }).nullish(),
  payment_method: z.enum(PAYMENT_METHODS, {
    error: (issue) => (issue.input === undefined ? fieldMessages.required('payment method') : fieldMessages.invalid('payment method')),
  }),
});

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/payments', async (request) => {
    requireAuth(request);
    const body = parseBody(paymentBodySchema, request.body);
    throw new ApiError(body.payment_method === 'cod' ? 'PAYMENT_NOT_NEEDED' : 'PAYMENT_METHOD_UNAVAILABLE');
  });
}
