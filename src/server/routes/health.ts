/** GET /api/health — liveness plus a trivial database round trip. */
import type { FastifyInstance } from 'fastify';
import { NO_STORE } from '../http/cache-control';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    await app.repos.health.ping();
    reply.header('cache-control', NO_STORE);
    return { ok: true as const };
  });
}
