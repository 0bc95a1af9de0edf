/**
 * Fixed-window counters kept in the database (0006: login_failures,
 * phone_send_counts), so every instance on one database counts the same
 * events. One row per key; a bump is one upsert, atomic on SQLite and
 * PostgreSQL alike: a window that has ended starts again at 1.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/write-transaction';

export interface WindowCounter {
  table: 'login_failures' | 'phone_send_counts';
  keyColumn: 'email' | 'phone';
  countColumn: 'failures' | 'sends';
}

export const LOGIN_FAILURES: WindowCounter = { table: 'login_failures', keyColumn: 'email', countColumn: 'failures' };
export const PHONE_SENDS: WindowCounter = { table: 'phone_send_counts', keyColumn: 'phone', countColumn: 'sends' };

export interface WindowCount {
  count: number;
  /** Epoch ms when the current window began. */
  windowStart: number;
}

/** Counts one event for `key`; returns the count in the current window (this one included). */
export async function bumpWindowCounter(db: Tx, c: WindowCounter, key: string, now: number, windowMs: number): Promise<WindowCount> {
  const cutoff = now - windowMs;
  const start = sql.ref(`${c.table}.window_start`);
  const count = sql.ref(`${c.table}.${c.countColumn}`);
  const result = await sql<{ n: number | string; s: number | string }>`
    insert into ${sql.table(c.table)} (${sql.ref(c.keyColumn)}, window_start, ${sql.ref(c.countColumn)})
    values (${key}, ${now}, 1)
    on conflict (${sql.ref(c.keyColumn)}) do update set
      ${sql.ref(c.countColumn)} = case when ${start} <= ${cutoff} then 1 else ${count} + 1 end,
      window_start = case when ${start} <= ${cutoff} then ${now} else ${start} end
    returning ${sql.ref(c.countColumn)} as n, window_start as s`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.n ?? 1), windowStart: Number(row?.s ?? now) };
}

/** The count of `key` in the window that is still running at `now` (0 when none). */
export async function readWindowCounter(db: Tx, c: WindowCounter, key: string, now: number, windowMs: number): Promise<WindowCount> {
  const result = await sql<{ n: number | string; s: number | string }>`
    select ${sql.ref(c.countColumn)} as n, window_start as s from ${sql.table(c.table)}
    where ${sql.ref(c.keyColumn)} = ${key} and window_start > ${now - windowMs}`.execute(db);
  const row = result.rows[0];
  return row ? { count: Number(row.n), windowStart: Number(row.s) } : { count: 0, windowStart: now };
}

export async function clearWindowCounter(db: Tx, c: WindowCounter, key: string): Promise<void> {
  await sql`delete from ${sql.table(c.table)} where ${sql.ref(c.keyColumn)} = ${key}`.execute(db);
}

/** Removes the rows whose window ended before `now - windowMs` (the sweep). */
export async function sweepWindowCounter(db: Tx, c: WindowCounter, now: number, windowMs: number): Promise<number> {
  const result = await sql`delete from ${sql.table(c.table)} where window_start <= ${now - windowMs}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Seconds until the window that began at `windowStart` ends (at least 1). */
export function secondsLeft(windowStart: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
}
