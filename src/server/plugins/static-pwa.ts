import type { FastifyInstance } from 'fastify';

export async function registerStaticPwa(_app: FastifyInstance, _dir: string): Promise<void> {}
