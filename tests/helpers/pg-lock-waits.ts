/**
 * For tests that stage PostgreSQL lock waits between transactions: a gate to hold a transaction at a point,
 * and a wait until sessions of the database are blocked on a lock.
 */
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';

/** A promise and the function that resolves it. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves once at least `count` sessions of db's database wait on a lock (a row, a tuple, an advisory lock). */
export async function lockWaiters(db: Database, count = 1): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
    if (Number(rows[0]?.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
