/**
 * Community requests on PostgreSQL (docs/COMMUNITY.md, "Community"): the seed,
 * a post, a response and its acceptance in one transaction, user input that
 * PostgreSQL text cannot hold (NUL) refused as 422, concurrent writes stamped
 * strictly increasing (the advisory lock), and the personal pull. Without the
 * PostgreSQL binaries it is skipped when SOUK_SKIP_PG=1.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemoCommunity } from '../../src/server/seed/seed-community';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { SHOPS } from '../../src/server/seed/shop-data';
import { slugify } from '../../src/server/repositories/shop-reads';
import { authHeaders, registerUser, requestJson, sellerLogin, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N, TEST_SELLER_PASSWORD } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';

const skip = process.env.SOUK_SKIP_PG === '1';
type Json = Record<string, unknown>;

describe.skipIf(skip)('community on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Database;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    await seedDemo(db, { products: 60, sellerPassword: TEST_SELLER_PASSWORD, scryptLog2N: TEST_SCRYPT_LOG2N });
    app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pg?.stop();
  });

  const body = (patch: Json = {}): Json => ({ title: 'PG kaftan', description: 'On PostgreSQL', budget_min: 10, budget_max: 20, client_ref: randomUUID(), ...patch });

  it('seeds the demo posts once (a second run adds nothing)', async () => {
    const rows = await db.kysely.selectFrom('community_posts').select(['client_ref', 'status']).execute();
    expect(rows.filter((r) => r.client_ref?.startsWith('seed-post-'))).toHaveLength(6);
    expect(await seedDemoCommunity(db)).toBe(0);
    expect(rows.map((r) => r.status)).toEqual(expect.arrayContaining(['open', 'in_progress', 'closed']));
  });

  it('create, respond, accept; NUL is 422 not 500; concurrent writes get distinct increasing stamps', async () => {
    const buyer = await registerUser(url);
    const h = authHeaders(buyer.token);
    for (const patch of [{ title: 'a\u0000' }, { description: '\u0000' }, { preferred_styles: ['x\u0000'] }, { required_skills: ['\u0000'] }]) {
      const r = await requestJson(url, 'POST', '/api/v1/community/posts', body(patch), h);
      expect(r.status, JSON.stringify(r.body)).toBe(422);
    }
    const created = await Promise.all(Array.from({ length: 8 }, () => requestJson<{ data: Json }>(url, 'POST', '/api/v1/community/posts', body(), h)));
    for (const r of created) expect(r.status).toBe(201);
    const stamps = created.map((r) => Number(r.body.data.updatedAt));
    expect(new Set(stamps).size).toBe(stamps.length);

    const post = created[0]?.body.data as Json;
    const seller = await sellerLogin(url, slugify(SHOPS[0]?.name ?? ''));
    const nul = await requestJson(url, 'POST', `/api/v1/seller/community/posts/${String(post.post_id)}/respond`, { message: 'x\u0000', price: 5, delivery_days: 3 }, authHeaders(seller.token));
    expect(nul.status).toBe(422);
    const responded = await requestJson<{ data: Json }>(
      url,
      'POST',
      `/api/v1/seller/community/posts/${String(post.post_id)}/respond`,
      { message: 'Yes', price: 15.5, delivery_days: 3, client_ref: randomUUID() },
      authHeaders(seller.token),
    );
    expect(responded.status, JSON.stringify(responded.body)).toBe(201);
    const accepted = await requestJson<{ data: { post: Json; response: Json } }>(url, 'PATCH', `/api/v1/community/responses/${String(responded.body.data.response_id)}`, { status: 'accepted' }, h);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.post).toMatchObject({ status: 'in_progress', accepted_response_id: responded.body.data.response_id });

    const pulled = await requestJson<{ documents: Json[] }>(url, 'GET', '/api/sync/community_posts/pull?v=1&limit=2000', undefined, h);
    expect(pulled.status).toBe(200);
    const mine = pulled.body.documents.find((d) => d.post_id === post.post_id);
    expect(mine).toMatchObject({ status: 'in_progress', _deleted: false });
    expect((mine?.responses as Json[]).map((r) => r.status)).toEqual(['accepted']);
    const order = pulled.body.documents.map((d) => Number(d.updatedAt));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const list = await requestJson<{ data: Json[] }>(url, 'GET', '/api/v1/community/posts?search=KAFTAN&style=none&per_page=50');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });
});
