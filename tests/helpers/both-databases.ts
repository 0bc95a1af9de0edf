/**
 * Runs one server check on both databases: a real SQLite file and a PostgreSQL database of this worker's
 * throwaway cluster (tests/helpers/test-database.ts), each migrated and seeded by startAuthServer. The
 * PostgreSQL case is skipped with SOUK_SKIP_PG=1, like every PostgreSQL test; the SQLite one in the
 * "server-postgres" project (SOUK_TEST_DB=postgres), whose run is PostgreSQL's. The check gets the server's
 * loopback URL and its database handle.
 */
import { describe, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { startAuthServer, type AuthServerOptions } from './auth';
import { testsOnPostgres, type TestDialect } from './test-database';

export interface BothDatabasesOptions {
  /** Seeded products (default 20). */
  products?: number;
  sqliteTimeoutMs?: number;
  postgresTimeoutMs?: number;
}

export type ServerCheck = (url: string, db: Database, dialect: TestDialect) => Promise<void>;

async function runOn(dialect: TestDialect, check: ServerCheck, opts: BothDatabasesOptions): Promise<void> {
  const serverOptions: AuthServerOptions = { dialect, ...(opts.products === undefined ? {} : { products: opts.products }) };
  const server = await startAuthServer(serverOptions);
  try {
    await check(server.url, server.db, dialect);
  } finally {
    await server.close();
  }
}

/** `describe(title)` with `it('on SQLite')` and `it('on PostgreSQL')` running `check`. */
export function onSqliteAndPostgres(title: string, check: ServerCheck, opts: BothDatabasesOptions = {}): void {
  describe(title, () => {
    it.skipIf(testsOnPostgres)('on SQLite', () => runOn('sqlite', check, opts), opts.sqliteTimeoutMs ?? 60_000);
    it.skipIf(process.env.SOUK_SKIP_PG === '1')('on PostgreSQL', () => runOn('postgres', check, opts), opts.postgresTimeoutMs ?? 120_000);
  });
}
