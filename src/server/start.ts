/**
 * npm start: build the PWA if its sources changed, migrate, seed an empty
 * catalogue, serve API + PWA, and shut down cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { BuildFailedError, DIST_DIR, ensurePwaBuilt } from './build/pwa-build';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './seed/seed-demo';
import { seedDemoSellers } from './seed/seed-sellers';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function countProducts(db: ReturnType<typeof openDatabase>): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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
  if ((await countProducts(db)) === 0) {
    const started = Date.now();
    const seeded = await seedDemo(db, { products: config.seedProducts, sellerPassword: config.seedSellerPassword ?? null });
    console.log(`Seeded ${seeded.products} demo products and ${seeded.sellers} seller accounts in ${Date.now() - started} ms`);
  } else {
    // A catalogue seeded before accounts existed gets its demo sellers now (a no-op once they exist).
    const sellers = await seedDemoSellers(db, { password: config.seedSellerPassword ?? null });
    if (sellers > 0) console.log(`Created ${sellers} demo seller accounts`);
  }

  const distDir = join(ROOT, DIST_DIR);
  const staticDir = existsSync(join(distDir, 'index.html')) ? distDir : null;
  const app = await buildApp({
    db,
    staticDir,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    push: config.push,
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

main().catch((error: unknown) => {
  console.error('Souk failed to start:', error);
  process.exit(1);
});
