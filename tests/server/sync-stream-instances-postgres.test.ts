/**
 * Live sync stream pokes across API instances (docs/SCALING.md): two app instances (each its own pool and
 * change notifier) on ONE throwaway PostgreSQL, real HTTP on loopback, the changes crossing through
 * LISTEN/NOTIFY on `souk_changes` (src/server/changes/pg-change-notifier.ts):
 * - a follow written through instance A pokes the streams held by instance B: the shop (public) on every
 *   stream, the follow (personal) only on its owner's; another user's follow never reaches them;
 * - a stream on A gets A's own writes exactly once (delivered locally, its echoed NOTIFY skipped);
 * - a change whose checkpoint would not fit a NOTIFY payload still pokes the other instance;
 * - when the LISTEN connections are killed, they come back and every stream is poked for every collection
 *   it carries (the clients pull what they missed), and pokes cross again;
 * - an instance whose first stream arrived before its LISTEN pokes that stream once listening;
 * - closing an instance ends its LISTEN connection.
 * Each check ends with a marker write whose NOTIFY is committed after everything before it, and reads the
 * streams up to the marker: what came before it is all that will come, so "only once" and "never" are exact.
 * Skipped with SOUK_SKIP_PG=1 like the other PostgreSQL tests.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { CHANGES_CHANNEL } from '../../src/server/changes/pg-change-notifier';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { PERSONAL_COLLECTIONS, POKE_ONLY_COLLECTIONS, REPLICATED_COLLECTIONS, type Checkpoint } from '../../src/sync/protocol';
import { authHeaders, registerUser, requestJson, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { updateProduct } from '../helpers/server';
import { readSse, type SseFrame, type SseReader } from './support/sse';

const skip = process.env.SOUK_SKIP_PG === '1';
const LISTENER_NAME = `souk ${CHANGES_CHANNEL} listener`;

interface Instance {
  url: string;
  db: Database;
  app: FastifyInstance;
  errors: string[];
}

interface Poke {
  collection: string;
  checkpoint: Checkpoint;
}

const isHello = (f: SseFrame) => f.kind === 'data' && (f.data as { type?: string }).type === 'hello';

/** Reads the stream's 'changed' pokes up to and including the first that `isMarker` matches. */
async function pokesUntil(reader: SseReader, isMarker: (p: Poke) => boolean): Promise<Poke[]> {
  const pokes: Poke[] = [];
  for (;;) {
    const frame = await reader.next();
    if (frame.kind !== 'data') continue;
    const data = frame.data as { type: string; collection: string; checkpoint: Checkpoint };
    if (data.type !== 'changed') continue;
    const poke = { collection: data.collection, checkpoint: data.checkpoint };
    pokes.push(poke);
    if (isMarker(poke)) return pokes;
  }
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(skip)('sync stream pokes across two instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  let setup: Database;
  const instances: Instance[] = [];
  const readers: SseReader[] = [];
  let a: Instance;
  let b: Instance;
  let u1: { token: string; userId: number };
  let u2: { token: string; userId: number };
  let shopIds: number[];
  let productIds: number[];

  const instance = async (options: { ready: boolean }): Promise<Instance> => {
    const errors: string[] = [];
    const db = openDatabase(pg.url, { poolSize: 4, logger: { error: (message) => void errors.push(message) } });
    // npm start waits for the LISTEN before serving (start.ts); a bare app listens with its first stream.
    if (options.ready) await db.changes.ready();
    const app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const made = { url, db, app, errors };
    instances.push(made);
    return made;
  };

  const stream = async (on: Instance, token?: string): Promise<SseReader> => {
    const abort = new AbortController();
    const res = await fetch(`${on.url}/api/sync/stream?v=1`, { headers: token === undefined ? {} : authHeaders(token), signal: abort.signal });
    expect(res.status).toBe(200);
    if (!res.body) throw new Error('no body');
    const reader = readSse(res.body, abort);
    readers.push(reader);
    await reader.next(isHello);
    return reader;
  };

  const follow = async (on: Instance, user: { token: string; userId: number }, shopId: number): Promise<{ shop: Poke; follow: Poke }> => {
    const res = await requestJson(on.url, 'POST', `/api/shops/${shopId}/follow`, undefined, authHeaders(user.token));
    expect(res.status).toBe(200);
    const shop = await setup.kysely.selectFrom('shops').select('updated_at').where('id', '=', shopId).executeTakeFirstOrThrow();
    const row = await setup.kysely.selectFrom('follows').select('updated_at').where('user_id', '=', user.userId).where('shop_id', '=', shopId).executeTakeFirstOrThrow();
    return {
      shop: { collection: 'shops', checkpoint: { updatedAt: Number(shop.updated_at), id: String(shopId) } },
      follow: { collection: 'follows', checkpoint: { updatedAt: Number(row.updated_at), id: String(shopId) } },
    };
  };

  /** A public write through `on` (a product's price): the marker every stream waits for. */
  let markerPrice = 100;
  const marker = async (on: Instance): Promise<Poke> => {
    const id = productIds[0] as number;
    markerPrice += 1;
    const doc = await updateProduct(on, id, { price: markerPrice });
    if (doc === null) throw new Error('no product');
    return { collection: 'products', checkpoint: { updatedAt: doc.updatedAt, id: String(id) } };
  };
  const same = (expected: Poke) => (p: Poke) => p.collection === expected.collection && p.checkpoint.id === expected.checkpoint.id && p.checkpoint.updatedAt === expected.checkpoint.updatedAt;

  const listenerPids = async (): Promise<number[]> => {
    const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${LISTENER_NAME}`.execute(setup.kysely);
    return rows.rows.map((r) => Number(r.pid));
  };

  beforeAll(async () => {
    pg = await startPostgres();
    setup = openDatabase(pg.url, { poolSize: 2 });
    await migrateToLatest(setup);
    await seedDemo(setup, { products: 10, sellerPassword: null, scryptLog2N: TEST_SCRYPT_LOG2N });
    shopIds = (await setup.kysely.selectFrom('shops').select('id').where('status', '!=', 'suspended').orderBy('id').limit(3).execute()).map((r) => Number(r.id));
    productIds = (await setup.kysely.selectFrom('products').select('id').orderBy('id').limit(2).execute()).map((r) => Number(r.id));
    a = await instance({ ready: true });
    b = await instance({ ready: true });
    const one = await registerUser(a.url);
    const two = await registerUser(b.url);
    u1 = { token: one.token, userId: Number(one.user.id) };
    u2 = { token: two.token, userId: Number(two.user.id) };
  }, 120_000);

  afterAll(async () => {
    for (const r of readers) r.close();
    for (const i of instances) {
      await i.app.close();
      await i.db.close();
    }
    await setup?.close();
    await pg?.stop();
  });

  it('every instance has the PostgreSQL notifier (SQLite keeps the in-process one); a handle that never streams opens no LISTEN', async () => {
    expect(instances.map((i) => i.db.changes.kind)).toEqual(['postgres', 'postgres']);
    const sqlite = openDatabase(':memory:');
    expect(sqlite.changes.kind).toBe('local');
    await sqlite.close();
    expect(setup.changes.kind).toBe('postgres');
    expect((await listenerPids()).length).toBe(2);
  });

  it('a write through A pokes B’s streams; personal pokes reach only their owner; A’s own stream gets each poke once', async () => {
    const bU1 = await stream(b, u1.token);
    const bU2 = await stream(b, u2.token);
    const bGuest = await stream(b);
    const aU1 = await stream(a, u1.token);

    const first = await follow(a, u1, shopIds[0] as number);
    const second = await follow(a, u2, shopIds[1] as number);
    // U2's follow has been NOTIFYed (committed) once B's stream shows it: the marker's NOTIFY comes after it.
    await bU2.next((f) => f.kind === 'data' && (f.data as Poke).collection === 'follows');
    const mark = await marker(b);

    expect(await pokesUntil(bU1, same(mark))).toEqual([first.shop, first.follow, second.shop, mark]);
    expect(await pokesUntil(bGuest, same(mark))).toEqual([first.shop, second.shop, mark]);
    expect(await pokesUntil(aU1, same(mark))).toEqual([first.shop, first.follow, second.shop, mark]);
    // bU2's pokes up to its own follow were read above: the shops before it, then the marker.
    expect(await pokesUntil(bU2, same(mark))).toEqual([mark]);
    expect(b.errors).toEqual([]);
  });

  it('a change too large for a NOTIFY payload still pokes the other instance, without its checkpoint id', async () => {
    const onB = await stream(b);
    const onA = await stream(a);
    const long = 'x'.repeat(10_000);
    a.db.changes.publish({ collection: 'reviews', checkpoint: { updatedAt: 42, id: long } });
    const mark = await marker(a);
    expect(await pokesUntil(onB, same(mark))).toEqual([{ collection: 'reviews', checkpoint: { updatedAt: 42, id: '' } }, mark]);
    // Locally it arrives whole.
    expect(await pokesUntil(onA, same(mark))).toEqual([{ collection: 'reviews', checkpoint: { updatedAt: 42, id: long } }, mark]);
    expect(a.errors).toEqual([]);
  });

  it('after the LISTEN connections are killed, each stream is poked for every collection it carries, and pokes cross again', async () => {
    const bU1 = await stream(b, u1.token);
    const bGuest = await stream(b);
    const before = await listenerPids();
    expect(before.length).toBe(2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME}`.execute(setup.kysely);

    const isCatchUp = (p: Poke) => p.checkpoint.id === '';
    const personal = [...PERSONAL_COLLECTIONS, ...POKE_ONLY_COLLECTIONS];
    const guestCatchUp = await pokesUntil(bGuest, (p) => isCatchUp(p) && p.collection === REPLICATED_COLLECTIONS.at(-1));
    expect(guestCatchUp.map((p) => p.collection)).toEqual([...REPLICATED_COLLECTIONS]);
    const userCatchUp = await pokesUntil(bU1, (p) => isCatchUp(p) && p.collection === personal.at(-1));
    expect(userCatchUp.map((p) => p.collection)).toEqual([...REPLICATED_COLLECTIONS, ...personal]);
    expect(b.errors).toContain('change notifier: the LISTEN connection failed; reopening it');

    // B listens again (the catch-up came after its new LISTEN): A's writes reach it.
    const again = await follow(a, u1, shopIds[2] as number);
    await bU1.next((f) => f.kind === 'data' && (f.data as Poke).collection === 'follows');
    const mark = await marker(a);
    expect(await pokesUntil(bGuest, same(mark))).toEqual([again.shop, mark]);
    expect(await pokesUntil(bU1, same(mark))).toEqual([mark]);
    await waitFor(async () => (await listenerPids()).length === 2, 'both instances listening again');
    expect((await listenerPids()).some((pid) => before.includes(pid))).toBe(false);
  });

  it('an instance that has not listened yet starts with its first stream and pokes it once listening; closing it ends its LISTEN', async () => {
    const c = await instance({ ready: false });
    expect((await listenerPids()).length).toBe(2);
    const onC = await stream(c);
    // Writes on other instances before C's LISTEN would be lost: once listening, C pokes its streams for everything.
    const catchUp = await pokesUntil(onC, (p) => p.checkpoint.id === '' && p.collection === REPLICATED_COLLECTIONS.at(-1));
    expect(catchUp.map((p) => p.collection)).toEqual([...REPLICATED_COLLECTIONS]);
    await c.db.changes.ready();
    const mark = await marker(a);
    expect(await pokesUntil(onC, same(mark))).toEqual([mark]);
    expect((await listenerPids()).length).toBe(3);

    await c.app.close();
    await c.db.close();
    instances.splice(instances.indexOf(c), 1);
    await waitFor(async () => (await listenerPids()).length === 2, 'C’s LISTEN connection gone');
  });
});
