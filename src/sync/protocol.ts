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
 *
 * View:   GET /api/sync/products/view?v=1 (issue 25) — product documents of one
 *         read, before (or instead of) a full pull: a listing (the listing
 *         parameters of GET /api/products/all, plus shop=<id>), ids=<id,…>, or
 *         related=<id>&limit=<n>. Answers ViewResponse: the documents as a pull
 *         sends them (same `lang` rule), and for a listing its total and page.
 *         reviews=<productId> answers ViewReviewsResponse: that product's live
 *         reviews as the reviews pull sends them (its latest VIEW_REVIEWS_MAX).
 *         GET /api/sync/catalogue-size?v=1 answers CatalogueSize: the live
 *         products and about how many bytes a full products pull transfers.
 *
 * Replicated collections are public (anyone may pull them). Personal
 * collections hold the signed-in user's own documents: their pull needs the
 * bearer token (Authorization header, answered no-store), and the stream pokes
 * them only on streams opened with that header, and only for that user's writes.
 */
import { z } from 'zod';
import { categoryDocSchema, MAX_PAGE_SIZE, productDocSchema, RELATED_DEFAULT_LIMIT, shopDocSchema } from '../domain/catalog';
import { TEXT_LANGUAGES } from '../domain/catalog-text';
import { orderDocSchema, wishlistDocSchema } from '../domain/commerce-schemas';
import { communityPostSchema, conversationSchema, messageSchema } from '../domain/community-schemas';
import { followDocSchema, reviewDocSchema } from '../domain/social-schemas';
import { bookingSchema } from '../domain/tailoring';

export const PROTOCOL_VERSION = 1;
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;

/** Public collections replicated from the server (read-only mirrors; writes go through the REST API). */
export const REPLICATED_COLLECTIONS = ['products', 'categories', 'shops', 'reviews'] as const;
export type ReplicatedCollection = (typeof REPLICATED_COLLECTIONS)[number];

/**
 * Issue 6's personal collections (docs/COMMUNITY.md): community posts (open ones, own ones, answered ones),
 * conversations and messages; pulled and poked like the other personal collections.
 */
export const COMMUNITY_COLLECTIONS = ['community_posts', 'conversations', 'messages'] as const;
export type CommunityCollection = (typeof COMMUNITY_COLLECTIONS)[number];

/** The signed-in user's own collections, pulled with the bearer token (issue 7 adds bookings: docs/TAILORING.md). */
export const PERSONAL_COLLECTIONS = ['follows', 'wishlist', 'orders', ...COMMUNITY_COLLECTIONS, 'bookings'] as const;
export type PersonalCollection = (typeof PERSONAL_COLLECTIONS)[number];

/** Every collection with a pull endpoint. */
export type SyncCollection = ReplicatedCollection | PersonalCollection;
export const SYNC_COLLECTIONS = [...REPLICATED_COLLECTIONS, ...PERSONAL_COLLECTIONS] as const;

/**
 * Personal state without a pull endpoint: the stream pokes it and the client fetches a snapshot
 * (the cart: GET /api/cart, docs/COMMERCE.md).
 */
export const POKE_ONLY_COLLECTIONS = ['cart'] as const;
export type PokeOnlyCollection = (typeof POKE_ONLY_COLLECTIONS)[number];
export const STREAM_COLLECTIONS = [...SYNC_COLLECTIONS, ...POKE_ONLY_COLLECTIONS] as const;
export type StreamCollection = (typeof STREAM_COLLECTIONS)[number];

export const docSchemas = {
  products: productDocSchema,
  categories: categoryDocSchema,
  shops: shopDocSchema,
  reviews: reviewDocSchema,
} as const satisfies Record<ReplicatedCollection, z.ZodType>;

export const personalDocSchemas = {
  follows: followDocSchema,
  wishlist: wishlistDocSchema,
  orders: orderDocSchema,
  community_posts: communityPostSchema,
  conversations: conversationSchema,
  messages: messageSchema,
  bookings: bookingSchema,
} as const satisfies Record<PersonalCollection, z.ZodType>;

export const syncDocSchemas = { ...docSchemas, ...personalDocSchemas } as const satisfies Record<SyncCollection, z.ZodType>;

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
    /** products: each product's descriptions only in the one a reader of this language is shown (issue 22). */
    lang: z.enum(TEXT_LANGUAGES).optional(),
  })
  .refine((q) => (q.updatedAt === undefined) === (q.id === undefined), {
    message: 'updatedAt and id must be given together',
  });
export type PullQuery = z.infer<typeof pullQuerySchema>;

const deletedFlag = z.object({ _deleted: z.boolean() });

export function pullResponseSchema<C extends SyncCollection>(collection: C) {
  // Typed by C, so a caller gets the documents of that collection (not the union of all).
  const doc: (typeof syncDocSchemas)[C] = syncDocSchemas[collection];
  return z.object({
    v: z.literal(PROTOCOL_VERSION),
    documents: z.array(z.intersection(doc, deletedFlag)),
    /** Checkpoint of the last document in this batch; the request's own checkpoint when empty. */
    checkpoint: checkpointSchema.nullable(),
    /** How many documents remain after this batch (for progress). */
    remaining: z.number().int().nonnegative(),
  });
}
export type PullResponse<C extends SyncCollection> = z.infer<ReturnType<typeof pullResponseSchema<C>>>;

/** At most this many related products in one view (the REST API's /related maximum). */
export const VIEW_RELATED_MAX = 24;

const idList = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15})*$/, 'must be product ids separated by commas')
  .transform((s) => [...new Set(s.split(',').map((id) => String(Number(id))))])
  .refine((ids) => ids.length <= MAX_PAGE_SIZE, `must name at most ${MAX_PAGE_SIZE} products`);
const oneId = z.string().regex(/^\d{1,15}$/, 'must be a product id').transform((s) => String(Number(s)));

/**
 * The view's own parameters (the listing's are those of GET /api/products/all, parsed by the server with the
 * same schema). ids, related and reviews are each a read of their own: none goes with another or with listing
 * parameters; limit goes with related only.
 */
export const viewQuerySchema = z.object({
  v: z.coerce.number().int().refine((v) => v === PROTOCOL_VERSION, {
    message: `Unsupported protocol version (this server speaks v${PROTOCOL_VERSION})`,
  }),
  lang: z.enum(TEXT_LANGUAGES).optional(),
  ids: idList.optional(),
  related: oneId.optional(),
  /** A product's reviews (ViewReviewsResponse): a read of its own, like ids and related. */
  reviews: oneId.optional(),
  limit: z.coerce.number().int().positive().max(VIEW_RELATED_MAX).default(RELATED_DEFAULT_LIMIT),
  /** A listing of one shop's products (ProductQuery.shopId). */
  shop: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ViewQuery = z.infer<typeof viewQuerySchema>;

const count = z.number().int().nonnegative();

/** The documents of a view (live ones only: `_deleted` is false); total and paging for a listing only. */
export const viewResponseSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  documents: z.array(z.intersection(productDocSchema, deletedFlag)).max(MAX_PAGE_SIZE),
  total: count.optional(),
  page: z.number().int().positive().optional(),
  perPage: z.number().int().positive().max(MAX_PAGE_SIZE).optional(),
  lastPage: z.number().int().positive().optional(),
});
export type ViewResponse = z.infer<typeof viewResponseSchema>;

/** At most this many reviews of a product in one view: its latest (newest first). */
export const VIEW_REVIEWS_MAX = 200;

/** The reviews of one product (`reviews=<productId>`), live ones only, as the reviews pull sends them. */
export const viewReviewsResponseSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  documents: z.array(z.intersection(reviewDocSchema, deletedFlag)).max(VIEW_REVIEWS_MAX),
});
export type ViewReviewsResponse = z.infer<typeof viewReviewsResponseSchema>;

/** GET /api/sync/catalogue-size: live products, and about how many bytes a full products pull transfers. */
export const catalogueSizeSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  products: count,
  bytes: count,
});
export type CatalogueSize = z.infer<typeof catalogueSizeSchema>;

export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(PROTOCOL_VERSION), type: z.literal('hello'), serverTime: z.number() }),
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal('changed'),
    /** A personal collection is poked only on the owner's authenticated streams. */
    collection: z.enum(STREAM_COLLECTIONS),
    checkpoint: checkpointSchema,
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** Compares two checkpoints in pull order. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt - b.updatedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
