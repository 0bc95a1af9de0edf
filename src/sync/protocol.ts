/**
 * Replication wire format, version 1. Transport-free: both the server
 * (src/server) and the client (src/sync) validate every message with these
 * schemas, so a mismatched peer fails loudly instead of corrupting data.
 *
 * Pull:   GET /api/sync/{collection}/pull?v=1&updatedAt=<ms>&id=<id>&limit=<n>
 *         (no updatedAt/id → from the beginning). Answers PullResponse with the
 *         documents strictly after the checkpoint in (updatedAt, id) order; soft-
 *         deleted documents come with _deleted: true. An empty batch means caught up.
 * Stream: GET /api/sync/stream?v=1 — Server-Sent Events, each `data:` line a
 *         StreamEvent. 'hello' on connect; 'changed' when a collection has new
 *         writes (a poke: the client pulls). On every (re)connect the client
 *         treats the stream as RESYNC and pulls, so nothing is missed while away.
 */
import { z } from 'zod';
import { categoryDocSchema, productDocSchema, shopDocSchema } from '../domain/catalog';

export const PROTOCOL_VERSION = 1;
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;

/** Collections replicated from the server (read-only mirrors for now). */
export const REPLICATED_COLLECTIONS = ['products', 'categories', 'shops'] as const;
export type ReplicatedCollection = (typeof REPLICATED_COLLECTIONS)[number];

export const docSchemas = {
  products: productDocSchema,
  categories: categoryDocSchema,
  shops: shopDocSchema,
} as const satisfies Record<ReplicatedCollection, z.ZodType>;

export const checkpointSchema = z.object({
  updatedAt: z.number().int().nonnegative(),
  id: z.string(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const pullQuerySchema = z
  .object({
    v: z.coerce.number().int().refine((v) => v === PROTOCOL_VERSION, {
      message: `Unsupported protocol version (this server speaks v${PROTOCOL_VERSION})`,
    }),
    updatedAt: z.coerce.number().int().nonnegative().optional(),
    id: z.string().max(64).optional(),
    limit: z.coerce.number().int().positive().max(MAX_PULL_LIMIT).default(DEFAULT_PULL_LIMIT),
  })
  .refine((q) => (q.updatedAt === undefined) === (q.id === undefined), {
    message: 'updatedAt and id must be given together',
  });
export type PullQuery = z.infer<typeof pullQuerySchema>;

const deletedFlag = z.object({ _deleted: z.boolean() });

export function pullResponseSchema<C extends ReplicatedCollection>(collection: C) {
  return z.object({
    v: z.literal(PROTOCOL_VERSION),
    documents: z.array(docSchemas[collection].and(deletedFlag)),
    /** Checkpoint of the last document in this batch; the request's own checkpoint when empty. */
    checkpoint: checkpointSchema.nullable(),
    /** How many documents remain after this batch (for progress). */
    remaining: z.number().int().nonnegative(),
  });
}
export type PullResponse<C extends ReplicatedCollection> = z.infer<ReturnType<typeof pullResponseSchema<C>>>;

export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(PROTOCOL_VERSION), type: z.literal('hello'), serverTime: z.number() }),
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal('changed'),
    collection: z.enum(REPLICATED_COLLECTIONS),
    checkpoint: checkpointSchema,
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** Compares two checkpoints in pull order. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt - b.updatedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
