/**
 * "Nothing was written": a digest of the account tables, read through a second
 * handle on the server's database (its SQLite file or its PostgreSQL database),
 * so it sees exactly what the server committed and nothing the server's own
 * handle might cache.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import type { DB } from '../../../src/server/db/schema';

export const WATCHED_TABLES = ['users', 'sessions', 'addresses', 'phone_codes', 'shops'] as const;

export interface TableDigest {
  /** Per table: sha256 of its rows as JSON, ordered by primary key. */
  tables: Record<string, string>;
  /** Per table: row count (for readable failure messages). */
  counts: Record<string, number>;
}

/** Whose a row is, per watched table (shops: none of a buyer's or a guest's). */
const OWNER_COLUMN: Record<(typeof WATCHED_TABLES)[number], string> = {
  users: 'id',
  sessions: 'user_id',
  addresses: 'user_id',
  phone_codes: 'user_id',
  shops: 'owner_user_id',
};

export interface DigestReader {
  digest(): Promise<TableDigest>;
  /**
   * Every row not owned by `userId` (all rows when null), as `table:primary key` → row JSON.
   * An allowed write may add rows and change the caller's own; compared with
   * changedOrDeletedRows, it must leave every other existing row as it was.
   */
  othersRows(userId: number | null): Promise<Map<string, string>>;
  /** The rows of one table, ordered by primary key (to show what changed). */
  rows(table: string): Promise<unknown[]>;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;

/** `url`: what openDatabase opens (a test server's dbUrl). */
export function openDigestReader(url: string): DigestReader {
  const db = openDatabase(url, { poolSize: 1 });
  const select = async (tx: Transaction<DB> | typeof db.kysely, table: string): Promise<Row[]> =>
    (await sql<Row>`select * from ${sql.table(table)} order by 1`.execute(tx)).rows;
  /** All watched tables as of a single moment: one read transaction (a snapshot on PostgreSQL). */
  const snapshot = async (): Promise<Map<(typeof WATCHED_TABLES)[number], Row[]>> => {
    const begin = db.dialect === 'postgres' ? db.kysely.transaction().setIsolationLevel('repeatable read') : db.kysely.transaction();
    return begin.execute(async (tx) => {
      const out = new Map<(typeof WATCHED_TABLES)[number], Row[]>();
      for (const table of WATCHED_TABLES) out.set(table, await select(tx, table));
      return out;
    });
  };
  const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  return {
    async digest() {
      const tables: Record<string, string> = {};
      const counts: Record<string, number> = {};
      for (const [table, rows] of await snapshot()) {
        counts[table] = rows.length;
        tables[table] = createHash('sha256').update(json(rows)).digest('hex');
      }
      return { tables, counts };
    },
    async othersRows(userId) {
      const rows = new Map<string, string>();
      for (const [table, tableRows] of await snapshot()) {
        for (const row of tableRows) {
          const owner = row[OWNER_COLUMN[table]];
          if (userId !== null && owner !== null && Number(owner) === userId) continue;
          rows.set(`${table}:${String(row.id)}`, json(row));
        }
      }
      return rows;
    },
    rows: (table) => select(db.kysely, table),
    close: () => db.close(),
  };
}

/** Keys of rows of `before` that are gone or different in `after` (new rows are not counted). */
export function changedOrDeletedRows(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([key, row]) => after.get(key) !== row).map(([key]) => key);
}

/** The tables whose digest differs ([] when nothing changed). */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  return WATCHED_TABLES.filter((t) => before.tables[t] !== after.tables[t]);
}
