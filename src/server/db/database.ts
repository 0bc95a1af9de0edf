/**
 * Opens the server database: SQLite (better-sqlite3, a file) by default, or
 * PostgreSQL (pg Pool) when the URL starts with postgres:// or postgresql://
 * (the accepted forms: database-url.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { createLocalChangeNotifier, type ChangeNotifier } from '../changes/change-notifier';
import { createPgChangeNotifier } from '../changes/pg-change-notifier';
import { parseDatabaseUrl } from './database-url';
import type { DB } from './schema';

export { DEFAULT_SQLITE_FILE } from './database-url';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  kysely: Kysely<DB>;
  dialect: Dialect;
  /** Where repositories announce committed writes to replicated tables. */
  changes: ChangeNotifier;
  /** Human-readable location without credentials (for logs). */
  location: string;
  /** PostgreSQL only: the connection URL, for dedicated connections outside the pool (the chat bus's and the change notifier's LISTEN). */
  postgresUrl?: string;
  /**
   * SQLite only: runs `edit` on the raw connection with defensive mode off (better-sqlite3's unsafeMode), for the
   * one kind of schema change SQLite's ALTER TABLE cannot make: widening a CHECK constraint (0020_seller_side).
   */
  editSqliteSchema?(edit: (sqlite: BetterSqlite3.Database) => void): void;
  close(): Promise<void>;
}

/** int8 (count(*), bigint columns) and numeric arrive as strings from pg unless parsed. */
let pgParsersInstalled = false;
function installPgTypeParsers(): void {
  if (pgParsersInstalled) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v));
  pgParsersInstalled = true;
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/** Where the handle reports failures it survives. `console` fits; so does a wrapper around a pino logger. */
export interface DatabaseLogger {
  error(message: string, error: unknown): void;
}

export interface OpenOptions {
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /** Default: in-process on SQLite, LISTEN/NOTIFY on `souk_changes` on PostgreSQL (changes/pg-change-notifier.ts). */
  changes?: ChangeNotifier;
  /** Default: console. */
  logger?: DatabaseLogger;
}

/** Distinct SQL texts kept prepared: listings vary by filter combination, sort and IN-list length. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls prepare() for every query it runs. Preparing
 * parses and plans the statement, and for a listing page (a join over a
 * subquery, products carrying a dozen indexes to choose from) that cost more
 * than running it. Statements are kept by SQL text, least recently used out.
 * Reuse is safe: kysely holds SQLite's single connection for one query at a
 * time, and a statement still iterating (a stream) is never handed out again.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = cache.get(sqlText);
      if (cached !== undefined && !cached.busy) {
        cache.delete(sqlText);
        cache.set(sqlText, cached);
        return cached;
      }
      const statement = sqlite.prepare(sqlText);
      if (cached !== undefined) return statement;
      cache.set(sqlText, statement);
      if (cache.size > max) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

/** `url`: DATABASE_URL's forms (database-url.ts) or a file path; a DatabaseUrlError when it names no database. */
export function openDatabase(url?: string, options: OpenOptions = {}): Database {
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'postgres') {
    const { url } = target;
    installPgTypeParsers();
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client losing its connection (server restart, admin kill, network) must not crash the
    // process: the pool drops it and connects afresh when next needed. Say so, though: a stream of these
    // is how a failing database shows itself.
    const logger = options.logger ?? console;
    pool.on('error', (error) => {
      logger.error(`PostgreSQL (${redactUrl(url)}): an idle pooled connection failed; the pool will open a new one`, error);
    });
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Several instances may share this database: a write on any of them pokes every instance's sync streams.
    const changes = options.changes ?? createPgChangeNotifier({ url, kysely, onError: (message, error) => logger.error(message, error) });
    return {
      kysely,
      dialect: 'postgres',
      changes,
      location: redactUrl(url),
      postgresUrl: url,
      async close() {
        await changes.close();
        await kysely.destroy();
      },
    };
  }

  const { file } = target;
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads: listings and pulls walk indexes and fetch rows all over the products table (~40 MB at 50,000
  // products). The default 16 MB page cache churns on that, and every miss is a pread copy; a larger
  // cache plus memory-mapped reads keep the hot pages without syscalls. Sorts that spill use memory.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // SQLite serves one instance: its pokes stay in this process.
  const changes = options.changes ?? createLocalChangeNotifier();
  return {
    kysely,
    dialect: 'sqlite',
    changes,
    location: file === ':memory:' ? file : resolve(file),
    editSqliteSchema(edit) {
      sqlite.unsafeMode(true);
      try {
        edit(sqlite);
      } finally {
        sqlite.unsafeMode(false);
      }
    },
    async close() {
      await changes.close();
      await kysely.destroy();
    },
  };
}
