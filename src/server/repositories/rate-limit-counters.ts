/**
 * The request rate-limit counters (migration 0014), shared by every instance
 * on one database. A fixed window per key, as @fastify/rate-limit's own
 * in-memory store counts: the first hit opens a window of `windowMs`, every
 * hit in it adds one (refused ones too), and the first hit after it ends
 * opens a new one at 1. A hit is one upsert, atomic on SQLite (one writer) and
 * PostgreSQL (the conflicting row is locked until the statement ends), so
 * concurrent requests on different instances never lose a count.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../db/write-transaction';

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Epoch ms when the current window ends. */
  expiresAt: number;
}

/** Client keys longer than this (or with other characters than printable ASCII) are stored hashed. */
const MAX_PLAIN_KEY = 128;

/**
 * The stored key of limit `name` for `clientKey`. Readable when the client key is short printable ASCII (an
 * address, `user:42`, an address and an email); else `name:#` and its SHA-256, so a key built from a request
 * body (the login email) can be neither huge (a PostgreSQL btree entry has a size limit) nor hold a NUL.
 */
export function rateLimitCounterKey(name: string, clientKey: string): string {
  if (clientKey.length <= MAX_PLAIN_KEY && /^[\x21-\x7e]*$/.test(clientKey)) return `${name}:${clientKey}`;
  return `${name}:#${createHash('sha256').update(clientKey).digest('base64url')}`;
}

/** Counts one hit for `key` at `now`; returns the window's count (this hit included) and its end. */
export async function hitRateLimitCounter(db: Tx, key: string, now: number, windowMs: number): Promise<RateLimitCount> {
  const end = now + windowMs;
  const result = await sql<{ hits: number | string; expires_at: number | string }>`
    insert into rate_limit_counters ("key", hits, expires_at) values (${key}, 1, ${end})
    on conflict ("key") do update set
      hits = case when rate_limit_counters.expires_at <= ${now} then 1 else rate_limit_counters.hits + 1 end,
      expires_at = case when rate_limit_counters.expires_at <= ${now} then ${end} else rate_limit_counters.expires_at end
    returning hits, expires_at`.execute(db);
  const row = result.rows[0];
  return { hits: Number(row?.hits ?? 1), expiresAt: Number(row?.expires_at ?? end) };
}

/** The count of `key` in the window still running at `now`, without counting (0 hits when none). */
export async function readRateLimitCounter(db: Tx, key: string, now: number): Promise<RateLimitCount> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['hits', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), expiresAt: Number(row.expires_at) } : { hits: 0, expiresAt: now };
}

/** Deletes the counters whose window ended by `now` (the sweep); returns how many. */
export async function sweepRateLimitCounters(db: Tx, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
