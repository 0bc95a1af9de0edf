/**
 * The seller's alerts (issue 23, docs/SELLERS.md "Alerts"): GET /api/seller/alerts lists the signed-in seller's
 * alerts, newest first, with how many are unread; PATCH /api/seller/alerts/read marks some (`ids`) or all read.
 * Only a seller (guest 401, any other role 403); another user's alert is never listed nor marked. Never cached.
 * Alerts are raised by src/server/alerts/seller-alerts.ts after the writes that cause them.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SELLER_ALERTS_DEFAULT_PAGE_SIZE, SELLER_ALERTS_MAX_PAGE_SIZE, SELLER_ALERTS_READ_MAX_IDS } from '../../domain/seller-alerts';
import { parseBody } from '../http/body';
import { pageMeta } from '../http/page-meta';
import { MAX_PAGE } from '../http/product-query-params';
import { flag, positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';
import { noStore, sellerOf } from './seller-products';

const listQuerySchema = z.object({
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(SELLER_ALERTS_MAX_PAGE_SIZE).optional(),
  unread: flag.optional(),
});

const IDS_MESSAGE = `The ids must be a list of 1 to ${SELLER_ALERTS_READ_MAX_IDS} alert ids.`;
const EITHER_MESSAGE = 'Give either ids or all: true.';

const readBodySchema = z
  .strictObject({
    ids: z
      .array(z.number({ error: () => IDS_MESSAGE }).int(IDS_MESSAGE).positive(IDS_MESSAGE).max(Number.MAX_SAFE_INTEGER, IDS_MESSAGE), { error: () => IDS_MESSAGE })
      .min(1, IDS_MESSAGE)
      .max(SELLER_ALERTS_READ_MAX_IDS, IDS_MESSAGE)
      .optional(),
    all: z.literal(true, { error: () => 'The all field must be true.' }).optional(),
  }, { error: () => EITHER_MESSAGE })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { message: EITHER_MESSAGE, path: ['ids'] });

export async function sellerAlertRoutes(app: FastifyInstance): Promise<void> {
  noStore(app);

  app.get('/api/seller/alerts', async (request) => {
    const userId = sellerOf(request);
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const page = await app.repos.sellerAlerts.list(userId, { page: q.page ?? 1, perPage: q.per_page ?? SELLER_ALERTS_DEFAULT_PAGE_SIZE, unreadOnly: q.unread ?? false });
    return { success: true, data: page.items, meta: { ...pageMeta(page), unread: page.unread } };
  });

  app.patch('/api/seller/alerts/read', async (request) => {
    const userId = sellerOf(request);
    const body = parseBody(readBodySchema, request.body);
    const which = body.ids !== undefined ? { ids: body.ids } : { all: true as const };
    const result = await app.repos.sellerAlerts.markRead(userId, which, app.authOptions.now());
    return { success: true, data: result };
  });
}
