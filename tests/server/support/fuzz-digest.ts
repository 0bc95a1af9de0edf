/**
 * "Nothing was written": a digest of the account tables, read through a second
 * (read-only) connection to the server's SQLite file, so it sees exactly what
 * the server committed and nothing the server's own handle might cache.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';

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
  digest(): TableDigest;
  /**
   * Every row not owned by `userId` (all rows when null), as `table:primary key` → row JSON.
   * An allowed write may add rows and change the caller's own; compared with
   * changedOrDeletedRows, it must leave every other existing row as it was.
   */
  othersRows(userId: number | null): Map<string, string>;
  /** The rows of one table, ordered by primary key (to show what changed). */
  rows(table: string): unknown[];
  close(): void;
}

export function openDigestReader(dbFile: string): DigestReader {
  const conn = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  const select = (table: string): unknown[] => conn.prepare(`select * from "${table}" order by 1`).all();
  return {
    digest() {
      const tables: Record<string, string> = {};
      const counts: Record<string, number> = {};
      // One read transaction: the tables are compared as of a single moment.
      conn.transaction(() => {
        for (const table of WATCHED_TABLES) {
          const rows = select(table);
          counts[table] = rows.length;
          tables[table] = createHash('sha256')
            .update(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
            .digest('hex');
        }
      })();
      return { tables, counts };
    },
    othersRows(userId) {
      const rows = new Map<string, string>();
      conn.transaction(() => {
        for (const table of WATCHED_TABLES) {
          for (const row of select(table) as Record<string, unknown>[]) {
            const owner = row[OWNER_COLUMN[table]];
            if (userId !== null && owner !== null && Number(owner) === userId) continue;
            rows.set(`${table}:${String(row.id)}`, JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
          }
        }
      })();
      return rows;
    },
    rows: select,
    close() {
      conn.close();
    },
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
