/**
 * Tailoring on PostgreSQL (docs/TAILORING.md): the seeded tailors (once), bookings by availability, NUL
 * refused as 422, concurrent bookings stamped strictly increasing (the advisory lock), the same client_ref
 * sent at once twice creating one booking, and the personal pull. Skipped when SOUK_SKIP_PG=1.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Tailor } from '../../src/domain/tailoring';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { DEMO_TAILORS, seedDemoTailors } from '../../src/server/seed/seed-tailors';
import { authHeaders, registerUser, requestJson, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N, TEST_SELLER_PASSWORD } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { tomorrowInMorocco } from '../helpers/tailoring';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('tailoring on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Database;
  let app: FastifyInstance;
  let url: string;
  let tailors: Tailor[];

  beforeAll(async () => {
    pg = await startPostgres();
    db = openDatabase(pg.url);
    await migrateToLatest(db);
    await seedDemo(db, { products: 10, sellerPassword: TEST_SELLER_PASSWORD, scryptLog2N: TEST_SCRYPT_LOG2N });
    app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
    tailors = (await requestJson<{ data: Tailor[] }>(url, 'GET', '/api/v1/tailors')).body.data;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pg?.stop();
  });

  const byAvailability = (a: Tailor['availability']) => tailors.find((t) => t.availability === a) as Tailor;
  const body = (patch: Record<string, unknown> = {}) => ({ service: 'alterations', date: tomorrowInMorocco(), time: '11:00', notes: '', client_ref: randomUUID(), ...patch });

  it('seeds the demo tailors once, with their reviews; filters work', async () => {
    expect(tailors).toHaveLength(DEMO_TAILORS.length);
    expect(await seedDemoTailors(db)).toBe(0);
    const reviews = await db.kysely.selectFrom('tailor_reviews').select('id').execute();
    expect(reviews).toHaveLength(DEMO_TAILORS.reduce((n, t) => n + t.reviews.length, 0));
    const fes = await requestJson<{ data: Tailor[] }>(url, 'GET', `/api/v1/tailors?city=${encodeURIComponent('Fès')}&specialty=kaftan`);
    expect(fes.body.data.map((t) => t.slug)).toEqual(['atelier-benjelloun-fes']);
  });

  it('books, waitlists, refuses unavailable and NUL; concurrent bookings get distinct stamps; a raced client_ref makes one', async () => {
    const buyer = await registerUser(url);
    const h = authHeaders(buyer.token);
    const path = (t: Tailor) => `/api/v1/tailors/${t.tailor_id}/bookings`;
    const nul = await requestJson(url, 'POST', path(byAvailability('available')), body({ notes: 'a\u0000' }), h);
    expect(nul.status).toBe(422);
    expect((await requestJson(url, 'POST', path(byAvailability('unavailable')), body(), h)).status).toBe(409);
    const waitlisted = await requestJson<{ data: Booking }>(url, 'POST', path(byAvailability('busy')), { service: 'custom_suit', client_ref: randomUUID() }, h);
    expect(waitlisted.status).toBe(201);
    expect(waitlisted.body.data).toMatchObject({ status: 'waitlisted', price_from: 599 });

    const made = await Promise.all(Array.from({ length: 8 }, () => requestJson<{ data: Booking }>(url, 'POST', path(byAvailability('available')), body(), h)));
    for (const r of made) expect(r.status).toBe(201);
    const stamps = made.map((r) => r.body.data.updatedAt);
    expect(new Set(stamps).size).toBe(stamps.length);

    const same = body();
    const raced = await Promise.all([0, 1, 2].map(() => requestJson<{ data: Booking }>(url, 'POST', path(byAvailability('available')), same, h)));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(raced.map((r) => r.body.data.booking_id)).size).toBe(1);

    const pull = await requestJson<{ documents: Booking[]; remaining: number }>(url, 'GET', '/api/sync/bookings/pull?v=1', undefined, h);
    expect(pull.status).toBe(200);
    expect(pull.body.documents).toHaveLength(10);
    const updated = pull.body.documents.map((d) => d.updatedAt);
    expect(updated).toEqual([...updated].sort((a, b) => a - b));
  });
});
