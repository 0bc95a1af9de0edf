/**
 * The account routes on PostgreSQL: the same answers as on SQLite where the
 * dialects differ (row locks instead of BEGIN IMMEDIATE, RETURNING, bigint
 * times, the shops' advisory lock and replication clock). Runs against a
 * throwaway cluster; skipped with SOUK_SKIP_PG=1 like postgres.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, User } from '../../src/domain/account';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { sellerEmail } from '../../src/server/seed/seed-sellers';
import {
  authHeaders,
  login,
  registerUser,
  requestJson,
  TEST_AUTH_SECRET,
  TEST_SCRYPT_LOG2N,
  TEST_SELLER_PASSWORD,
} from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { pullAll } from './support/pull-all';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('account routes on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Database;
  let app: FastifyInstance;
  let url: string;
  const sms: { to: string; text: string }[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    await seedDemo(db, { products: 20, sellerPassword: TEST_SELLER_PASSWORD, scryptLog2N: TEST_SCRYPT_LOG2N });
    app = await buildApp({
      db,
      auth: {
        secret: TEST_AUTH_SECRET,
        rateLimits: false,
        scryptLog2N: TEST_SCRYPT_LOG2N,
        google: null,
        sms: {
          name: 'test',
          async send(to, text) {
            sms.push({ to, text });
          },
        },
      },
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pg?.stop();
  });

  const call = <T = Record<string, unknown>>(method: string, path: string, token: string | null, body?: unknown) =>
    requestJson<T>(url, method, path, body, token ? authHeaders(token) : {});

  it('keeps one default per type and the 20-address limit under concurrent requests', async () => {
    const a = await registerUser(url);
    const body = (i: number) => ({ type: 'shipping', address: `No ${i}`, city: 'Oujda', state: 'Oriental', country: 'MA' });
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => call<{ data: Address }>('POST', '/api/user/addresses', a.token, body(i))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 422)).toHaveLength(4);
    const list = await call<{ data: Address[] }>('GET', '/api/user/addresses', a.token);
    expect(list.body.data).toHaveLength(20);
    expect(list.body.data.filter((x) => x.is_default)).toHaveLength(1);

    const target = list.body.data.find((x) => !x.is_default);
    if (!target) throw new Error('no non-default address');
    expect((await call('PUT', `/api/user/addresses/${target.id}`, a.token, { is_default: true })).status).toBe(200);
    expect((await call('DELETE', `/api/user/addresses/${target.id}`, a.token)).status).toBe(200);
    const after = await call<{ data: Address[] }>('GET', '/api/user/addresses', a.token);
    expect(after.body.data.filter((x) => x.is_default)).toHaveLength(1);

    const b = await registerUser(url);
    const foreign = await call('DELETE', `/api/user/addresses/${after.body.data[0]?.id}`, b.token);
    expect(foreign.status).toBe(404);
  });

  it('verifies a phone: resend wait, wrong tries counted, success sets the phone', async () => {
    const a = await registerUser(url);
    expect((await call('POST', '/api/user/phone/send-code', a.token, { phone: '0612121212' })).status).toBe(200);
    const again = await call<{ code: string; retry_after: number }>('POST', '/api/user/phone/send-code', a.token, { phone: '0612121212' });
    expect(again.status).toBe(429);
    expect(again.body.retry_after).toBeGreaterThan(0);
    const code = /(\d{6})$/.exec(sms.filter((m) => m.to === '+212612121212').at(-1)?.text ?? '')?.[1] ?? '';
    const wrong = await call<{ code: string; attempts_left: number }>('POST', '/api/user/phone/verify', a.token, {
      phone: '+212612121212',
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', attempts_left: 4 });
    const ok = await call<{ user: User }>('POST', '/api/user/phone/verify', a.token, { phone: '+212612121212', code });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ phone: '+212612121212', phone_verified: true });
  });

  it('changes a password and revokes the other sessions; taken usernames are refused', async () => {
    const a = await registerUser(url);
    const b = await registerUser(url);
    const other = (await login(url, a.email, a.password)).token;
    const res = await call('POST', '/api/user/password', a.token, {
      current_password: a.password,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/user/profile', other)).status).toBe(401);
    expect((await call('GET', '/api/user/profile', a.token)).status).toBe(200);
    const taken = await call<{ code: string }>('POST', '/api/user/profile', a.token, { username: b.user.username });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('USERNAME_TAKEN');
  });

  it("lets a seller edit their shop as a replicated write, and refuses another's", async () => {
    const shops = await db.kysely.selectFrom('shops').select(['id', 'slug']).where('owner_user_id', 'is not', null).orderBy('id').limit(2).execute();
    const [mine, theirs] = shops;
    if (!mine || !theirs) throw new Error('need two owned shops');
    const token = (await login(url, sellerEmail(mine.slug), TEST_SELLER_PASSWORD)).token;
    const { checkpoint } = await pullAll(url, 'shops');
    // `description` is the English one (docs/CATALOGUE.md); the answer is in the request's language: English asked.
    const res = await call<{ data: { description: string } }>('PUT', `/api/seller/shops/${mine.id}?locale=en`, token, { description: 'Edited on PostgreSQL' });
    expect(res.status).toBe(200);
    expect(res.body.data.description).toBe('Edited on PostgreSQL');
    const pulled = await pullAll(url, 'shops', 500, checkpoint);
    expect(pulled.documents.map((d) => [d.id, d.description])).toEqual([[String(mine.id), 'Edited on PostgreSQL']]);

    const before = await db.kysely.selectFrom('shops').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow();
    const refused = await call('PUT', `/api/seller/shops/${theirs.id}`, token, { description: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(await db.kysely.selectFrom('shops').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow()).toEqual(before);
  });
  it('keeps the database counters (failed logins, codes per number), the session families and the sweep on PostgreSQL', async () => {
    const wide = { max: 1_000, windowMs: 60_000 };
    const limited = await buildApp({
      db,
      auth: {
        secret: TEST_AUTH_SECRET,
        scryptLog2N: TEST_SCRYPT_LOG2N,
        google: null,
        sms: { name: 'test', send: async () => {} },
        rateLimits: { login: wide, loginIp: wide, phoneSend: wide, loginFailures: { max: 2, windowMs: 60_000 }, phoneNumber: { max: 1, windowMs: 3_600_000 } },
      },
    });
    try {
      const at = await limited.listen({ host: '127.0.0.1', port: 0 });
      const a = await registerUser(url);
      const attempt = (password: string) => requestJson(at, 'POST', '/api/auth/login', { email: a.email, password });
      expect((await attempt('wrong password')).status).toBe(422);
      expect((await attempt('wrong password')).status).toBe(422);
      // Concurrent attempts past the limit are all refused: the count is one atomic upsert.
      expect((await Promise.all([attempt(a.password), attempt(a.password), attempt(a.password)])).map((r) => r.status)).toEqual([429, 429, 429]);

      const b = await registerUser(url);
      const c = await registerUser(url);
      const sendTo = (token: string) => requestJson(at, 'POST', '/api/user/phone/send-code', { phone: '+966501112233' }, authHeaders(token));
      expect((await sendTo(b.token)).status).toBe(200);
      const refused = await sendTo(c.token);
      expect(refused.status).toBe(429);
      expect((refused.body as { code: string }).code).toBe('PHONE_NUMBER_LIMIT');

      const cookie = await requestJson(at, 'POST', '/api/auth/set-cookie', { token: b.token });
      expect(cookie.status).toBe(200);
      expect((await requestJson(at, 'POST', '/api/auth/logout', undefined, authHeaders(b.token))).status).toBe(200);
      expect(await db.kysely.selectFrom('sessions').select('id').where('user_id', '=', b.user.id).execute()).toEqual([]);

      const swept = await limited.sweepExpired();
      expect(swept).toEqual({ sessions: expect.any(Number), phoneCodes: expect.any(Number), loginFailures: expect.any(Number), phoneSends: expect.any(Number), rateLimitCounters: expect.any(Number), guestCarts: expect.any(Number) });
    } finally {
      await limited.close();
    }
  });
});
