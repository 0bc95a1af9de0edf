/** The demo seed: deterministic, realistic, complete, and fast enough for 50,000 products. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLORS, discountPercent, FABRICS, SIZES, STORE_TYPES, type ProductDoc, type ShopDoc } from '../../src/domain/catalog';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { listProducts } from '../../src/server/repositories/product-listing';
import { normalizeProductQuery } from '../../src/domain/product-query';
import { resetCatalog, seedDemo, SeedError } from '../../src/server/seed/seed-demo';
import { seedDemoSellers } from '../../src/server/seed/seed-sellers';
import { DEMO_ADMIN_EMAIL } from '../../src/server/seed/seed-admin';
import { BUYERS } from '../../src/server/seed/review-data';
import { verifyPassword } from '../../src/server/auth/passwords';
import { startTestServer, type TestServer } from '../helpers/server';
import { openTestDatabase, type OpenTestDatabase } from '../helpers/test-database';
import { pullAll, type PulledDoc } from './support/pull-all';
import { getJson } from './support/http';
import { expectSeededRatingsFromRows } from './support/seeded-reviews';
import type { ReviewDoc, ReviewSummary } from '../../src/domain/social';

const ARABIC = /\p{Script=Arabic}/u;
const DAY = 86_400_000;

let server: TestServer;
let products: PulledDoc<'products'>[];
let shops: PulledDoc<'shops'>[];

beforeAll(async () => {
  server = await startTestServer();
  products = (await pullAll(server.url, 'products')).documents;
  shops = (await pullAll(server.url, 'shops')).documents;
});
afterAll(async () => {
  await server?.close();
});

const tempDb = (): Promise<OpenTestDatabase> => openTestDatabase();

describe('demo shops', () => {
  it('has at least 12 shops of every store type, some featured and verified, exactly one suspended', () => {
    expect(shops.length).toBeGreaterThanOrEqual(12);
    expect(new Set(shops.map((s) => s.store_type))).toEqual(new Set(STORE_TYPES));
    expect(shops.filter((s) => s.is_featured).length).toBeGreaterThan(0);
    expect(shops.filter((s) => s.is_verified).length).toBeGreaterThan(0);
    expect(shops.filter((s) => s.status === 'suspended')).toHaveLength(1);
  });

  it('has Arabic names and descriptions, Moroccan cities, and pictures', () => {
    for (const s of shops as ShopDoc[]) {
      expect(s.name_ar).toMatch(ARABIC);
      expect(s.description_ar).toMatch(ARABIC);
      expect(s.city.length).toBeGreaterThan(2);
      expect(s.logo).toBe(`/media/shops/${s.id}/logo.svg`);
      expect(s.cover).toBe(`/media/shops/${s.id}/cover.svg`);
      expect(s.rating * 10).toBe(Math.round(s.rating * 10));
    }
    expect(new Set(shops.map((s) => s.city)).size).toBeGreaterThanOrEqual(8);
  });
});

describe('demo products', () => {
  it('seeds 360 products by default', () => {
    expect(products).toHaveLength(360);
  });

  it('has English and Arabic names and descriptions', () => {
    for (const p of products) {
      expect(p.name).toMatch(/^[A-Z][A-Za-z' -]+$/);
      expect(p.name_ar).toMatch(ARABIC);
      expect(p.description.length).toBeGreaterThan(30);
      expect(p.description_ar).toMatch(ARABIC);
    }
    expect(new Set(products.map((p) => p.name)).size).toBeGreaterThan(200);
  });

  it('has variants over the spec colours, sizes and fabrics, with stock that is sometimes low or out', () => {
    const colors = new Set(products.flatMap((p) => p.variants.map((v) => v.color)));
    const sizes = new Set(products.flatMap((p) => p.variants.map((v) => v.size)));
    const fabrics = new Set(products.flatMap((p) => p.variants.map((v) => v.fabric)));
    expect(colors).toEqual(new Set(COLORS));
    expect(sizes).toEqual(new Set(SIZES));
    expect(fabrics).toEqual(new Set(FABRICS));
    for (const p of products) {
      expect(p.variants.length).toBeGreaterThan(0);
      expect(p.stock_quantity).toBe(p.variants.reduce((n, v) => n + v.stock_quantity, 0));
      expect(p.in_stock).toBe(p.stock_quantity > 0);
      expect(p.colors).toEqual(COLORS.filter((c) => p.variants.some((v) => v.color === c)));
    }
    expect(products.filter((p) => p.stock_quantity === 0).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.stock_quantity >= 1 && p.stock_quantity <= 5).length).toBeGreaterThan(5);
  });

  it('has discounts, some over 50% and none over 70%, with consistent prices', () => {
    const discounted = products.filter((p) => p.has_discount);
    expect(discounted.length).toBeGreaterThan(60);
    expect(discounted.some((p) => p.discount_percent > 50)).toBe(true);
    for (const p of products) {
      expect(p.discount_percent).toBe(discountPercent(p.price, p.discount_price));
      expect(p.discount_percent).toBeLessThanOrEqual(70);
      expect(p.effective_price).toBe(p.discount_price ?? p.price);
      expect(Math.round(p.price * 100)).toBe(p.price * 100);
    }
  });

  it('has flags, one-decimal ratings with review counts, sales, and dates spread over months', () => {
    expect(products.some((p) => p.handmade) && products.some((p) => !p.handmade)).toBe(true);
    expect(products.some((p) => p.customizable) && products.some((p) => p.express)).toBe(true);
    for (const p of products) {
      expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
      expect(p.rating).toBeLessThanOrEqual(5);
      if (p.reviews_count === 0) expect(p.rating).toBe(0);
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.main_image).toBe(`/media/products/${p.id}/1.svg`);
    }
    expect(new Set(products.map((p) => p.rating)).size).toBeGreaterThan(15);
    expect(products.some((p) => p.sales_count > 1000)).toBe(true);
    const times = products.map((p) => p.created_at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(120 * DAY);
  });

  it('puts no products in the suspended shop', () => {
    const suspended = shops.find((s) => s.status === 'suspended');
    expect(products.filter((p) => p.shop_id === Number(suspended?.id))).toEqual([]);
  });
});

describe('demo sellers', () => {
  it('one seller account per demo shop: {slug}@sellers.souk.test, first name = shop name, owner of the shop, no password by default', async () => {
    const rows = await server.db.kysely
      .selectFrom('shops')
      .leftJoin('users', 'users.id', 'shops.owner_user_id')
      .select(['shops.slug', 'shops.name', 'users.email', 'users.role', 'users.first_name', 'users.password_hash', 'users.username'])
      .execute();
    expect(rows).toHaveLength(shops.length);
    for (const r of rows) {
      expect(r).toMatchObject({ email: `${r.slug}@sellers.souk.test`, role: 'seller', first_name: r.name, password_hash: null });
    }
    expect(new Set(rows.map((r) => r.username)).size).toBe(rows.length);
  });

  it('takes the given password, is idempotent, sets a password later, and relinks after a catalogue reset', async () => {
    const { db, close } = await tempDb();
    try {
      await migrateToLatest(db);
      const result = await seedDemo(db, { products: 5, sellerPassword: 'demo-seller-pass', scryptLog2N: 10 });
      expect(result.sellers).toBe(shops.length);
      const first = await db.kysely.selectFrom('users').select(['id', 'password_hash']).where('role', '=', 'seller').orderBy('id').executeTakeFirstOrThrow();
      expect(await verifyPassword('demo-seller-pass', first.password_hash)).toBe(true);
      expect(await seedDemoSellers(db, { password: 'demo-seller-pass', scryptLog2N: 10 })).toBe(0);

      await resetCatalog(db);
      await seedDemo(db, { products: 5 });
      const owners = await db.kysely.selectFrom('shops').select('owner_user_id').execute();
      expect(owners.every((o) => o.owner_user_id !== null)).toBe(true);
      // The demo buyers (and the demo admin, seed-admin.ts) are reused too, not duplicated.
      const users = await db.kysely.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(shops.length + BUYERS.length + 1);
      expect(await db.kysely.selectFrom('users').select('role').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst()).toEqual({ role: 'admin' });
    } finally {
      await close();
    }
  });

  it('a password given later is set on sellers that have none', async () => {
    const { db, close } = await tempDb();
    try {
      await migrateToLatest(db);
      await seedDemo(db, { products: 0 });
      expect(await seedDemoSellers(db, { password: 'later-password', scryptLog2N: 10 })).toBe(0);
      const hashes = await db.kysely.selectFrom('users').select('password_hash').where('role', '=', 'seller').execute();
      for (const h of hashes) expect(await verifyPassword('later-password', h.password_hash)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('demo buyers and reviews', () => {
  it('20–40 buyer accounts: buyer{n}@buyers.souk.test, username buyer{n}, role user, no password', async () => {
    const buyers = await server.db.kysely.selectFrom('users').selectAll().where('email', 'like', '%@buyers.souk.test').orderBy('id').execute();
    expect(buyers.length).toBeGreaterThanOrEqual(20);
    expect(buyers.length).toBeLessThanOrEqual(40);
    buyers.forEach((b, i) => {
      expect(b).toMatchObject({ email: `buyer${i + 1}@buyers.souk.test`, username: `buyer${i + 1}`, role: 'user', password_hash: null });
      expect(b.first_name).not.toBe('');
    });
  });

  it("every product's rating and review count are what its review rows give", async () => {
    const { products: n, reviews } = await expectSeededRatingsFromRows(server.db);
    expect(n).toBe(360);
    expect(reviews).toBeGreaterThan(360);
    const counts = products.map((p) => p.reviews_count);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    expect(counts.filter((c) => c === 0).length).toBeGreaterThan(20);
    expect(counts.filter((c) => c >= 5).length).toBeGreaterThan(20);
  });

  it('reviews are skewed positive, mostly English with some Arabic and French, some with reactions, a few verified by demo orders', async () => {
    const rows = await server.db.kysely.selectFrom('reviews').selectAll().execute();
    const stars = [1, 2, 3, 4, 5].map((r) => rows.filter((x) => x.rating === r).length);
    expect((stars[4] ?? 0) + (stars[3] ?? 0)).toBeGreaterThan(rows.length * 0.6);
    expect(stars.every((n) => n > 0)).toBe(true);
    const arabic = rows.filter((r) => ARABIC.test(r.content)).length;
    const french = rows.filter((r) => /[àâçéèêîôû]/.test(r.content)).length;
    expect(arabic).toBeGreaterThan(rows.length * 0.05);
    expect(french).toBeGreaterThan(rows.length * 0.05);
    expect(arabic + french).toBeLessThan(rows.length * 0.5);
    expect(rows.filter((r) => r.helpful_count + r.not_helpful_count > 0).length).toBeGreaterThan(rows.length * 0.05);
    expect(rows.every((r) => r.deleted === 0 && r.title !== '' && r.content !== '')).toBe(true);
    // Demo orders (seed-orders.ts): each of the first buyers has a delivered one, of products they reviewed.
    const verified = rows.filter((r) => r.verified_purchase === 1).length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(rows.length * 0.1);
  });

  it("GET /api/products/{id}/reviews lists a seeded product's reviews with a summary equal to its rating and count", async () => {
    const reviewed = products.filter((p) => p.reviews_count > 0).slice(0, 25);
    const delivered = await server.db.kysely
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.user_id', 'order_items.product_id'])
      .where('orders.status', '=', 'delivered')
      .execute();
    const bought = new Set(delivered.map((d) => `${Number(d.user_id)}:${Number(d.product_id)}`));
    const unreviewed = products.find((p) => p.reviews_count === 0);
    for (const p of [...reviewed, unreviewed]) {
      if (!p) throw new Error('no product without reviews');
      const res = await getJson<{ data: ReviewDoc[]; summary: ReviewSummary }>(server.url, `/api/products/${p.id}/reviews?limit=50`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(p.reviews_count);
      expect(res.body.summary.count).toBe(p.reviews_count);
      expect(res.body.summary.average).toBe(p.rating);
      expect(Object.values(res.body.summary.distribution).reduce((a, b) => a + b, 0)).toBe(p.reviews_count);
      for (const r of res.body.data) {
        expect(r).toMatchObject({ productId: Number(p.id), images: [] });
        expect(r.verifiedPurchase, 'verified exactly with a delivered demo order').toBe(bought.has(`${r.userId}:${p.id}`));
        expect(r.authorName).not.toBe('');
      }
      expect(new Set(res.body.data.map((r) => r.userId)).size).toBe(p.reviews_count);
    }
  });

  it('pulls the seeded reviews through the sync endpoint', async () => {
    const pulled = (await pullAll(server.url, 'reviews')).documents;
    expect(pulled.length).toBe(products.reduce((n, p) => n + p.reviews_count, 0));
  });
});

describe('seeding', () => {
  it('is deterministic and does not use Math.random', async () => {
    const a = await tempDb();
    const b = await tempDb();
    const random = vi.spyOn(Math, 'random');
    try {
      for (const { db } of [a, b]) {
        await migrateToLatest(db);
        await seedDemo(db, { products: 120 });
      }
      expect(random).not.toHaveBeenCalled();
      const strip = (docs: ProductDoc[]) =>
        docs.map((d) => {
          const { updatedAt: _, ...rest } = d as ProductDoc & { _deleted?: boolean };
          delete rest._deleted;
          return rest;
        });
      const q = normalizeProductQuery({ perPage: 100, sort: 'price-low-high' });
      const [pa, pb] = await Promise.all([listProducts(a.db, q), listProducts(b.db, q)]);
      expect(strip(pa.items)).toEqual(strip(pb.items));
      // The first products do not depend on how many are seeded.
      const first = products.filter((p) => Number(p.id) <= 120).map(({ updatedAt: _, _deleted: __, ...rest }) => rest);
      const all120 = await listProducts(a.db, normalizeProductQuery({ perPage: 100, sort: 'newest' }));
      const byId = new Map(first.map((p) => [p.id, p]));
      for (const p of strip(all120.items)) expect(p).toEqual(byId.get(p.id));
      // Buyers and reviews too (updated_at is the replication clock's: now, not the seed's).
      const reviewsOf = (db: Database) =>
        db.kysely
          .selectFrom('reviews')
          .selectAll()
          .orderBy('id')
          .execute()
          .then((rows) => rows.map(({ updated_at: _, ...r }) => r));
      const usersOf = (db: Database) => db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
      const reactionsOf = (db: Database) => db.kysely.selectFrom('review_reactions').selectAll().orderBy('review_id').orderBy('user_id').execute();
      const ra = await reviewsOf(a.db);
      expect(ra.length).toBeGreaterThan(100);
      expect(ra).toEqual(await reviewsOf(b.db));
      expect(await usersOf(a.db)).toEqual(await usersOf(b.db));
      expect(await reactionsOf(a.db)).toEqual(await reactionsOf(b.db));
      // The first products' reviews do not depend on how many products are seeded either.
      const served = (await reviewsOf(server.db)).filter((r) => r.product_id <= 120);
      expect(served).toEqual(ra);
      await expectSeededRatingsFromRows(a.db);
    } finally {
      random.mockRestore();
      for (const { close } of [a, b]) await close();
    }
  });

  it('refuses to seed over data, and --reset empties first', async () => {
    const { db, close } = await tempDb();
    try {
      await migrateToLatest(db);
      await seedDemo(db, { products: 10 });
      await expect(seedDemo(db, { products: 10 })).rejects.toBeInstanceOf(SeedError);
      await resetCatalog(db);
      const again = await seedDemo(db, { products: 15 });
      expect(again.products).toBe(15);
    } finally {
      await close();
    }
  });

  // How fast is `npm run bench`'s business; this checks that a catalogue this size seeds and lists.
  it('seeds 50,000 products', { timeout: 120_000 }, async () => {
    const { db, close } = await tempDb();
    try {
      await migrateToLatest(db);
      const result = await seedDemo(db, { products: 50_000 });
      expect(result.products).toBe(50_000);
      expect(result.reviews).toBeGreaterThan(100_000);
      expect((await expectSeededRatingsFromRows(db)).reviews).toBe(result.reviews);
      const page = await listProducts(db, normalizeProductQuery({ category: 'women', colors: ['red'], sort: 'price-low-high' }));
      expect(page.total).toBeGreaterThan(1000);
    } finally {
      await close();
    }
  });
});
