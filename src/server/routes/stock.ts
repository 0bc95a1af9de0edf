import type { FastifyInstance } from 'fastify';

export async function stockRoutes(_app: FastifyInstance): Promise<void> {}
