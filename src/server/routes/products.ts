import type { FastifyInstance } from 'fastify';

export async function productRoutes(_app: FastifyInstance): Promise<void> {}
