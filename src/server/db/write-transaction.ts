/**
 * Write transactions for replicated tables, and their replication clock.
 *
 * Pulls page through (updated_at, id) checkpoints, so a row must never become
 * visible with an updated_at below one a client has already seen. Two rules
 * guarantee it:
 * - writers of a table are serialised (SQLite: BEGIN IMMEDIATE takes the single
 *   write lock; PostgreSQL: a transaction-scoped advisory lock per table), so
 *   transactions commit in the order they read the clock;
 * - on PostgreSQL, the writers of one handle also wait in line in this process,
 *   first come first served, before they take a pooled connection: concurrent
 *   writes commit in the order they were made (as on SQLite's one connection),
 *   and writers waiting for a table hold no connection the readers need. The
 *   advisory locks still order them against other instances.
 * - each written row gets max(now, last + 1), strictly increasing per table,
 *   so no two rows share an updated_at even within one millisecond.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';
import type { DB, ReplicatedTable } from './schema';

export type Tx = Kysely<DB> | Transaction<DB>;

/** Tables whose updated_at comes from a replication clock: the replicated ones, and orders (pulled per buyer). */
export type ClockedTable = ReplicatedTable | 'orders';

/** Stable advisory lock keys (PostgreSQL), one per replicated table. */
const ADVISORY_LOCK_KEY: Record<ClockedTable, number> = {
  categories: 7_310_001,
  shops: 7_310_002,
  products: 7_310_003,
  reviews: 7_310_004,
  orders: 7_310_005,
};

/** Ordered to avoid deadlocks when a write locks several tables. */
const LOCK_ORDER: ClockedTable[] = ['categories', 'shops', 'products', 'reviews', 'orders'];

/**
 * Runs `fn` in a transaction that owns the replication clocks of `tables`.
 * Returns fn's result after COMMIT; rolls back and rethrows on error.
 */
export async function writeTransaction<T>(
  db: Database,
  tables: readonly ClockedTable[],
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (db.dialect === 'postgres') {
    return inLine(db, tables, () =>
      db.kysely.transaction().execute(async (tx) => {
        for (const table of LOCK_ORDER) {
          if (tables.includes(table)) await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY[table]})`.execute(tx);
        }
        return fn(tx);
      }),
    );
  }
  // kysely's SQLite transactions use a deferred BEGIN; take the write lock up front instead so a
  // second process waits on busy_timeout instead of failing on lock upgrade.
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/** Per handle and table: the promise that settles when the last writer in line is done. */
const writersInLine = new WeakMap<Database, Map<ClockedTable, Promise<void>>>();

/**
 * Runs `fn` once the earlier writers of `tables` on this handle are done, taking its place in each line in
 * LOCK_ORDER (so that writers of several tables cannot wait on each other in a circle). Its place in the first
 * line is taken before anything is awaited: the call order is the order.
 */
async function inLine<T>(db: Database, tables: readonly ClockedTable[], fn: () => Promise<T>): Promise<T> {
  let lines = writersInLine.get(db);
  if (lines === undefined) {
    lines = new Map();
    writersInLine.set(db, lines);
  }
  const releases: (() => void)[] = [];
  try {
    for (const table of LOCK_ORDER) {
      if (!tables.includes(table)) continue;
      const before = lines.get(table) ?? Promise.resolve();
      const done = new Promise<void>((resolve) => releases.push(resolve));
      lines.set(table, before.then(() => done));
      await before;
    }
    return await fn();
  } finally {
    for (const release of releases) release();
  }
}

/** Hands out strictly increasing updated_at values for one table inside a write transaction. */
export interface ReplicationClock {
  next(): number;
  /** Reserves `count` consecutive values and returns the first. */
  reserve(count: number): number;
}

export async function replicationClock(tx: Tx, table: ClockedTable, now: number = Date.now()): Promise<ReplicationClock> {
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('updated_at').as('last'))
    .executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  let cursor = Math.max(now, last + 1);
  return {
    next() {
      return cursor++;
    },
    reserve(count) {
      const first = cursor;
      cursor += count;
      return first;
    },
  };
}
