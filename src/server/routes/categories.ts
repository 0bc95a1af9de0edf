import type { FastifyInstance } from 'fastify';

export async function categoryRoutes(_app: FastifyInstance): Promise<void> {}
