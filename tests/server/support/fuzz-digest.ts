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

export interface DigestReader {
  digest(): TableDigest;
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
    rows: select,
    close() {
      conn.close();
    },
  };
}

/** The tables whose digest differs ([] when nothing changed). */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  return WATCHED_TABLES.filter((t) => before.tables[t] !== after.tables[t]);
}
