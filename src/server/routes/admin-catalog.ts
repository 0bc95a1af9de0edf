/**
 * The operator's writes of catalogue texts (issue 22, docs/CATALOGUE.md "Writing texts"): a product's, a
 * category's and a shop's names (and descriptions) in the six languages. An admin or a manager (decisions.md
 * "Roles"); a guest 401, any other role 403, an unknown or deleted id 404, a bad body 422 VALIDATION naming the
 * field. Answers are the public shapes, in the request's language, with every language's map. Later issues (the
 * operator's console) add fields to these routes. A shop's texts are written by PATCH /api/admin/shops/{id}, which
 * also takes the shop's status and flags (routes/admin-shops.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError, type ApiErrorCode } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CATALOG_TEXTS_BODY_LIMIT, catalogTextsBodySchema, categoryTextsBodySchema } from '../http/catalog-texts-body';
import { toCategoryResponse } from '../http/category-response';
import { toResponses } from '../http/product-responses';
import { requestLanguage } from '../http/request-language';

/** Who may write catalogue texts: the operator's roles. */
function operator(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('cache-control', NO_STORE);
  requireRole(request, 'admin', 'manager');
}

function idOrThrow(raw: string, notFound: ApiErrorCode): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError(notFound);
  return id;
}

export async function adminCatalogRoutes(app: FastifyInstance): Promise<void> {
  const options = { bodyLimit: CATALOG_TEXTS_BODY_LIMIT };

  app.patch<{ Params: { id: string } }>('/api/admin/products/:id', options, async (request, reply) => {
    operator(request, reply);
    const id = idOrThrow(request.params.id, 'PRODUCT_NOT_FOUND');
    const body = parseBody(catalogTextsBodySchema, request.body);
    const doc = await app.repos.products.writeTexts(id, body);
    if (!doc) throw new ApiError('PRODUCT_NOT_FOUND');
    const [data] = await toResponses(app, [doc], requestLanguage(request, reply));
    return { success: true, message: 'Product updated', data };
  });

  app.patch<{ Params: { id: string } }>('/api/admin/categories/:id', options, async (request, reply) => {
    operator(request, reply);
    const id = idOrThrow(request.params.id, 'CATEGORY_NOT_FOUND');
    const names = parseBody(categoryTextsBodySchema, request.body);
    const doc = await app.repos.categories.writeTexts(id, names);
    if (!doc) throw new ApiError('CATEGORY_NOT_FOUND');
    const all = await app.repos.categories.live(doc.gender);
    return { success: true, message: 'Category updated', data: toCategoryResponse(doc, all, requestLanguage(request, reply)) };
  });
}
