/**
 * GET /api/admin/audit?object=shop:12&object_type=&actor=&page=&per_page= (issue 24, docs/OPERATOR.md "Audit"):
 * the operator's actions, newest first, each with its actor {id, name, email, role}, action, object, the touched
 * fields before and after, and the reason. `object` is `{type}:{id}` (one object's history); object_type alone
 * lists a kind; actor is a user id. Admin and manager (without the money rows: audit.ts MONEY_ACTIONS); a guest 401,
 * other roles 403, a bad parameter 400.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../auth/guards';
import { NO_STORE } from '../http/cache-control';
import { positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';

const AUDIT_PAGE_SIZE = 50;

const objectType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z_]{0,39}$/, 'must be an object type such as shop');

const querySchema = z.object({
  object: z
    .string()
    .trim()
    .regex(/^[a-z][a-z_]{0,39}:[A-Za-z0-9_-]{1,40}$/, 'must be written type:id, such as shop:12')
    .optional(),
  object_type: objectType.optional(),
  actor: positiveInt(Number.MAX_SAFE_INTEGER, 'a user id').optional(),
  page: positiveInt(10_000).optional(),
  per_page: positiveInt(200).optional(),
});

export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/audit', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireRole(request, 'admin', 'manager');
    const q = parseRequest(querySchema, 'query', request.query);
    const [type, id] = q.object === undefined ? [q.object_type, undefined] : q.object.split(':', 2);
    const page = await app.repos.audit.list({
      objectType: type,
      objectId: id,
      actorUserId: q.actor,
      // Money is the admin's: a manager does not read payouts, periods, remittances, adjustments or returns.
      withoutMoney: me.role !== 'admin',
      page: q.page ?? 1,
      perPage: q.per_page ?? AUDIT_PAGE_SIZE,
    });
    return { success: true, ...page };
  });
}
