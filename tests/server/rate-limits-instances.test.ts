/**
 * Request rate limits are counted in the database (rate_limit_counters, migration 0014), so several
 * instances on one PostgreSQL give a client one allowance, not one per instance (docs/SCALING.md):
 * - two app instances (each its own pool) on one throwaway PostgreSQL, real HTTP on loopback: the
 *   register limit (10 an hour per client address) alternately on both refuses the 11th request overall,
 *   with our 429 and a Retry-After of the window's rest; the window ends on the app clock, and the sweep
 *   removes the ended counter;
 * - the same on SQLite with one instance;
 * - concurrent hits on one key from both instances are all counted (1..n, none lost);
 * - a key from the request body (the login email) that is huge or holds a NUL is stored hashed, not a 500.
 * The PostgreSQL part is skipped with SOUK_SKIP_PG=1 like the other PostgreSQL tests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/auth/rate-limits';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { hitRateLimitCounter } from '../../src/server/repositories/rate-limit-counters';
import { postJson, startAuthServer, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N, uniqueEmail, type AuthServer } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';

const TOO_MANY = { success: false, status: 'error', code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
const REGISTER = DEFAULT_RATE_LIMITS.register;
/** The register counter of the loopback client. */
const REGISTER_KEY = 'register:127.0.0.1';

/** A clock the test moves, shared by the instances (auth.now). */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

const register = (url: string, email = uniqueEmail('limit')) =>
  postJson(url, '/api/auth/register', { first_name: 'Amina', last_name: 'Test', email, password: 'correct horse 1', password_confirmation: 'correct horse 1' });

async function counterRow(db: Database, key: string) {
  return db.kysely.selectFrom('rate_limit_counters').select(['hits', 'expires_at']).where('key', '=', key).executeTakeFirst();
}

/**
 * Registers alternately on `urls` until the limit, then expects the next one refused on each of them; moves
 * the clock past the window, sweeps, and expects registration to pass again.
 */
async function registerLimitAcross(urls: string[], db: Database, app: FastifyInstance, clock: ReturnType<typeof testClock>): Promise<void> {
  expect(REGISTER).toEqual({ max: 10, windowMs: 3_600_000 });
  const at = (i: number) => urls[i % urls.length] as string;
  for (let i = 0; i < REGISTER.max; i++) expect((await register(at(i))).status, `registration ${i + 1} on instance ${i % urls.length}`).toBe(201);

  const email = uniqueEmail('refused');
  const refused = await register(at(REGISTER.max), email);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual(TOO_MANY);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(REGISTER.windowMs / 1000 - 120);
  expect(retryAfter).toBeLessThanOrEqual(REGISTER.windowMs / 1000);
  expect(await db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  // Every instance refuses now, not only the one that counted the 11th.
  for (const url of urls) expect((await register(url)).status).toBe(429);
  expect(await counterRow(db, REGISTER_KEY)).toMatchObject({ hits: REGISTER.max + 1 + urls.length });

  clock.advance(REGISTER.windowMs);
  const swept = await app.sweepExpired();
  expect(swept.rateLimitCounters).toBeGreaterThanOrEqual(1);
  expect(await counterRow(db, REGISTER_KEY)).toBeUndefined();
  expect((await register(at(1))).status).toBe(201);
  expect(await counterRow(db, REGISTER_KEY)).toMatchObject({ hits: 1 });
}

/** `n` hits at once on one key, spread over `dbs`: every count from 1 to n is handed out once. */
async function concurrentHits(dbs: Database[], n: number): Promise<void> {
  const key = `test:${uniqueEmail('concurrent')}`;
  const now = Date.now();
  const counts = await Promise.all(Array.from({ length: n }, (_, i) => hitRateLimitCounter((dbs[i % dbs.length] as Database).kysely, key, now, 60_000)));
  expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(new Set(counts.map((c) => c.expiresAt))).toEqual(new Set([now + 60_000]));
}

/** Login keys come from the body: a 5,000-character email and one with a NUL are counted (hashed), not a 500. */
async function oddLoginKeys(url: string, db: Database): Promise<void> {
  for (const email of [`${'a'.repeat(5_000)}@example.test`, 'nul\u0000byte@example.test']) {
    const res = await postJson(url, '/api/auth/login', { email, password: 'wrong password' });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
  }
  const keys = await db.kysely.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'login:%').execute();
  expect(keys.map((k) => k.key).filter((k) => k.startsWith('login:#'))).toHaveLength(2);
  expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThan(200);
}

describe('rate limits on SQLite (one instance)', () => {
  const clock = testClock();
  let server: AuthServer;
  beforeAll(async () => {
    server = await startAuthServer({ products: 0, auth: { rateLimits: {}, now: clock.now } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the 11th registration of an hour with 429 and Retry-After, until the window ends and the sweep removes it', async () => {
    await registerLimitAcross([server.url], server.db, server.app, clock);
  });

  it('counts concurrent hits on one key without losing any', async () => {
    await concurrentHits([server.db], 40);
  });

  it('stores a huge or NUL-carrying login key hashed', async () => {
    await oddLoginKeys(server.url, server.db);
  });
});

describe.skipIf(process.env.SOUK_SKIP_PG === '1')('rate limits across two instances on one PostgreSQL', () => {
  const clock = testClock();
  let pg: TestPostgres;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    const setup = openDatabase(pg.url);
    await migrateToLatest(setup);
    await setup.close();
    for (let i = 0; i < 2; i++) {
      const db = openDatabase(pg.url, { poolSize: 4 });
      dbs.push(db);
      const app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: {}, scryptLog2N: TEST_SCRYPT_LOG2N, google: null, now: clock.now } });
      apps.push(app);
      urls.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await pg?.stop();
  });

  it('refuses the 11th registration overall, made alternately on both instances; the window ends for both', async () => {
    expect(new Set(urls).size).toBe(2);
    await registerLimitAcross(urls, dbs[0] as Database, apps[1] as FastifyInstance, clock);
  });

  it('counts concurrent hits on one key from both instances without losing any', async () => {
    await concurrentHits(dbs, 40);
  });

  it('stores a huge or NUL-carrying login key hashed', async () => {
    await oddLoginKeys(urls[0] as string, dbs[0] as Database);
  });
});
