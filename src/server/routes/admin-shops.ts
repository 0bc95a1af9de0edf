/**
 * The operator's shops (admin, manager; decisions.md "Roles").
 *
 * GET /api/admin/shops?status=pending|active|suspended&q=&page=&per_page= (issue 24, docs/OPERATOR.md "Console
 * API"): the queue, with what the operator needs to decide (repositories/admin-shops-queue.ts). A bad parameter
 * 400 naming it.
 *
 * PATCH /api/admin/shops/{id}: the shop's texts (issue 22: names and descriptions, http/catalog-texts-body.ts) and
 * its decisions (issue 23: `status` 'active' or 'suspended', `is_verified`, `is_featured`; issue 24:
 * `commission_rate` (percent, admins only) and `reason`, required when suspending — rejecting a pending shop is
 * suspending it), together or apart. Every write records its audit row in its own transaction.
 *
 * A guest 401, any other role 403 (a manager setting commission_rate 403 too), an unknown or deleted id 404
 * SHOP_NOT_FOUND, a bad body 422 VALIDATION naming the field (a body with neither texts nor decisions: "The names
 * field is required."), activating a pending (or rejected) shop whose phone its owner has not verified 409
 * SHOP_PHONE_NOT_VERIFIED (nothing written). The decisions are written first (they may be refused), then the
 * texts. The answer is the shop in the public shape, in the request's language, with its status (pending
 * included).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole, type Principal } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE } from '../http/cache-control';
import { CATALOG_TEXTS_BODY_LIMIT, catalogTextsBodySchema } from '../http/catalog-texts-body';
import { enumParam, positiveInt, text } from '../http/query-params';
import { requestLanguage } from '../http/request-language';
import { SHOP_DECISION_KEYS, shopDecisionsBodySchema } from '../http/seller-register-body';
import { toShopResponse } from '../http/shop-response';
import { parseRequest } from '../http/validation';
import { ADMIN_SHOP_STATUSES } from '../repositories/admin-shops-queue';
import { ShopPhoneNotVerifiedError } from '../repositories/shop-status';
import { alertShopDecision, shopStateBefore } from '../alerts/seller-alerts';

const ADMIN_SHOPS_PAGE_SIZE = 20;

const listQuerySchema = z.object({
  status: enumParam(ADMIN_SHOP_STATUSES).optional(),
  q: text(100).optional(),
  page: positiveInt(10_000).optional(),
  per_page: positiveInt(100).optional(),
});

function operator(request: FastifyRequest, reply: FastifyReply): Principal {
  reply.header('cache-control', NO_STORE);
  return requireRole(request, 'admin', 'manager');
}

export async function adminShopRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/shops', async (request, reply) => {
    operator(request, reply);
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const page = await app.repos.operator.shops({ status: q.status, q: q.q, page: q.page ?? 1, perPage: q.per_page ?? ADMIN_SHOPS_PAGE_SIZE });
    return { success: true, ...page };
  });

  app.patch<{ Params: { id: string } }>('/api/admin/shops/:id', { bodyLimit: CATALOG_TEXTS_BODY_LIMIT }, async (request, reply) => {
    const me = operator(request, reply);
    const id = parseId(request.params.id);
    if (id === null) throw new ApiError('SHOP_NOT_FOUND');
    const raw = request.body;
    const decisions = parseBody(shopDecisionsBodySchema, raw);
    // Money is the admin's (decisions.md "Roles").
    if (decisions.commission_rate !== undefined && me.role !== 'admin') throw new ApiError('FORBIDDEN');
    const entries = Object.entries(raw as Record<string, unknown>);
    const decided = entries.some(([key, value]) => (SHOP_DECISION_KEYS as readonly string[]).includes(key) && value !== undefined);
    const textEntries = entries.filter(([key]) => !(SHOP_DECISION_KEYS as readonly string[]).includes(key));
    // Texts are read when some are given, or when nothing else is (the texts' "names required").
    const texts = textEntries.length > 0 || !decided ? parseBody(catalogTextsBodySchema, Object.fromEntries(textEntries)) : null;
    const audited = { actor: me, now: app.authOptions.now() };

    let doc = null;
    if (decided) {
      const before = await shopStateBefore(app, request.log, id);
      try {
        doc = await app.repos.operator.setShopStatus(id, decisions, audited);
      } catch (error) {
        if (error instanceof ShopPhoneNotVerifiedError) throw new ApiError('SHOP_PHONE_NOT_VERIFIED');
        throw error;
      }
      if (!doc) throw new ApiError('SHOP_NOT_FOUND');
      await alertShopDecision(app, request.log, id, before); // the owner's alert (docs/SELLERS.md "Alerts")
    }
    if (texts) {
      doc = await app.repos.operator.writeShopTexts(id, texts, audited);
      if (!doc) throw new ApiError('SHOP_NOT_FOUND');
    }
    if (!doc) throw new ApiError('SHOP_NOT_FOUND');
    return { success: true, message: 'Shop updated', data: toShopResponse(doc, requestLanguage(request, reply)) };
  });
}
