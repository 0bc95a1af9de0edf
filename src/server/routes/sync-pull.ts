/** GET /api/sync/{collection}/pull — replication pull, wire format v1 (src/sync/protocol.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pullQuerySchema, REPLICATED_COLLECTIONS, type ReplicatedCollection } from '../../sync/protocol';
import { ApiError } from '../http/api-error';
import { NO_STORE } from '../http/cache-control';
import { parseRequest } from '../http/validation';

/** What the protocol's schema lets through but a database cannot compare: huge numbers, control characters. */
export const storableCheckpointSchema = z.object({
  updatedAt: z.number().max(Number.MAX_SAFE_INTEGER, 'updatedAt is too large').optional(),
  id: z
    .string()
    .regex(/^[^\p{Cc}]*$/u, 'id must not contain control characters')
    .optional(),
});

function isCollection(name: string): name is ReplicatedCollection {
  return (REPLICATED_COLLECTIONS as readonly string[]).includes(name);
}

export async function syncPullRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { collection: string } }>('/api/sync/:collection/pull', async (request, reply) => {
    const { collection } = request.params;
    if (!isCollection(collection)) throw new ApiError('COLLECTION_NOT_FOUND');
    const q = parseRequest(pullQuerySchema, 'query', request.query);
    parseRequest(storableCheckpointSchema, 'query', { updatedAt: q.updatedAt, id: q.id });
    const after = q.updatedAt !== undefined && q.id !== undefined ? { updatedAt: q.updatedAt, id: q.id } : null;
    const response = await app.repos.sync.pull(collection, { after, limit: q.limit, descriptionsIn: collection === 'products' ? q.lang : undefined });
    // Checkpointed reads must not be served from a shared cache.
    reply.header('cache-control', NO_STORE);
    return response;
  });
}
