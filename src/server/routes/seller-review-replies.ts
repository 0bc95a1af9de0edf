/**
 * The seller's replies to reviews (issue 23, docs/SELLERS.md "Replies to reviews"):
 *
 * - GET /api/seller/reviews?unreplied=1&page=&per_page= — the reviews of the seller's products, newest first
 *   (only those without a reply with `unreplied`), each with its product; `meta.unreplied` counts those.
 * - POST /api/seller/reviews/{id}/reply {text} — the shop's one reply to the review: 201 when it is written,
 *   200 when it replaces the reply (a second POST edits it). The review's updated_at moves, so the public reads,
 *   the reviews pull and the live stream carry it.
 *
 * Only a seller (guest 401, other roles 403). A review that is not of a product of the seller's shop, or is
 * deleted or hidden, is 404 REVIEW_NOT_FOUND, like a missing one. `text` is trimmed, 1–1000 characters, without
 * control characters other than line breaks and tabs: else 422 VALIDATION. Never cached.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REVIEW_MAX_PAGE_SIZE, REVIEW_REPLY_MAX } from '../../domain/social';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { pageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { CONTROL_CHARS, flag, positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';
import { noStore, sellerOf } from './seller-products';

export const SELLER_REVIEWS_DEFAULT_PAGE_SIZE = 10;

/** Whether the text holds a control character other than tab, line feed and carriage return. */
const hasControlChars = (s: string): boolean => CONTROL_CHARS.test(s.replace(/[\t\n\r]/g, ''));

const replyBodySchema = z.strictObject(
  {
    text: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? fieldMessages.required('text') : fieldMessages.type('text')) })
      .trim()
      .min(1, fieldMessages.required('text'))
      .max(REVIEW_REPLY_MAX, fieldMessages.max('text', REVIEW_REPLY_MAX))
      .refine((s) => !hasControlChars(s), 'The text may not contain control characters.'),
  },
  { error: () => 'Only the text field is allowed.' },
);

const listQuerySchema = z.object({
  unreplied: flag.optional(),
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(REVIEW_MAX_PAGE_SIZE).optional(),
});

export async function sellerReviewReplyRoutes(app: FastifyInstance): Promise<void> {
  noStore(app);

  app.get('/api/seller/reviews', async (request) => {
    const userId = sellerOf(request);
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const page = await app.repos.reviewReplies.list(userId, { unreplied: q.unreplied ?? false, page: q.page ?? 1, perPage: q.per_page ?? SELLER_REVIEWS_DEFAULT_PAGE_SIZE });
    return { success: true, data: page.items, meta: { ...pageMeta(page), unreplied: page.unreplied } };
  });

  app.post<{ Params: { id: string } }>('/api/seller/reviews/:id/reply', async (request, reply) => {
    const userId = sellerOf(request);
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('REVIEW_NOT_FOUND');
    const { text } = parseBody(replyBodySchema, request.body);
    const outcome = await app.repos.reviewReplies.reply(userId, id, text, app.authOptions.now());
    if (outcome.kind === 'not_found') throw new ApiError('REVIEW_NOT_FOUND');
    return reply.code(outcome.kind === 'created' ? 201 : 200).send({ success: true, message: 'Reply saved', data: outcome.review });
  });
}
