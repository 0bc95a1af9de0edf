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
 * A writer takes its clocks up front (writeTransaction) or, when most of its
 * work comes before its stamps (placing an order), last (lateClockTransaction):
 * either way it reads the clock and commits while holding it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';
import { preparedQuery } from './prepared-query';
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
 * PostgreSQL: how many times a writer that holds clocks runs when PostgreSQL picks it as a deadlock victim
 * (40P01). Up-front writers cannot deadlock each other on the clocks, but one may meet a late-clock writer
 * (lateClockTransaction) on two rows taken in opposite orders.
 */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `fn` in a transaction that owns the replication clocks of `tables`.
 * Returns fn's result after COMMIT; rolls back and rethrows on error.
 *
 * On PostgreSQL, with clocks (`tables` not empty), a deadlock victim is rolled back and `fn` runs again, up to
 * DEADLOCK_ATTEMPTS times: `fn` must start from scratch each time (reset whatever outside state it fills).
 *
 * `rowsFirst` runs in the transaction before the clocks are taken (PostgreSQL; on SQLite it runs after BEGIN
 * IMMEDIATE): a writer that knows which products it writes locks their rows there (lockProductRows), so it
 * queues for a busy product's row without holding the clocks the orders ahead of it need to finish. It runs
 * after the writer's place in this process's line (see inLine), so this instance's other writers of the same
 * tables wait behind it meanwhile; other instances' writers do not.
 */
export async function writeTransaction<T>(
  db: Database,
  tables: readonly ClockedTable[],
  fn: (tx: Tx) => Promise<T>,
  options: { rowsFirst?: (tx: Tx) => Promise<void> } = {},
): Promise<T> {
  if (db.dialect === 'postgres') {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inLine(db, tables, () =>
          db.kysely.transaction().execute(async (tx) => {
            await options.rowsFirst?.(tx);
            await takeClocks(tx, tables);
            return fn(tx);
          }),
        );
      } catch (error) {
        if (tables.length === 0 || attempt >= DEADLOCK_ATTEMPTS || pgCode(error) !== '40P01') throw error;
      }
    }
  }
  // kysely's SQLite transactions use a deferred BEGIN; take the write lock up front instead so a
  // second process waits on busy_timeout instead of failing on lock upgrade.
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      await options.rowsFirst?.(conn);
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/** Takes the clocks of a late-clock transaction (once; later calls do nothing). */
export interface LateClocks {
  take(): Promise<void>;
}

/**
 * PostgreSQL: a late-clock attempt waits this long for its clocks, then gives up. It is well below PostgreSQL's
 * deadlock_timeout (1 s by default), so in a lock cycle with a writer that holds the clocks and waits for a
 * row of this attempt, this attempt is the one that yields. Its waits for rows are not bounded: a queue on a
 * popular product's row is no cycle (rows are taken in one order, lockProductRows).
 */
export const LATE_CLOCK_LOCK_TIMEOUT_MS = 250;

/** Late-clock attempts; after them the transaction runs once more with its clocks up front (writeTransaction). */
export const LATE_CLOCK_ATTEMPTS = 3;

/**
 * Like writeTransaction, for a hot writer whose work mostly precedes its clocks (placing an order): on
 * PostgreSQL `fn` runs WITHOUT the clocks and takes them with `clocks.take()` once only its updated_at stamps
 * are left, so the clocks are held for a few statements instead of the whole transaction, and writers on other
 * rows (or other instances) run side by side. The rule that makes it safe: take the row locks first (products
 * before variants, each in id order: lockProductRows), the clocks last, and after `take()` write only rows
 * already locked.
 *
 * An attempt whose wait for the clocks passes LATE_CLOCK_LOCK_TIMEOUT_MS, or that PostgreSQL picks as a deadlock victim,
 * or that collides on a unique key with a transaction that committed meanwhile, rolls back and runs `fn`
 * again (so `fn` must not touch anything outside the transaction); the last attempt takes its clocks up front
 * like writeTransaction and waits as long as it takes, so every call ends. SQLite: writeTransaction itself
 * (BEGIN IMMEDIATE is the lock), `take()` does nothing.
 */
export async function lateClockTransaction<T>(
  db: Database,
  tables: readonly ClockedTable[],
  fn: (tx: Tx, clocks: LateClocks) => Promise<T>,
  options: {
    attempts?: number;
    lockTimeoutMs?: number;
    /** Called after a late attempt rolled back, before the next one. */
    onRetry?: (attempt: number, error: unknown) => void;
    /** Runs first in every attempt, the last one included (before its clocks): writeTransaction's rowsFirst. */
    rowsFirst?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<T> {
  const upFront: LateClocks = { take: () => Promise.resolve() };
  const last = { rowsFirst: options.rowsFirst };
  if (db.dialect !== 'postgres') return writeTransaction(db, tables, (tx) => fn(tx, upFront), last);
  const attempts = options.attempts ?? LATE_CLOCK_ATTEMPTS;
  const lockTimeoutMs = options.lockTimeoutMs ?? LATE_CLOCK_LOCK_TIMEOUT_MS;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await db.kysely.transaction().execute(async (tx) => {
        await options.rowsFirst?.(tx);
        let taken: Promise<void> | null = null;
        const clocks: LateClocks = {
          take: () => {
            taken ??= (async () => {
              // Only this wait is bounded: in a lock cycle with an up-front writer, this attempt yields.
              await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(tx);
              await takeClocks(tx, tables);
            })();
            return taken;
          },
        };
        return fn(tx, clocks);
      });
    } catch (error) {
      if (!isRetryableLateFailure(error)) throw error;
      options.onRetry?.(attempt, error);
      // Backoff with jitter, of the order of the wait just given up, so the writers that met do not line up again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * (lockTimeoutMs / 2) * attempt));
    }
  }
  return writeTransaction(db, tables, (tx) => fn(tx, upFront), last);
}

/** PostgreSQL codes after which a late-clock attempt is run again: lock_not_available, deadlock_detected, unique_violation. */
const RETRYABLE_LATE_CODES = new Set(['55P03', '40P01', '23505']);

function isRetryableLateFailure(error: unknown): boolean {
  return RETRYABLE_LATE_CODES.has(pgCode(error) ?? '');
}

/** A PostgreSQL error's SQLSTATE, or null. */
function pgCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** PostgreSQL: the transaction-scoped advisory locks of `tables`, in LOCK_ORDER. */
async function takeClocks(tx: Tx, tables: readonly ClockedTable[]): Promise<void> {
  for (const table of LOCK_ORDER) {
    if (tables.includes(table)) await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY[table]})`.execute(tx);
  }
}

/**
 * PostgreSQL: locks products' rows (FOR UPDATE) in id order. Every writer that takes a product's row and its
 * variants' rows takes the product's first, products in id order, so that two such writers never hold what
 * the other waits for (lateClockTransaction's rule). SQLite: nothing (the write lock holds every row).
 */
export async function lockProductRows(db: Database, tx: Tx, productIds: Iterable<number>): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
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

/** Each clocked table's latest stamp: read by every write of it, so built once per table (prepared-query.ts). */
function lastStampQuery(table: ClockedTable) {
  return preparedQuery((tx: Tx, _none: Record<string, never>) => tx.selectFrom(table).select((eb) => eb.fn.max<number | null>('updated_at').as('last')));
}
const lastStamps: Record<ClockedTable, ReturnType<typeof lastStampQuery>> = {
  categories: lastStampQuery('categories'),
  shops: lastStampQuery('shops'),
  products: lastStampQuery('products'),
  reviews: lastStampQuery('reviews'),
  orders: lastStampQuery('orders'),
};

export async function replicationClock(tx: Tx, table: ClockedTable, now: number = Date.now()): Promise<ReplicationClock> {
  const [row] = (await lastStamps[table](tx, {})).rows;
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
