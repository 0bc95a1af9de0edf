/**
 * The operator's moderation (issue 24, docs/OPERATOR.md "Console API"; admin and manager):
 *
 * - PATCH /api/admin/reviews/{id} {hidden: bool, reason}: hiding needs a reason, which the author sees; a hidden
 *   review leaves public reads, the product's rating and the reviews pull (a tombstone). Unknown id, or a review
 *   its author deleted, 404 REVIEW_NOT_FOUND.
 * - PATCH /api/admin/community/posts/{id} {status: "closed"} or {hidden: bool, reason}: closes the request as its
 *   author would, or hides it (a reason needed) from the public lists and reads. Unknown id 404 POST_NOT_FOUND.
 *
 * (PATCH /api/admin/products/{id} {published, reason} is in admin-catalog.ts, beside the product's texts.)
 * A guest 401, other roles 403, a bad body 422 VALIDATION naming the field. Each write records its audit row in
 * its own transaction.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { reasonField, reasonRequired } from '../http/moderation-bodies';

const hiddenField = z.boolean({
  error: (issue) => (issue.input === undefined ? fieldMessages.required('hidden') : 'The hidden field must be true or false.'),
});

const reviewBodySchema = z.object({ hidden: hiddenField, reason: reasonField() }).refine((b) => !b.hidden || b.reason !== null, reasonRequired);

const postBodySchema = z
  .object({
    status: z.enum(['closed'], { error: () => fieldMessages.invalid('status') }).optional(),
    hidden: hiddenField.optional(),
    reason: reasonField(),
  })
  .refine((b) => b.status !== undefined || b.hidden !== undefined, { path: ['hidden'], message: fieldMessages.required('hidden') })
  .refine((b) => b.hidden !== true || b.reason !== null, reasonRequired);

export async function adminModerationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.patch<{ Params: { id: string } }>('/api/admin/reviews/:id', async (request) => {
    const me = requireRole(request, 'admin', 'manager');
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('REVIEW_NOT_FOUND');
    const body = parseBody(reviewBodySchema, request.body);
    const outcome = await app.repos.operator.moderateReview(id, body.hidden, body.reason, { actor: me, now: app.authOptions.now() });
    if (outcome.kind === 'not_found') throw new ApiError('REVIEW_NOT_FOUND');
    return { success: true, message: 'Review updated', data: outcome.review };
  });

  app.patch<{ Params: { id: string } }>('/api/admin/community/posts/:id', async (request) => {
    const me = requireRole(request, 'admin', 'manager');
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('POST_NOT_FOUND');
    const body = parseBody(postBodySchema, request.body);
    const outcome = await app.repos.operator.moderatePost(id, body, { actor: me, now: app.authOptions.now() });
    if (outcome.kind === 'not_found') throw new ApiError('POST_NOT_FOUND');
    return { success: true, message: 'Request updated', data: outcome.post };
  });
}
