/**
 * GET /api/sync/community_posts/pull — the personal `community_posts`
 * collection (docs/COMMUNITY.md, "Community"): open posts, the caller's own
 * and those their shop answered, with the responses they may see embedded.
 * Needs a session, never cached. A static path: it takes precedence over the
 * public /api/sync/:collection/pull.
 */
import type { FastifyInstance } from 'fastify';
import { pullQuerySchema } from '../../sync/protocol';
import { requireAuth } from '../auth/guards';
import { NO_STORE } from '../http/cache-control';
import { parseRequest } from '../http/validation';
import { storableCheckpointSchema } from './sync-pull';

export async function communityPullRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/sync/community_posts/pull', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    const q = parseRequest(pullQuerySchema, 'query', request.query);
    parseRequest(storableCheckpointSchema, 'query', { updatedAt: q.updatedAt, id: q.id });
    const after = q.updatedAt !== undefined && q.id !== undefined ? { updatedAt: q.updatedAt, id: q.id } : null;
    return app.repos.community.pull(me.userId, { after, limit: q.limit });
  });
}
