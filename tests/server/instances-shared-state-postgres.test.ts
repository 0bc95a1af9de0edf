/**
 * Two API instances on one PostgreSQL keep nothing in memory that matters (docs/SCALING.md "What is shared"):
 * whichever instance a request reaches, a session made on the other works and a logout there ends it, an
 * Idempotency-Key used on one replays on the other (stored once), and a picture uploaded through one is served
 * by the other byte for byte. Chat, sync pokes and rate limits across instances have their own tests
 * (chat-two-instances-postgres, sync-stream-instances-postgres, rate-limits-instances).
 * Skipped with SOUK_SKIP_PG=1 like the other PostgreSQL tests.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { authHeaders, postJson, registerUser, requestJson, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('two instances on one PostgreSQL share what matters', () => {
  let pg: TestPostgres;
  let db: Database;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  let urlA: string;
  let urlB: string;

  const instance = async (): Promise<string> => {
    const handle = openDatabase(pg.url, { poolSize: 4 });
    dbs.push(handle);
    const app = await buildApp({ db: handle, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    apps.push(app);
    return app.listen({ host: '127.0.0.1', port: 0 });
  };

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    await seedDemo(db, { products: 10, sellerPassword: null, scryptLog2N: TEST_SCRYPT_LOG2N });
    urlA = await instance();
    urlB = await instance();
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of dbs) await handle.close();
    await db?.close();
    await pg?.stop();
  });

  it('a session made on A works on B, and a logout on B ends it on A', async () => {
    const user = await registerUser(urlA);
    const onB = await requestJson<{ user: { email: string } }>(urlB, 'GET', '/api/user/profile', undefined, authHeaders(user.token));
    expect(onB.status).toBe(200);
    expect(onB.body.user.email).toBe(user.user.email);

    const logout = await postJson(urlB, '/api/auth/logout', {}, authHeaders(user.token));
    expect(logout.status).toBeLessThan(300);
    const onA = await requestJson(urlA, 'GET', '/api/user/profile', undefined, authHeaders(user.token));
    expect(onA.status).toBe(401);
  });

  it('an Idempotency-Key used on A replays on B: stored once, the same answer', async () => {
    const subject = `Across instances ${randomUUID()}`;
    const form = { first_name: 'Salma', last_name: 'Bennani', email: 'salma@example.test', subject, message: 'Wach kayn had l-caftan f M?' };
    const key = `contact-${randomUUID()}`;
    const first = await postJson(urlA, '/api/contact', form, { 'idempotency-key': key });
    const again = await postJson(urlB, '/api/contact', form, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await db.kysely.selectFrom('contact_messages').select('id').where('subject', '=', subject).execute();
    expect(rows).toHaveLength(1);
  });

  it('a picture uploaded through A is served by B, byte for byte', async () => {
    const buyer = await registerUser(urlA);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } }).png().toBuffer();
    const post = await requestJson<{ data: { images: string[] } }>(
      urlA,
      'POST',
      '/api/v1/community/posts',
      {
        title: 'Blue takchita for an engagement',
        description: 'A two-piece takchita in sky blue with silver embroidery.',
        category: 'clothing',
        budget_min: 1200,
        budget_max: 2500,
        timeline_value: 3,
        timeline_unit: 'weeks',
        client_ref: randomUUID(),
        images_data: [`data:image/png;base64,${png.toString('base64')}`],
      },
      authHeaders(buyer.token),
    );
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const [picture] = post.body.data.images;
    if (picture === undefined) throw new Error('the post has no picture');
    const fromA = await fetch(`${urlA}${picture}`);
    const fromB = await fetch(`${urlB}${picture}`);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });
});
