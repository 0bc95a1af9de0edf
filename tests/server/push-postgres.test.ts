/** Push on PostgreSQL (migration 0013): device tokens upserted, moved, capped at 10 and dropped; the local sender's push_log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createDeviceTokens, MAX_DEVICE_TOKENS } from '../../src/server/push/device-tokens';
import { TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('push on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    app = await buildApp({ db, logger: false, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pg?.stop();
  });

  async function register(label: string): Promise<{ token: string; userId: number }> {
    const password = 'correct horse 1';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { first_name: label, last_name: 'Pg', email: `push-pg-${label}@buyers.souk.test`, password, password_confirmation: password },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = JSON.parse(res.body) as { token: string; user: { id: number } };
    return { token: body.token, userId: Number(body.user.id) };
  }

  it('saves through the route, keeps the 10 most recently saved, moves a token and drops the gone ones', async () => {
    const a = await register('a');
    const b = await register('b');
    const save = (token: string, fcm: string) =>
      app.inject({ method: 'POST', url: '/api/fcm/token', headers: { authorization: `Bearer ${token}` }, payload: { fcm_token: fcm } });
    expect((await save(a.token, 'pg-first')).statusCode).toBe(200);

    const tokens = createDeviceTokens(db.kysely);
    for (let i = 0; i < MAX_DEVICE_TOKENS + 2; i++) await tokens.save(a.userId, `pg-${i}`, 10_000_000_000_000 + i);
    const kept = await tokens.of([a.userId]);
    expect(kept.map((t) => t.token)).toEqual(Array.from({ length: MAX_DEVICE_TOKENS }, (_, i) => `pg-${MAX_DEVICE_TOKENS + 1 - i}`));

    await tokens.save(b.userId, 'pg-11', 10_000_000_000_100);
    expect((await tokens.of([a.userId])).map((t) => t.token)).not.toContain('pg-11');
    expect((await tokens.of([b.userId])).map((t) => t.token)).toEqual(['pg-11']);

    expect(await tokens.drop(['pg-11', 'pg-10', 'unknown'])).toBe(2);
    expect(await tokens.remove(a.userId, 'pg-9')).toBe(true);
    expect(await tokens.remove(b.userId, 'pg-8')).toBe(false);
    expect(await tokens.of([a.userId, b.userId])).toHaveLength(MAX_DEVICE_TOKENS - 3);
  });

  it('the local sender records to push_log with numbers for ids and times', async () => {
    const c = await register('c');
    const outcome = await app.push.notify([c.userId], { title: 'Salam', body: 'Hello', data: { sender_id: '5', url: '/community/messages/5' } });
    expect(outcome).toEqual({ delivered: 0, dropped: 0 });
    const row = await db.kysely.selectFrom('push_log').selectAll().where('user_id', '=', c.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: c.userId, title: 'Salam', body: 'Hello', tokens: 0 });
    expect(typeof row.created_at).toBe('number');
  });
});
