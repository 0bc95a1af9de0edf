import type { FastifyInstance } from 'fastify';

export async function shopRoutes(_app: FastifyInstance): Promise<void> {}
