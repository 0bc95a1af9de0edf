/**
 * The listing cache with two app instances on ONE throwaway PostgreSQL (each its own pool, change notifier and
 * cache), real HTTP on loopback: a product written through instance A drops instance B's cached listing
 * (the change crosses through LISTEN/NOTIFY on `souk_changes`), so B's next answer shows the write.
 * Skipped with SOUK_SKIP_PG=1 like the other PostgreSQL tests.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { ProductResponse } from '../../src/server/http/product-response';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { registerUser, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { updateProduct } from '../helpers/server';
import { orderBody, placeOrder, sellableVariant } from './support/order-fixtures';

const skip = process.env.SOUK_SKIP_PG === '1';
/** The NOTIFY crosses in milliseconds; the bound only keeps a lost one from hanging the test. */
const POLL = { timeout: 10_000, interval: 25 };
const PATH = '/api/products/all?sort=price-low-high&per_page=5&locale=en';

interface Instance {
  url: string;
  db: Database;
  app: FastifyInstance;
}

async function listing(on: Instance): Promise<{ data: ProductResponse[]; meta: { total: number } }> {
  const res = await fetch(`${on.url}${PATH}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { data: ProductResponse[]; meta: { total: number } };
}

describe.skipIf(skip)('listing cache across two instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  let setup: Database;
  const instances: Instance[] = [];

  const instance = async (): Promise<Instance> => {
    const db = openDatabase(pg.url, { poolSize: 4 });
    await db.changes.ready();
    const app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    const made = { url: await app.listen({ host: '127.0.0.1', port: 0 }), db, app };
    instances.push(made);
    return made;
  };

  beforeAll(async () => {
    pg = await startPostgres();
    setup = openDatabase(pg.url, { poolSize: 2 });
    await migrateToLatest(setup);
    await seedDemo(setup, { products: 30, sellerPassword: null, scryptLog2N: TEST_SCRYPT_LOG2N });
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.db.close();
    }
    await setup?.close();
    await pg?.stop();
  });

  it('a write on A drops B’s cached listing: B answers the new price, the new stock, the delete', async () => {
    const a = await instance();
    const b = await instance();
    const before = await listing(b);
    const cheapest = before.data[0] as ProductResponse;

    // B serves its cache: a row changed behind every notifier's back does not show on B.
    await sql`update products set name = 'Silently renamed' where id = ${cheapest.id}`.execute(setup.kysely);
    expect((await listing(b)).data[0]?.name).toBe(cheapest.name);

    // Price through A: B's next answers (once the NOTIFY has crossed) no longer list it first.
    await updateProduct(a, cheapest.id, { price: 99_999, discountPrice: null });
    await expect.poll(async () => (await listing(b)).data[0]?.id, POLL).not.toBe(cheapest.id);
    const afterPrice = await listing(b);
    expect(afterPrice.data.map((p) => p.id)).not.toContain(cheapest.id);
    expect(afterPrice).toEqual(await listing(a));

    // Stock through A.
    const next = afterPrice.data[0] as ProductResponse;
    expect(next.stock_quantity).toBeGreaterThan(0);
    await updateProduct(a, next.id, { stock: next.variants.map((v) => ({ variantId: v.id, quantity: 0 })) });
    await expect.poll(async () => (await listing(b)).data[0]?.stock_quantity, POLL).toBe(0);

    // Delete through A.
    await updateProduct(a, next.id, { deleted: true });
    await expect.poll(async () => (await listing(b)).data.map((p) => p.id), POLL).not.toContain(next.id);
    expect((await listing(b)).meta.total).toBe(afterPrice.meta.total - 1);
    expect(await listing(b)).toEqual(await listing(a));
  });

  it('an order on A that sells a product out drops B’s in-stock total (the stock change keeps its scope across)', async () => {
    const a = instances[0] ?? (await instance());
    const b = instances[1] ?? (await instance());
    const total = async (on: Instance, query: string) => {
      const res = await fetch(`${on.url}/api/products/all?per_page=1&${query}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { meta: { total: number } }).meta.total;
    };
    // What reaches B, to wait for the right NOTIFY instead of guessing.
    const seen: CollectionChange[] = [];
    const unsubscribe = b.db.changes.subscribe((change) => seen.push(change));
    const arrived = (match: (c: CollectionChange) => boolean) => expect.poll(() => seen.some(match), POLL).toBe(true);
    try {
      // A product with one unit left in all: a variant at 1, the others at 0 (a write without scope: every total goes).
      const v = await sellableVariant(setup, 1, 3);
      const variants = await setup.kysely.selectFrom('product_variants').select('id').where('product_id', '=', v.productId).execute();
      await updateProduct(a, v.productId, { stock: variants.map((r) => ({ variantId: Number(r.id), quantity: Number(r.id) === v.variantId ? 1 : 0 })) });
      // And a product out of stock in all its variants: the last write before the order.
      const w = await sellableVariant(setup, 0, 4);
      const others = await setup.kysely.selectFrom('product_variants').select('id').where('product_id', '=', w.productId).execute();
      const lastEdit = await updateProduct(a, w.productId, { stock: others.map((r) => ({ variantId: Number(r.id), quantity: 0 })) });
      await arrived((c) => c.collection === 'products' && c.checkpoint.updatedAt === lastEdit?.updatedAt);
      const inStock = await total(a, 'inStock=true');
      const all = await total(a, 'sort=rating');
      expect(await total(b, 'inStock=true')).toBe(inStock);
      expect(await total(b, 'sort=rating')).toBe(all);

      // Behind every notifier's back, the out-of-stock product leaves the catalogue: a total B counts afresh
      // shows it, a total B kept does not.
      await sql`update products set deleted = 1 where id = ${w.productId}`.execute(setup.kysely);
      const buyer = await registerUser(a.url);
      expect((await placeOrder(a.url, buyer.token, orderBody([{ v, quantity: 1 }]))).status).toBe(201);
      // The order's products change reaches B with its scope.
      await arrived((c) => c.collection === 'products' && c.checkpoint.id === String(v.productId) && c.userId === undefined && 'scope' in c && c.scope === 'stock');
      expect(await total(b, 'inStock=true')).toBe(inStock - 1);
      // B kept its total without the in-stock filter through the order's stock change.
      expect(await total(b, 'sort=rating')).toBe(all);
      expect(await total(a, 'inStock=true')).toBe(inStock - 1);
    } finally {
      unsubscribe();
    }
  });
});
