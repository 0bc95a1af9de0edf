/**
 * @fastify/rate-limit's `store` backed by the database (rate_limit_counters,
 * repositories/rate-limit-counters.ts), so every instance on one database
 * counts the same requests. The plugin constructs the store once with its
 * options and asks it for a `child` per route config and per createRateLimit;
 * the counters are told apart by their keys, which carry the limit's name
 * (auth/rate-limits.ts), so every child is this same store. Times come from the
 * app's clock (auth.now), like the other database counters.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';
import { hitRateLimitCounter, readRateLimitCounter, type RateLimitCount } from '../repositories/rate-limit-counters';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function answer(count: Promise<RateLimitCount>, now: number, cb: StoreCallback): void {
  count.then(
    (c) => cb(null, { current: c.hits, ttl: Math.max(0, c.expiresAt - now) }),
    (error: unknown) => cb(error instanceof Error ? error : new Error(String(error))),
  );
}

/** The store class to pass as the plugin's `store` option. */
export function databaseRateLimitStore(db: Database, now: () => number): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes its options; the counters need none of them.
    constructor(_options: FastifyRateLimitOptions) {}

    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const at = now();
      answer(hitRateLimitCounter(db.kysely, key, at, timeWindow), at, cb);
    }

    /** The plugin's non-mutating peek (`check(request, {increment: false})`). */
    read(key: string, cb: StoreCallback): void {
      const at = now();
      answer(readRateLimitCounter(db.kysely, key, at), at, cb);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
