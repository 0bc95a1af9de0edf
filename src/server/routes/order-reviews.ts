/**
 * POST /api/reviews/order (docs/COMMERCE.md, "Orders API"): the buyer of a
 * delivered order reviews several of its products at once (201 "Reviews
 * submitted"). Not delivered → 422 ORDER_NOT_DELIVERED; a product the order
 * does not hold → 422 VALIDATION on that entry; products already reviewed are
 * skipped and listed in `skipped`. JSON only (no images: those go through
 * POST /api/reviews).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/guards';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { newReviewSchema } from '../http/review-bodies';
import { refuseNul } from './orders';

/** At most one review per product, and orders hold few products: a generous bound. */
const MAX_REVIEWS_PER_SUBMISSION = 50;

const orderReviewsBodySchema = z.object({
  order_id: z.union([z.number().int().positive(), z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)], {
    error: (issue) => (issue.input === undefined ? fieldMessages.required('order id') : fieldMessages.invalid('order id')),
  }),
  reviews: z
    .array(newReviewSchema, { error: (issue) => (issue.input === undefined ? fieldMessages.required('reviews') : fieldMessages.invalid('reviews')) })
    .min(1, fieldMessages.required('reviews'))
    .max(MAX_REVIEWS_PER_SUBMISSION, fieldMessages.invalid('reviews')),
});

export async function orderReviewRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.post('/api/reviews/order', async (request, reply) => {
    const me = requireAuth(request);
    const body = parseBody(orderReviewsBodySchema, request.body);
    refuseNul(body);
    const reviews = body.reviews.map((r) => ({ product_id: r.product_id, rating: r.rating, title: r.title ?? '', content: r.content }));
    const outcome = await app.repos.orders.review(me.userId, String(body.order_id), reviews, app.authOptions.now());
    switch (outcome.kind) {
      case 'not_found':
        throw new ApiError('ORDER_NOT_FOUND');
      case 'not_delivered':
        throw new ApiError('ORDER_NOT_DELIVERED');
      case 'not_in_order': {
        const errors = outcome.indexes.map((i) => ({ parameter: `reviews.${i}.product_id`, message: fieldMessages.invalid('product id') }));
        throw new ApiError('VALIDATION', { message: errors[0]?.message ?? fieldMessages.invalid('product id'), errors });
      }
      case 'ok':
        return reply.code(201).send({ success: true, message: 'Reviews submitted', data: outcome.reviews, skipped: outcome.skipped });
    }
  });
}
