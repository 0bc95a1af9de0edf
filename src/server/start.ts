/**
 * npm start: build the PWA if its sources changed, migrate, seed an empty
 * catalogue, serve API + PWA, and shut down cleanly on SIGINT/SIGTERM.
 * Several instances may start together on one PostgreSQL (docs/SCALING.md).
 */
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from './app';
import { BuildFailedError, DIST_DIR, ensurePwaBuilt } from './build/pwa-build';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { SeedError, seedDemo } from './seed/seed-demo';
import { DEMO_ADMIN_EMAIL, seedDemoAdmin } from './seed/seed-admin';
import { seedDemoSellers } from './seed/seed-sellers';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function countProducts(db: Database): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface StartSeedOptions {
  products: number;
  sellerPassword: string | null;
  /** The demo admin's password (SEED_ADMIN_PASSWORD); null or absent: none. */
  adminPassword?: string | null;
  /** scrypt cost of the sellers' password (tests lower it). */
  scryptLog2N?: number;
}

/** PostgreSQL advisory lock taken while an instance seeds at start (the write locks are 7_310_001…). */
const START_SEED_LOCK = 7_310_100;

/** Runs `fn` while no other instance on this PostgreSQL runs its own (one pooled connection holds the lock). */
async function oneInstanceAtATime<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return fn();
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_SEED_LOCK})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${START_SEED_LOCK})`.execute(conn);
    }
  });
}

/**
 * Seeds the demo catalogue into a database without products, else gives an older seeded catalogue its demo
 * sellers. A catalogue the seed refuses (no products but categories or shops already there) is left as it
 * is: said in the log, not fatal. Instances starting together on one PostgreSQL do this one after another,
 * so the first seeds and the others find it seeded.
 */
export function seedAtStart(db: Database, options: StartSeedOptions, log: (line: string) => void): Promise<void> {
  return oneInstanceAtATime(db, () => seedUnlocked(db, options, log));
}

async function seedUnlocked(db: Database, options: StartSeedOptions, log: (line: string) => void): Promise<void> {
  if ((await countProducts(db)) === 0) {
    const started = Date.now();
    try {
      const seeded = await seedDemo(db, { products: options.products, sellerPassword: options.sellerPassword, adminPassword: options.adminPassword, scryptLog2N: options.scryptLog2N });
      log(`Seeded ${seeded.products} demo products and ${seeded.sellers} seller accounts in ${Date.now() - started} ms`);
      return;
    } catch (error) {
      if (!(error instanceof SeedError && error.code === 'SEED_NOT_EMPTY')) throw error;
      log(
        'Not seeding the demo catalogue: the database has no products but already has categories or shops. `npm run seed -- --reset` replaces it with the demo catalogue.',
      );
    }
  }
  // A catalogue seeded before accounts existed gets its demo sellers now (a no-op once they exist).
  const sellers = await seedDemoSellers(db, { password: options.sellerPassword, scryptLog2N: options.scryptLog2N });
  if (sellers > 0) log(`Created ${sellers} demo seller accounts`);
  // The demo admin (seed/seed-admin.ts), likewise for a catalogue seeded before it existed.
  const admin = await seedDemoAdmin(db, { password: options.adminPassword, scryptLog2N: options.scryptLog2N });
  if (admin !== 'kept') log(`Demo admin ${DEMO_ADMIN_EMAIL}: ${admin}`);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  try {
    const result = await ensurePwaBuilt(ROOT, { log: (line) => console.log(line) });
    if (!result.built) console.log(`PWA build ${result.reason}`);
  } catch (error) {
    if (error instanceof BuildFailedError) {
      console.error(
        `\nCould not build the PWA (${error.message}). Fix the errors above, or run \`npx vite build\` to see them again.`,
      );
      process.exit(1);
    }
    throw error;
  }

  const db = openDatabase(config.databaseUrl);
  const ran = await migrateToLatest(db);
  if (ran.length > 0) console.log(`Migrated ${db.location}: ${ran.join(', ')}`);
  await seedAtStart(db, { products: config.seedProducts, sellerPassword: config.seedSellerPassword ?? null, adminPassword: config.seedAdminPassword ?? null }, (line) => console.log(line));
  // PostgreSQL: LISTEN for the other instances' writes before serving streams (at once on SQLite).
  await db.changes.ready();

  const distDir = join(ROOT, DIST_DIR);
  const staticDir = existsSync(join(distDir, 'index.html')) ? distDir : null;
  const app = await buildApp({
    db,
    staticDir,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    push: config.push,
    money: { commissionRateBp: config.commissionRateBp },
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    // sms is left to the phone routes' default: the sender SMS_PROVIDER selects (log unless webhook).
    auth: {
      secret: config.authSecret,
      googleClientId: config.googleClientId ?? null,
      rateLimits: config.authRateLimits ? undefined : false,
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Souk is listening on http://${shown}:${port} (database: ${db.location})`);
  if (!staticDir) app.log.warn('No built PWA in dist/: serving the API only');
}

/** Whether this file is the program (tsx src/server/start.ts), not a module imported by a test. */
function isMain(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  main().catch((error: unknown) => {
    console.error('Souk failed to start:', error);
    process.exit(1);
  });
}
