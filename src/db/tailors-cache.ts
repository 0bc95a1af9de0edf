/**
 * The tailors' cache (docs/TAILORING.md): a local document, not a collection (the 13 collections of one realm
 * are all in use, collections-plan.md), holding GET /api/v1/tailors's answer and when it was fetched. Public:
 * kept at logout. Spec §9: the client caches tailors 1800 s (FRESHNESS_BOUNDS_MS.tailors); past that the data
 * worker fetches again when online (src/sync/tailors-refresh.ts), and shows the cache meanwhile and offline.
 */
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { FRESHNESS_BOUNDS_MS } from '../domain/freshness';
import { tailorSchema, type Tailor } from '../domain/tailoring';
import type { TailorsView } from '../workers/data-api';
import type { SoukDatabase } from './database';
import { localDoc$ } from './local-doc';

export const TAILORS_CACHE_ID = 'tailors-cache';

const cacheSchema = z.object({ fetchedAt: z.number().int().nonnegative(), tailors: z.array(tailorSchema) });

function parseCache(data: unknown): TailorsView {
  const parsed = cacheSchema.safeParse(data);
  return parsed.success ? parsed.data : { tailors: [], fetchedAt: null };
}

export async function readTailorsCache(db: SoukDatabase): Promise<TailorsView> {
  const doc = await db.getLocal(TAILORS_CACHE_ID);
  return parseCache(doc?.toJSON().data);
}

export function watchTailorsCache(db: SoukDatabase): Observable<TailorsView> {
  return localDoc$(db, TAILORS_CACHE_ID).pipe(map((doc) => parseCache(doc?.toJSON().data)));
}

export async function writeTailorsCache(db: SoukDatabase, tailors: Tailor[], fetchedAt: number): Promise<void> {
  await db.upsertLocal(TAILORS_CACHE_ID, { fetchedAt, tailors });
}

/** Older than the spec's 1800 s (or never fetched). */
export function tailorsCacheStale(view: TailorsView, now: number): boolean {
  return view.fetchedAt === null || now - view.fetchedAt > FRESHNESS_BOUNDS_MS.tailors;
}

/** One tailor of the cache by id (digits) or slug. */
export function tailorIn(view: TailorsView, idOrSlug: string): Tailor | null {
  const key = idOrSlug.trim();
  return view.tailors.find((t) => t.id === key || t.slug === key) ?? null;
}
