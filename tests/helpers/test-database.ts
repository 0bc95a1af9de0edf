/**
 * The database of a server test. SQLite by default: a file in a fresh temp dir. With SOUK_TEST_DB=postgres
 * (the Vitest project "server-postgres"), a fresh database in this process's throwaway PostgreSQL cluster:
 *
 * - one cluster per Vitest worker process (tests/helpers/postgres.ts), started by the first test that asks,
 *   stopped when the process ends (its reaper);
 * - its database souk_test, migrated, is the template: every test database is
 *   `CREATE DATABASE souk_tN TEMPLATE souk_test` (a file copy, a few ms), dropped again by remove();
 * - in project "server-postgres" the cluster starts as a copy of one migrated once for the whole run
 *   (tests/helpers/postgres-template-setup.ts); elsewhere (a PostgreSQL case run in project "default") the
 *   worker runs initdb and migrates itself.
 *
 *   const { url, remove } = await createTestDatabase();   // migrateToLatest on it is then quick
 *   const db = openDatabase(url);
 *   …
 *   await db.close();
 *   await remove();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenOptions } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { startPostgres } from './postgres';

export type TestDialect = 'sqlite' | 'postgres';

/** Where the server tests run: SOUK_TEST_DB=postgres → PostgreSQL, anything else → SQLite. */
export const TEST_DIALECT: TestDialect = process.env.SOUK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Whether this run puts the server tests on PostgreSQL (for the few checks that are SQLite's by nature). */
export const testsOnPostgres = TEST_DIALECT === 'postgres';

export interface TestDatabaseOptions {
  /** Default TEST_DIALECT. */
  dialect?: TestDialect;
  /** No tables at all (PostgreSQL otherwise hands out the migrated template). Default false. */
  empty?: boolean;
}

export interface TestDatabase {
  /** What openDatabase opens: the SQLite file or the PostgreSQL URL. */
  url: string;
  dialect: TestDialect;
  /** Deletes the database (the temp dir, or DROP DATABASE). Close its handles first. */
  remove(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated cluster's data directory, shut down: workers start theirs as copies of it. */
    soukPgTemplateDir?: string;
  }
}

const TEMPLATE = 'souk_test';

interface WorkerCluster {
  /** A fresh database copied from `template`; its URL. */
  create(template: string): Promise<string>;
  drop(url: string): Promise<void>;
}

let cluster: Promise<WorkerCluster> | null = null;

async function startWorkerCluster(): Promise<WorkerCluster> {
  const migrated = inject('soukPgTemplateDir');
  const server = await startPostgres([], { copyOf: migrated });
  if (migrated === undefined) {
    const template = openDatabase(server.url, { poolSize: 1 });
    try {
      await migrateToLatest(template);
    } finally {
      await template.close();
    }
  }
  // One admin connection: its queries run one at a time, as CREATE DATABASE … TEMPLATE wants.
  const admin = new pg.Client({ connectionString: server.url.replace(/\/[^/]*$/, '/postgres') });
  admin.on('error', () => {
    // The cluster went away (process ending): the next query says so.
  });
  await admin.connect();
  let counter = 0;
  return {
    async create(from) {
      counter += 1;
      const name = `souk_t${counter}`;
      await admin.query(`create database ${name} template ${from}`);
      return server.url.replace(/\/[^/]*$/, `/${name}`);
    },
    async drop(url) {
      const name = new URL(url).pathname.slice(1);
      // A closed pool has let its connections go, but their backends may take a moment to leave: wait for
      // them, so that FORCE (for a handle a test left open) does not make a closing client report a failure.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dialect = opts.dialect ?? TEST_DIALECT;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'souk-test-'));
    return { url: join(dir, 'souk.sqlite'), dialect, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  cluster ??= startWorkerCluster();
  const pgCluster = await cluster;
  const url = await pgCluster.create(opts.empty === true ? 'template0' : TEMPLATE);
  return { url, dialect, remove: () => pgCluster.drop(url) };
}

export interface OpenTestDatabase {
  db: Database;
  url: string;
  /** Closes the handle and deletes the database. */
  close(): Promise<void>;
}

/** createTestDatabase, opened (not migrated: run migrateToLatest, quick on PostgreSQL's template). */
export async function openTestDatabase(opts: TestDatabaseOptions & OpenOptions = {}): Promise<OpenTestDatabase> {
  const created = await createTestDatabase(opts);
  const db = openDatabase(created.url, opts);
  return {
    db,
    url: created.url,
    async close() {
      await db.close();
      await created.remove();
    },
  };
}
