/**
 * The operator's writes of catalogue texts (issue 22, docs/CATALOGUE.md "Writing texts"): a product's, a
 * category's and a shop's names (and descriptions) in the six languages. An admin or a manager (decisions.md
 * "Roles"); a guest 401, any other role 403, an unknown or deleted id 404, a bad body 422 VALIDATION naming the
 * field. Answers are the public shapes, in the request's language, with every language's map. Every write records
 * its audit row in its own transaction (issue 24, docs/OPERATOR.md "Audit").
 *
 * Issue 24: PATCH /api/admin/products/{id} {published, reason} is the operator's moderation instead (a body with
 * `published` or `reason`): unpublishing needs a reason, which the seller sees (moderation_reason); the product
 * leaves public reads by the visibility rule. It finds unpublished products too. The answer is
 * {id, shop_id, published, visible, moderation_reason}. A shop's texts are written by PATCH /api/admin/shops/{id}, which
 * also takes the shop's status and flags (routes/admin-shops.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole, type Principal } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError, type ApiErrorCode } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CATALOG_TEXTS_BODY_LIMIT, catalogTextsBodySchema, categoryTextsBodySchema } from '../http/catalog-texts-body';
import { toCategoryResponse } from '../http/category-response';
import { reasonField, reasonRequired } from '../http/moderation-bodies';
import { toResponses } from '../http/product-responses';
import { requestLanguage } from '../http/request-language';

/** Who may write catalogue texts: the operator's roles. */
function operator(request: FastifyRequest, reply: FastifyReply): Principal {
  reply.header('cache-control', NO_STORE);
  return requireRole(request, 'admin', 'manager');
}

/** Issue 24: a product PATCH holding one of these keys is a moderation (published, reason), not texts. */
const MODERATION_KEYS = ['published', 'reason'];

const productModerationBodySchema = z
  .object({
    published: z.boolean({
      error: (issue) => (issue.input === undefined ? fieldMessages.required('published') : 'The published field must be true or false.'),
    }),
    reason: reasonField(),
  })
  .refine((body) => body.published || body.reason !== null, reasonRequired);

function idOrThrow(raw: string, notFound: ApiErrorCode): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError(notFound);
  return id;
}

export async function adminCatalogRoutes(app: FastifyInstance): Promise<void> {
  const options = { bodyLimit: CATALOG_TEXTS_BODY_LIMIT };

  app.patch<{ Params: { id: string } }>('/api/admin/products/:id', options, async (request, reply) => {
    const me = operator(request, reply);
    const id = idOrThrow(request.params.id, 'PRODUCT_NOT_FOUND');
    const audited = { actor: me, now: app.authOptions.now() };
    const raw: unknown = request.body;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && MODERATION_KEYS.some((key) => key in raw)) {
      const moderation = parseBody(productModerationBodySchema, raw);
      const outcome = await app.repos.operator.moderateProduct(id, moderation.published, moderation.reason, audited);
      if (outcome.kind === 'not_found') throw new ApiError('PRODUCT_NOT_FOUND');
      return { success: true, message: 'Product updated', data: outcome.product };
    }
    const body = parseBody(catalogTextsBodySchema, raw);
    const doc = await app.repos.operator.writeProductTexts(id, body, audited);
    if (!doc) throw new ApiError('PRODUCT_NOT_FOUND');
    const [data] = await toResponses(app, [doc], requestLanguage(request, reply));
    return { success: true, message: 'Product updated', data };
  });

  app.patch<{ Params: { id: string } }>('/api/admin/categories/:id', options, async (request, reply) => {
    const me = operator(request, reply);
    const id = idOrThrow(request.params.id, 'CATEGORY_NOT_FOUND');
    const names = parseBody(categoryTextsBodySchema, request.body);
    const doc = await app.repos.operator.writeCategoryTexts(id, names, { actor: me, now: app.authOptions.now() });
    if (!doc) throw new ApiError('CATEGORY_NOT_FOUND');
    const all = await app.repos.categories.live(doc.gender);
    return { success: true, message: 'Category updated', data: toCategoryResponse(doc, all, requestLanguage(request, reply)) };
  });
}
