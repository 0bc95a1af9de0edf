/**
 * npm start's seeding step (seedAtStart in src/server/start.ts): an empty database gets the demo catalogue;
 * a database the seed refuses (no products, but categories and shops) is left alone with a line in the log
 * instead of stopping the server; several instances starting together on one empty PostgreSQL seed it once
 * (one after another under an advisory lock: without it, the others' seller step collided with the first's
 * on users' unique email) and all go on. Importing start.ts does not start a server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { SeedError, seedDemo } from '../../src/server/seed/seed-demo';
import { seedAtStart } from '../../src/server/start';
import { TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../helpers/test-database';

const OPTIONS = { products: 12, sellerPassword: null, scryptLog2N: TEST_SCRYPT_LOG2N };

async function counts(db: Database): Promise<{ products: number; shops: number; categories: number; sellers: number }> {
  const n = async (table: 'products' | 'shops' | 'categories') =>
    Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sellers = Number((await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'seller').executeTakeFirstOrThrow()).n);
  return { products: await n('products'), shops: await n('shops'), categories: await n('categories'), sellers };
}

describe('seedAtStart', () => {
  it('seeds an empty database, then leaves the seeded one alone', async () => {
    const { db, close } = await openTestDatabase();
    try {
      await migrateToLatest(db);
      const log: string[] = [];
      await seedAtStart(db, OPTIONS, (line) => void log.push(line));
      expect(log).toEqual([expect.stringMatching(/^Seeded 12 demo products and 14 seller accounts in \d+ ms$/)]);
      const seeded = await counts(db);
      expect(seeded).toMatchObject({ products: 12, sellers: 14 });
      await seedAtStart(db, OPTIONS, (line) => void log.push(line));
      expect(log).toHaveLength(1);
      expect(await counts(db)).toEqual(seeded);
    } finally {
      await close();
    }
  });

  it('does not stop on a catalogue with categories and shops but no products: it says so and goes on', async () => {
    const { db, close } = await openTestDatabase();
    try {
      await migrateToLatest(db);
      await seedDemo(db, { ...OPTIONS, products: 0 });
      // What npm start used to call, and die of:
      await expect(seedDemo(db, OPTIONS)).rejects.toSatisfy((e) => e instanceof SeedError && e.code === 'SEED_NOT_EMPTY');
      const before = await counts(db);
      expect(before).toMatchObject({ products: 0, shops: 14, categories: 23, sellers: 14 });
      // Sellers that were deleted come back (the step npm start runs on a seeded catalogue), one line each way.
      await db.kysely.updateTable('shops').set({ owner_user_id: null }).execute();
      await db.kysely.deleteFrom('users').where('role', '=', 'seller').execute();
      const log: string[] = [];
      await seedAtStart(db, OPTIONS, (line) => void log.push(line));
      expect(log).toEqual([expect.stringContaining('Not seeding the demo catalogue: the database has no products but already has categories or shops'), 'Created 14 demo seller accounts']);
      expect(await counts(db)).toEqual(before);
    } finally {
      await close();
    }
  });
});

describe.skipIf(process.env.SOUK_SKIP_PG === '1')('seedAtStart on PostgreSQL', () => {
  let created: TestDatabase | undefined;
  const dbs: Database[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await created?.remove();
  });

  it('three instances starting together on an empty database: one seeds, the others find it seeded, none fails', async () => {
    created = await createTestDatabase({ dialect: 'postgres' });
    const url = created.url;
    for (let i = 0; i < 3; i++) dbs.push(openDatabase(url, { poolSize: 2 }));
    await migrateToLatest(dbs[0] as Database);
    const logs: string[][] = dbs.map(() => []);
    const results = await Promise.allSettled(dbs.map((db, i) => seedAtStart(db, OPTIONS, (line) => void logs[i]?.push(line))));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const lines = logs.flat();
    // One after another: the first seeds; the others find products and sellers there, with nothing to say.
    expect(lines).toEqual([expect.stringMatching(/^Seeded 12 demo products and 14 seller accounts/)]);
    expect(await counts(dbs[0] as Database)).toMatchObject({ products: 12, shops: 14, sellers: 14 });
  }, 120_000);
});
