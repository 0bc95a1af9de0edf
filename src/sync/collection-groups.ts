/**
 * The replicated collections in the order the first sync needs them. The
 * catalogue (products, categories, shops) is what the app cannot show anything
 * without: it replicates first and alone decides "initial sync done" (the
 * first-run gate, awaitInitialSync, phase 'initial' → 'live'). Deferred
 * collections (reviews, by far the most documents) start pulling only once the
 * catalogue's initial pull finished in this session, then run live like the
 * others; their progress is still reported per collection.
 * Values here, not in protocol.ts, so the UI may import them without zod.
 */
import type { ReplicatedCollection } from './protocol';

export const CATALOGUE_COLLECTIONS = ['products', 'categories', 'shops'] as const satisfies readonly ReplicatedCollection[];
export const DEFERRED_COLLECTIONS = ['reviews'] as const satisfies readonly ReplicatedCollection[];

export type CatalogueCollection = (typeof CATALOGUE_COLLECTIONS)[number];
export type DeferredCollection = (typeof DEFERRED_COLLECTIONS)[number];

/** Every replicated collection belongs to exactly one group (a new one fails to compile until placed). */
const placed: Record<Exclude<ReplicatedCollection, CatalogueCollection | DeferredCollection>, never> = {};
void placed;
