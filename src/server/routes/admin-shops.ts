/**
 * PATCH /api/admin/shops/{id}, for the operator's roles (admin, manager; decisions.md "Roles"): the shop's texts
 * (issue 22: names and descriptions, http/catalog-texts-body.ts) and its decisions (issue 23: `status` 'active' or
 * 'suspended', `is_verified`, `is_featured`; docs/SELLERS.md "Sign-up and shop status"), together or apart.
 *
 * A guest 401, any other role 403, an unknown or deleted id 404 SHOP_NOT_FOUND, a bad body 422 VALIDATION naming
 * the field (a body with neither texts nor decisions: "The names field is required."), activating a pending shop
 * whose phone its owner has not verified 409 SHOP_PHONE_NOT_VERIFIED (nothing written). The decisions are written
 * first (they may be refused), then the texts. The answer is the shop in the public shape, in the request's
 * language, with its status (pending included).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CATALOG_TEXTS_BODY_LIMIT, catalogTextsBodySchema } from '../http/catalog-texts-body';
import { requestLanguage } from '../http/request-language';
import { SHOP_DECISION_KEYS, shopDecisionsBodySchema } from '../http/seller-register-body';
import { toShopResponse } from '../http/shop-response';
import { ShopPhoneNotVerifiedError } from '../repositories/shop-status';

function operator(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('cache-control', NO_STORE);
  requireRole(request, 'admin', 'manager');
}

export async function adminShopRoutes(app: FastifyInstance): Promise<void> {
  app.patch<{ Params: { id: string } }>('/api/admin/shops/:id', { bodyLimit: CATALOG_TEXTS_BODY_LIMIT }, async (request, reply) => {
    operator(request, reply);
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('SHOP_NOT_FOUND');
    const raw = request.body;
    const decisions = parseBody(shopDecisionsBodySchema, raw);
    const entries = Object.entries(raw as Record<string, unknown>);
    const decided = entries.some(([key, value]) => (SHOP_DECISION_KEYS as readonly string[]).includes(key) && value !== undefined);
    const textEntries = entries.filter(([key]) => !(SHOP_DECISION_KEYS as readonly string[]).includes(key));
    // Texts are read when some are given, or when nothing else is (the texts' "names required").
    const texts = textEntries.length > 0 || !decided ? parseBody(catalogTextsBodySchema, Object.fromEntries(textEntries)) : null;

    let doc = null;
    if (decided) {
      try {
        doc = await app.repos.shops.setStatus(id, decisions);
      } catch (error) {
        if (error instanceof ShopPhoneNotVerifiedError) throw new ApiError('SHOP_PHONE_NOT_VERIFIED');
        throw error;
      }
      if (!doc) throw new ApiError('SHOP_NOT_FOUND');
    }
    if (texts) {
      doc = await app.repos.shops.writeTexts(id, texts);
      if (!doc) throw new ApiError('SHOP_NOT_FOUND');
    }
    if (!doc) throw new ApiError('SHOP_NOT_FOUND');
    return { success: true, message: 'Shop updated', data: toShopResponse(doc, requestLanguage(request, reply)) };
  });
}
