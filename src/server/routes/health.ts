/** GET /api/health — liveness plus a trivial database round trip. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    await sql`select 1`.execute(app.db.kysely);
    reply.header('cache-control', 'no-store');
    return { ok: true as const };
  });
}
