/**
 * npm run seed -- [--products N] [--reset]
 * Seeds the demo catalogue into DATABASE_URL (default: the SQLite file).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from './db/database';
import { databaseUrlProblem } from './db/database-url';
import { migrateToLatest } from './db/migrate';
import { DEFAULT_SEED_PRODUCTS, resetCatalog, SeedError, seedDemo } from './seed/seed-demo';

const USAGE = 'Usage: npm run seed -- [--products N] [--reset]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        products: { type: 'string', default: String(DEFAULT_SEED_PRODUCTS) },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!/^\d{1,7}$/.test(values.products)) {
    console.error(`--products must be a whole number (got '${values.products}')\n${USAGE}`);
    return 2;
  }
  const products = Number(values.products);

  const url = process.env.DATABASE_URL || undefined;
  const problem = databaseUrlProblem(url);
  if (problem !== null) {
    console.error(`DATABASE_URL: ${problem}`);
    return 2;
  }
  const db = openDatabase(url);
  try {
    await migrateToLatest(db);
    if (values.reset) {
      await resetCatalog(db);
      console.log('Catalogue emptied');
    }
    const started = Date.now();
    const result = await seedDemo(db, { products, sellerPassword: process.env.SEED_SELLER_PASSWORD || null, adminPassword: process.env.SEED_ADMIN_PASSWORD || null });
    const ms = Date.now() - started;
    console.log(
      `Seeded ${result.products} products (${result.variants} variants, ${result.reviews} reviews by ${result.buyers} demo buyers), ${result.shops} shops (${result.sellers} seller accounts) and ${result.categories} categories into ${db.location} in ${ms} ms`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(error.code === 'SEED_NOT_EMPTY' ? 'The catalogue already has data; add --reset to replace it.' : error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Seeding failed:', error);
    process.exit(1);
  },
);
