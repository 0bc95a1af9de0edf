/**
 * A real server for integration tests: a fresh database (a real SQLite file, or with SOUK_TEST_DB=postgres a
 * PostgreSQL database: tests/helpers/test-database.ts), migrated and seeded, the app listening on 127.0.0.1
 * at a free port.
 *
 *   const server = await startTestServer({ products: 120 });
 *   const res = await fetch(`${server.url}/api/products/all`);
 *   await updateProduct(server, 7, { price: 99.5 });   // bumps updatedAt, pokes /api/sync/stream
 *   await server.close();
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { updateProduct as updateProductRow, type ProductPatch } from '../../src/server/repositories/product-writes';
import type { ProductDocWithFlag } from '../../src/server/repositories/product-docs';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { createTestDatabase, type TestDialect } from './test-database';

export type { ProductPatch } from '../../src/server/repositories/product-writes';

export interface TestServer {
  /** e.g. 'http://127.0.0.1:41234' (no trailing slash). */
  url: string;
  app: FastifyInstance;
  db: Database;
  /** What openDatabase opens: the SQLite file or the PostgreSQL URL (a second instance on the same database). */
  dbUrl: string;
  /** Stops the server, closes the database and deletes it (when the server created it). */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Demo products to seed (default 360; 0 seeds categories and shops only). */
  products?: number;
  /** A built PWA to serve with the navigation fallback; default none (API only). */
  staticDir?: string | null;
  /** SSE heartbeat interval in ms (default 25 s). */
  heartbeatMs?: number;
  /** Skip seeding entirely (empty catalogue). */
  seed?: boolean;
  /** Default: TEST_DIALECT (SOUK_TEST_DB). */
  dialect?: TestDialect;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const created = await createTestDatabase({ dialect: opts.dialect });
  return serveOnLoopback(openDatabase(created.url), created.url, created.remove, async (db) => {
    await migrateToLatest(db);
    if (opts.seed !== false) await seedDemo(db, { products: opts.products ?? 360 });
    return buildApp({
      db,
      staticDir: opts.staticDir ?? null,
      logger: false,
      sync: opts.heartbeatMs === undefined ? {} : { heartbeatMs: opts.heartbeatMs },
    });
  });
}

/**
 * Prepares the database and app (`prepare`), listens on 127.0.0.1 at a free port, and cleans up
 * (app, database, and the database itself with `remove` when not null) on failure or close. Shared by the
 * test servers.
 */
export async function serveOnLoopback(
  db: Database,
  dbUrl: string,
  remove: (() => Promise<void>) | null,
  prepare: (db: Database) => Promise<FastifyInstance>,
): Promise<TestServer> {
  const removeDb = async () => {
    if (remove !== null) await remove();
  };
  let app: FastifyInstance | undefined;
  try {
    app = await prepare(db);
    // As npm start does: on PostgreSQL, LISTEN for other instances' writes before serving streams. A stream
    // opened first would start the LISTEN itself and get the catch-up pokes of a LISTEN that came late.
    await db.changes.ready();
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close();
    await db.close();
    await removeDb();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const started = app;
  let closed = false;
  return {
    url: `http://127.0.0.1:${address.port}`,
    app: started,
    db,
    dbUrl,
    async close() {
      if (closed) return;
      closed = true;
      await started.close();
      await db.close();
      await removeDb();
    },
  };
}

/**
 * Changes a product the way the server's own writes do: a new updatedAt after
 * every checkpoint already handed out, and a 'changed' event on /api/sync/stream.
 * Returns the product document as it now is (null when the id does not exist).
 */
export async function updateProduct(
  server: Pick<TestServer, 'db'>,
  id: number | string,
  patch: ProductPatch,
): Promise<ProductDocWithFlag | null> {
  return updateProductRow(server.db, Number(id), patch);
}

/** Soft-deletes a product (it then pulls with _deleted: true and leaves listings). */
export async function deleteProduct(server: Pick<TestServer, 'db'>, id: number | string): Promise<void> {
  await updateProductRow(server.db, Number(id), { deleted: true });
}
