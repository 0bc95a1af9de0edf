/**
 * The same core behaviour on PostgreSQL: migrations, seed, listing = reference,
 * pull paging, live writes. Runs against a throwaway cluster; without the
 * PostgreSQL binaries it fails with a clear message unless SOUK_SKIP_PG=1.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { compareCheckpoints } from '../../src/sync/protocol';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createMigrator, migrateToLatest } from '../../src/server/db/migrate';
import { shopSearchName } from '../../src/server/db/search-text';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { getJson } from './support/http';
import { authHeaders, postJson } from '../helpers/auth';
import { SHOPS } from '../../src/server/seed/shop-data';
import { expectListingMatchesReference, HAND_PICKED, randomQueries } from './support/listing-cases';
import { addShop } from './support/extra-shop';
import { pullAll } from './support/pull-all';
import { expectSeededRatingsFromRows } from './support/seeded-reviews';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Database;
  let app: FastifyInstance;
  let url: string;
  let docs: ProductDoc[];

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    await seedDemo(db, { products: 200 });
    app = await buildApp({ db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
    docs = (await pullAll(url, 'products')).documents.map(({ _deleted: _, ...d }) => d);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pg?.stop();
  });

  it('migrates idempotently and uses the postgres dialect with numbers for bigint columns', async () => {
    expect(db.dialect).toBe('postgres');
    expect(await migrateToLatest(db)).toEqual([]);
    const row = await db.kysely
      .selectFrom('products')
      .select(['updated_at', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('updated_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(typeof row.updated_at).toBe('number');
    expect(typeof row.n).toBe('number');
  });

  it('seeds 200 products, and identities continue after the seeded ids', async () => {
    expect(docs).toHaveLength(200);
    const next = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('products', 'id')) as id`.execute(db.kysely);
    expect(Number(next.rows[0]?.id)).toBe(201);
  });

  it('vacuums and analyzes what it seeded: counts and listings get index-only scans at once', async () => {
    const stats = await sql<{ relname: string; vacuumed: boolean; analyzed: boolean; all_visible: number; pages: number }>`
      select c.relname, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed,
             c.relallvisible as all_visible, c.relpages as pages
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relname in ('products', 'product_variants', 'reviews')`.execute(db.kysely);
    expect(stats.rows.map((r) => r.relname).sort()).toEqual(['product_variants', 'products', 'reviews']);
    for (const r of stats.rows) {
      expect(r, r.relname).toMatchObject({ vacuumed: true, analyzed: true });
      expect(Number(r.all_visible), `${r.relname}: pages marked all-visible`).toBeGreaterThan(0);
      // Nothing writes products or variants after the seed: every page of theirs is marked.
      if (r.relname !== 'reviews') expect(Number(r.all_visible), `${r.relname}: every page all-visible`).toBe(Number(r.pages));
    }
  });

  it("seeds reviews: every product's rating and review count are what its review rows give, and the reviews endpoint agrees", async () => {
    const { reviews } = await expectSeededRatingsFromRows(db);
    expect(reviews).toBeGreaterThan(200);
    const next = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('reviews', 'id')) as id`.execute(db.kysely);
    expect(Number(next.rows[0]?.id)).toBe(reviews + 1);
    const p = docs.find((d) => d.reviews_count >= 3);
    if (!p) throw new Error('no seeded product with reviews');
    const res = await getJson<{ data: unknown[]; summary: { average: number; count: number } }>(url, `/api/products/${p.id}/reviews?limit=50`);
    expect(res.body.data).toHaveLength(p.reviews_count);
    expect(res.body.summary).toMatchObject({ average: p.rating, count: p.reviews_count });
  });

  it('listing equals the reference on the hand-picked queries', async () => {
    for (const [i, q] of HAND_PICKED.entries()) await expectListingMatchesReference(url, docs, q, i);
  });

  it('listing equals the reference on 60 random queries', async () => {
    for (const [i, q] of randomQueries(60, 777).entries()) await expectListingMatchesReference(url, docs, q, i);
  });

  it('pulls every document exactly once in small batches, in checkpoint order', async () => {
    const { documents } = await pullAll(url, 'products', 9);
    expect(documents.map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
    for (let i = 1; i < documents.length; i++) {
      const a = documents[i - 1];
      const b = documents[i];
      if (a && b) expect(compareCheckpoints({ updatedAt: a.updatedAt, id: a.id }, { updatedAt: b.updatedAt, id: b.id })).toBeLessThan(0);
    }
  });

  it('live writes come after the checkpoint, soft deletes with _deleted, counts follow', async () => {
    const start = await pullAll(url, 'products', 500);
    const shopsBefore = await pullAll(url, 'shops', 100);
    const [a, b] = docs;
    if (!a || !b) throw new Error('no products');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => updateProduct(db, Number(a.id), { price: 1000 + i, discountPrice: null })),
    );
    expect(new Set(results.map((r) => r?.updatedAt)).size).toBe(10);
    await updateProduct(db, Number(b.id), { deleted: true });
    const next = await pullAll(url, 'products', 3, start.checkpoint);
    expect(next.documents.map((d) => [d.id, d._deleted])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    const shops = await pullAll(url, 'shops', 100, shopsBefore.checkpoint);
    const shop = shops.documents.find((s) => Number(s.id) === b.shop_id);
    const before = shopsBefore.documents.find((s) => Number(s.id) === b.shop_id);
    expect(shop?.products_count).toBe((before?.products_count ?? 0) - 1);
    const details = await getJson(url, `/api/products/${b.id}/details`);
    expect(details.status).toBe(404);
  });

  it('serves shops, categories and stock', async () => {
    const shops = await getJson<{ data: { slug: string; products_count: number }[] }>(url, '/api/shops?per_page=100&search=kaftan');
    expect(shops.body.data.length).toBeGreaterThan(0);
    const categories = await getJson<{ categories: { itemCount: number }[] }>(url, '/api/categories/getAllCategories');
    expect(categories.body.categories.reduce((n, c) => n + c.itemCount, 0)).toBe(199);
    const stock = await getJson<{ status: string }>(url, `/api/stock/${docs[5]?.id}/availability`);
    expect(stock.status).toBe(200);
    const huge = await getJson(url, '/api/sync/products/pull?v=1&updatedAt=9007199254740991&id=%E2%9C%93');
    expect(huge.status).toBe(200);
  });

  it('searches shops ignoring case and accents beyond ASCII (É finds é and e), whatever the collation', async () => {
    await addShop(db, 'Élégance de Fès', 'أناقة فاس');
    for (const search of ['élégance', 'ÉLÉGANCE', 'FÈS', 'أناقة', 'elegance']) {
      const res = await getJson<{ data: { name: string }[] }>(url, `/api/shops?per_page=100&locale=en&search=${encodeURIComponent(search)}`);
      expect(res.body.data.map((s) => s.name), search).toEqual(['Élégance de Fès']);
    }
  });

  it('accounts: register, duplicate email (also racing) → EMAIL_TAKEN, login, the session, demo sellers own their shops', async () => {
    const email = `pg.${Date.now()}@example.test`;
    const password = 'correct horse 1';
    const reg = await postJson<{ token: string; user: { id: number; username: string } }>(url, '/api/auth/register', {
      full_name: 'Amina El Fassi',
      email,
      password,
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.username).toMatch(/^elfassi\d{4}$/);
    const dup = await postJson(url, '/api/auth/register', { email: email.toUpperCase(), password });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({ code: 'EMAIL_TAKEN' });
    const raceEmail = `pg.race.${Date.now()}@example.test`;
    // Past the cheap lookup, the unique index (23505) decides.
    const race = await Promise.all(Array.from({ length: 4 }, () => postJson(url, '/api/auth/register', { email: raceEmail, password })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    for (const r of race.filter((x) => x.status === 422)) expect(r.body).toMatchObject({ code: 'EMAIL_TAKEN' });

    const login = await postJson<{ token: string }>(url, '/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    const wrong = await postJson(url, '/api/auth/login', { email, password: 'not the password' });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const profile = await getJson<{ user: { id: number } }>(url, '/api/user/profile', authHeaders(login.body.token));
    expect(profile.body.user.id).toBe(reg.body.user.id);
    expect((await postJson(url, '/api/auth/logout', undefined, authHeaders(login.body.token))).status).toBe(200);
    expect((await getJson(url, '/api/user/profile', authHeaders(login.body.token))).status).toBe(401);

    const sellers = await db.kysely
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select(['shops.slug', 'users.email', 'users.role'])
      .execute();
    // One per demo shop (shops added by earlier cases have no owner).
    expect(sellers).toHaveLength(SHOPS.length);
    for (const s of sellers) expect(s).toMatchObject({ email: `${s.slug}@sellers.souk.test`, role: 'seller' });
  });

  it('0004 fills the search names of the shops already there', async () => {
    expect((await createMigrator(db).migrateTo('0003_deleted_products')).error).toBeUndefined();
    // Up to 0018: 0019 replaces search_name with search_text (migrations.test.ts).
    const upTo0018 = await createMigrator(db).migrateTo('0018_order_shipping_method');
    expect(upTo0018.error).toBeUndefined();
    expect(upTo0018.results?.map((r) => r.migrationName)).toEqual(['0004_shop_search_name', '0005_accounts', '0006_session_hardening', '0007_reviews_follows', '0008_idempotency_body_hash', '0009_carts_wishlist', '0010_orders', '0011_community', '0012_messages', '0013_push', '0014_rate_limit_counters', '0015_contact_newsletter', '0016_tailoring', '0017_search_trigrams', '0018_order_shipping_method']);
    const shops = (await sql<{ name: string; name_ar: string; search_name: string }>`select name, name_ar, search_name from shops`.execute(db.kysely)).rows;
    expect(shops.length).toBeGreaterThan(10);
    for (const s of shops) expect(s.search_name, s.name).toBe(shopSearchName(s.name, s.name_ar));
    expect(shops.map((s) => s.search_name)).toContain('élégance de fès\nأناقة فاس');
    expect(await migrateToLatest(db)).toEqual(['0019_catalog_texts', '0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
  });

  it('logs an idle pooled connection that the server ends, and keeps working', async () => {
    const logged: { message: string; error: unknown }[] = [];
    const other = openDatabase(pg.url, { logger: { error: (message, error) => logged.push({ message, error }) } });
    try {
      const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other.kysely);
      const pid = own.rows[0]?.pid;
      // The connection is back in the pool, idle; end it from another session.
      await sql`select pg_terminate_backend(${pid})`.execute(db.kysely);
      await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 10_000 });
      expect(logged[0]?.message).toContain('idle pooled connection');
      expect(logged[0]?.error).toBeInstanceOf(Error);
      const again = await sql<{ one: number }>`select 1 as one`.execute(other.kysely);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await other.close();
    }
  });
});
