/**
 * Runs one server check on both databases: a real SQLite file (startAuthServer) and a throwaway PostgreSQL
 * cluster migrated and seeded the same way (skipped with SOUK_SKIP_PG=1, like every PostgreSQL test). The
 * check gets the server's loopback URL and its database handle.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { startAuthServer, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N, type AuthServerOptions } from './auth';
import { startPostgres, type TestPostgres } from './postgres';

export interface BothDatabasesOptions {
  /** Seeded products on PostgreSQL (default 20) and, when given, on SQLite. */
  products?: number;
  sqliteTimeoutMs?: number;
  postgresTimeoutMs?: number;
}

export type ServerCheck = (url: string, db: Database, dialect: 'sqlite' | 'postgres') => Promise<void>;

/** `describe(title)` with `it('on SQLite')` and `it('on PostgreSQL')` running `check`. */
export function onSqliteAndPostgres(title: string, check: ServerCheck, opts: BothDatabasesOptions = {}): void {
  describe(title, () => {
    it(
      'on SQLite',
      async () => {
        const sqliteOptions: AuthServerOptions = opts.products === undefined ? {} : { products: opts.products };
        const server = await startAuthServer(sqliteOptions);
        try {
          await check(server.url, server.db, 'sqlite');
        } finally {
          await server.close();
        }
      },
      opts.sqliteTimeoutMs ?? 60_000,
    );

    describe.skipIf(process.env.SOUK_SKIP_PG === '1')('PostgreSQL', () => {
      let pg: TestPostgres | undefined;
      let db: Database | undefined;
      let app: FastifyInstance | undefined;
      afterAll(async () => {
        await app?.close();
        await db?.close();
        await pg?.stop();
      });

      it(
        'on PostgreSQL',
        async () => {
          pg = await startPostgres();
          db = openDatabase(pg.url);
          await migrateToLatest(db);
          await seedDemo(db, { products: opts.products ?? 20, sellerPassword: null, scryptLog2N: TEST_SCRYPT_LOG2N });
          app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
          const url = await app.listen({ host: '127.0.0.1', port: 0 });
          await check(url, db, 'postgres');
        },
        opts.postgresTimeoutMs ?? 120_000,
      );
    });
  });
}
