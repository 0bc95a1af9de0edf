/**
 * Freshness (spec §9, issue 4): the client cache lifetimes become staleness
 * bounds for catalogue data that is not streamed live. While the change stream
 * is up (sync phase 'live') every section is fresh, since each change reaches
 * the local database as it happens; otherwise the data is as old as the last
 * finished pull (now − lastSyncedAt) and is stale once that age is above the
 * section's bound: refreshed when online, shown with its age when offline.
 */

/** Spec §9 client cache lifetimes, in ms, by home / catalogue section. */
export const FRESHNESS_BOUNDS_MS = {
  categories: 900_000,
  bestSellers: 900_000,
  featured: 900_000,
  newArrivals: 600_000,
  specialOffers: 300_000,
  stocks: 300_000,
  tailors: 1_800_000,
} as const satisfies Record<string, number>;

export type FreshnessSection = keyof typeof FRESHNESS_BOUNDS_MS;

export const FRESHNESS_SECTIONS = Object.keys(FRESHNESS_BOUNDS_MS) as FreshnessSection[];

export interface Freshness {
  /** Older than the section's bound and not streamed live. */
  stale: boolean;
  /** now − lastSyncedAt (never negative); 0 while live; null when nothing was ever synced. */
  ageMs: number | null;
}

/**
 * How fresh a section's data is. live: the change stream is up (phase 'live').
 * Never synced (lastSyncedAt null) is not 'stale': there is no data to date,
 * the first sync's loading states cover it. Exactly at the bound is still fresh.
 */
export function freshness(section: FreshnessSection, lastSyncedAt: number | null, now: number, live: boolean): Freshness {
  if (live) return { stale: false, ageMs: 0 };
  if (lastSyncedAt === null) return { stale: false, ageMs: null };
  const ageMs = Math.max(0, now - lastSyncedAt);
  return { stale: ageMs > FRESHNESS_BOUNDS_MS[section], ageMs };
}

export type AgeUnit = 'minute' | 'hour' | 'day';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * An age as a whole number of its largest sensible unit, rounded down (so
 * '12 minutes ago' is never later than the truth): minutes below an hour,
 * hours below two days, then days. Stale ages are at least 5 minutes.
 */
export function ageInUnits(ageMs: number): { value: number; unit: AgeUnit } {
  const age = Math.max(0, ageMs);
  if (age < HOUR_MS) return { value: Math.floor(age / MINUTE_MS), unit: 'minute' };
  if (age < 2 * DAY_MS) return { value: Math.floor(age / HOUR_MS), unit: 'hour' };
  return { value: Math.floor(age / DAY_MS), unit: 'day' };
}
