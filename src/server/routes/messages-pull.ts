/**
 * GET /api/sync/conversations/pull and /api/sync/messages/pull — the personal
 * `conversations` and `messages` collections (docs/COMMUNITY.md "Messages"):
 * the caller's conversations as a buyer and their shop's, and those
 * conversations' messages. Need a session; never cached. Static paths: they
 * take precedence over the public /api/sync/:collection/pull.
 */
import type { FastifyInstance } from 'fastify';
import { pullQuerySchema } from '../../sync/protocol';
import { requireAuth } from '../auth/guards';
import { NO_STORE } from '../http/cache-control';
import { parseRequest } from '../http/validation';
import { storableCheckpointSchema } from './sync-pull';

export async function messagePullRoutes(app: FastifyInstance): Promise<void> {
  const requestOf = (query: unknown) => {
    const q = parseRequest(pullQuerySchema, 'query', query);
    parseRequest(storableCheckpointSchema, 'query', { updatedAt: q.updatedAt, id: q.id });
    return { after: q.updatedAt !== undefined && q.id !== undefined ? { updatedAt: q.updatedAt, id: q.id } : null, limit: q.limit };
  };

  app.get('/api/sync/conversations/pull', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    return app.repos.messages.pullConversations(me.userId, requestOf(request.query));
  });

  app.get('/api/sync/messages/pull', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    return app.repos.messages.pullMessages(me.userId, requestOf(request.query));
  });
}
