/**
 * Follows and the outbox against the real server (docs/REVIEWS-FOLLOWS.md):
 * the personal pull needs the bearer token and is wiped at logout; follows queued
 * offline are replayed in order when the network returns, exactly once even when
 * an answer is lost; a 409 (key still in flight) stays pending and is retried;
 * accepted entries stay 'done' for the sync centre;
 * a refused entry fails, rolls back and stays until dismissed;
 * a 401 pauses everything until another token arrives.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualOnlineSignal } from '../../src/sync/online-signal';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';
import { startClient, sleep, waitFor, type TestClient } from './support/client';
import { outboxNet, type OutboxNet } from './support/outbox-net';

let server: AuthServer;
let shopIds: string[] = [];
let client: TestClient | null = null;
let net: OutboxNet;

beforeAll(async () => {
  server = await startAuthServer({ products: 20 });
  const rows = await server.db.kysely.selectFrom('shops').select('id').where('status', '=', 'active').orderBy('id').execute();
  shopIds = rows.map((r) => String(r.id));
  expect(shopIds.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await client?.service.close();
  client = null;
});

async function start(online?: ManualOnlineSignal): Promise<TestClient> {
  net = outboxNet();
  client = await startClient({ apiBase: server.url, fetch: net.fetch, online });
  await client.service.awaitInitialSync();
  return client;
}

/** The server's live follow rows of a user. */
async function serverFollows(userId: number): Promise<string[]> {
  const rows = await server.db.kysely
    .selectFrom('follows')
    .select('shop_id')
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('shop_id')
    .execute();
  return rows.map((r) => String(r.shop_id));
}

async function followers(shopId: string): Promise<number> {
  const row = await server.db.kysely.selectFrom('shops').select('followers').where('id', '=', Number(shopId)).executeTakeFirstOrThrow();
  return Number(row.followers);
}

/** Every entry accepted: 'done' (kept for the sync centre), none waiting or refused. */
async function drained(c: TestClient): Promise<boolean> {
  const entries = await c.service.query({ kind: 'outbox' });
  return entries.every((e) => e.state === 'done' && e.doneAt !== null);
}

async function localFollowIds(c: TestClient): Promise<string[]> {
  const db = await c.service.database();
  return (await db.follows.find().exec()).map((d) => d.id).sort();
}

describe('personal replication of follows', () => {
  it('pulls only with the bearer token, and logout wipes follows and the outbox', async () => {
    const user = await registerUser(server.url);
    const shop = shopIds[0] ?? '';
    const res = await requestJson(server.url, 'POST', `/api/shops/${shop}/follow?timestamp=1`, undefined, authHeaders(user.token));
    expect(res.status).toBe(200);

    const c = await start();
    await sleep(150);
    expect(net.pulls('follows')).toHaveLength(0);
    expect(await localFollowIds(c)).toEqual([]);
    expect((await c.service.syncStatus()).personal).toBe('off');

    await c.service.setSession(user.token);
    await waitFor(async () => (await localFollowIds(c)).includes(shop), 5000, 'follow pulled');
    expect(net.pulls('follows').every((r) => r.headers.get('authorization') === `Bearer ${user.token}`)).toBe(true);
    expect(await c.service.query({ kind: 'following', shopId: shop })).toEqual({ isFollowing: true, pending: false });
    expect((await c.service.query({ kind: 'followedShops' })).map((s) => s.id)).toEqual([shop]);
    expect((await c.service.syncStatus()).personal).toBe('active');

    // Logout: the UI drops the session, then wipes.
    net.offline = true;
    await c.service.follow(shopIds[1] ?? '');
    await c.service.setSession(null);
    await expect(c.service.clearPersonalData()).resolves.toEqual({
      cleared: ['bookings', 'cart_items', 'community_posts', 'conversations', 'follows', 'messages', 'orders', 'outbox', 'wishlist'],
    });
    expect(await localFollowIds(c)).toEqual([]);
    expect(await c.service.query({ kind: 'outbox' })).toEqual([]);
    expect((await c.service.syncStatus()).personal).toBe('off');

    // Signing in again pulls everything again (the checkpoints went with the data).
    net.offline = false;
    await c.service.setSession(user.token);
    await waitFor(async () => (await localFollowIds(c)).includes(shop), 5000, 'follow pulled again');
  });

  it("another user's token wipes the previous user's follows and queued writes first", async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    await requestJson(server.url, 'POST', `/api/shops/${shopIds[0] ?? ''}/follow?timestamp=1`, undefined, authHeaders(a.token));
    const c = await start();
    await c.service.setSession(a.token);
    await waitFor(async () => (await localFollowIds(c)).length === 1, 5000, 'a follow pulled');
    net.offline = true;
    await c.service.follow(shopIds[2] ?? '');
    await c.service.setSession(b.token);
    expect(await localFollowIds(c)).toEqual([]);
    expect(await c.service.query({ kind: 'outbox' })).toEqual([]);
    net.offline = false;
    await c.service.outboxIdle();
    expect(await serverFollows(b.user.id)).toEqual([]);
    expect(await serverFollows(a.user.id)).toEqual([shopIds[0]]);
  });
});

describe('the outbox', () => {
  it('queues follows offline and replays them in order when the network returns, each once', async () => {
    const user = await registerUser(server.url);
    const [s1, s2, s3] = [shopIds[0] ?? '', shopIds[1] ?? '', shopIds[2] ?? ''];
    const before = await Promise.all([s1, s2, s3].map(followers));
    const c = await start();
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();

    c.online.set(false);
    net.offline = true;
    await c.service.follow(s1);
    await c.service.follow(s2);
    await c.service.unfollow(s1);
    await c.service.follow(s3);
    const queued = await c.service.query({ kind: 'outbox' });
    expect(queued.map((e) => [e.kind, e.target, e.state])).toEqual([
      ['follow', s1, 'pending'],
      ['follow', s2, 'pending'],
      ['unfollow', s1, 'pending'],
      ['follow', s3, 'pending'],
    ]);
    expect((await c.service.syncStatus()).outbox).toEqual({ pending: 4, failed: 0 });
    expect(await c.service.query({ kind: 'following', shopId: s1 })).toEqual({ isFollowing: false, pending: true });
    expect(await c.service.query({ kind: 'following', shopId: s2 })).toEqual({ isFollowing: true, pending: true });
    expect(await serverFollows(user.user.id)).toEqual([]);

    net.offline = false;
    c.online.set(true);
    await waitFor(() => drained(c), 10_000, 'outbox drained');

    const writes = net.writes();
    expect(writes.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      `POST /api/shops/${s1}/follow`,
      `POST /api/shops/${s2}/follow`,
      `DELETE /api/shops/${s1}/follow`,
      `POST /api/shops/${s3}/follow`,
    ]);
    for (const [i, w] of writes.entries()) {
      expect(w.headers.get('idempotency-key')).toBe(queued[i]?.id);
      expect(w.headers.get('authorization')).toBe(`Bearer ${user.token}`);
      expect(w.url.searchParams.get('timestamp')).toMatch(/^\d+$/);
    }
    expect(await serverFollows(user.user.id)).toEqual([s2, s3].sort());
    expect(await Promise.all([s1, s2, s3].map(followers))).toEqual([before[0], (before[1] ?? 0) + 1, (before[2] ?? 0) + 1]);

    // Confirmed by the pull: the local documents are the server's (server-assigned updatedAt).
    await waitFor(async () => {
      const db = await c.service.database();
      const docs = await db.follows.find().exec();
      return docs.length === 2 && docs.every((d) => d.updatedAt > 0);
    }, 5000, 'follows confirmed by the pull');
    expect(await localFollowIds(c)).toEqual([s2, s3].sort());
    expect(await c.service.query({ kind: 'following', shopId: s2 })).toEqual({ isFollowing: true, pending: false });
  });

  it("a worker that hears no `online` event (Chromium's dedicated worker): the page's networkChanged resumes the outbox", async () => {
    // navigator.onLine changes in the worker, but its online/offline events never fire.
    let onLine = true;
    const silent: ManualOnlineSignal = {
      isOnline: () => onLine,
      subscribe: () => () => undefined,
      set: (next) => {
        onLine = next;
      },
    };
    const user = await registerUser(server.url);
    const s1 = shopIds[0] ?? '';
    const c = await start(silent);
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();

    silent.set(false);
    net.offline = true;
    await c.service.networkChanged(false);
    await c.service.follow(s1);
    await sleep(200);
    expect(net.writes()).toEqual([]);
    expect((await c.service.query({ kind: 'outbox' })).map((e) => e.state)).toEqual(['pending']);

    // Back online without an event in the worker: only the page's report wakes the waiting loop.
    silent.set(true);
    net.offline = false;
    await c.service.networkChanged(true);
    await waitFor(() => drained(c), 10_000, 'outbox drained');
    expect(net.writes().map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /api/shops/${s1}/follow`]);
    expect(await serverFollows(user.user.id)).toEqual([s1]);
  });

  it('replays a write whose answer was lost with the same key: the server acts once', async () => {
    const user = await registerUser(server.url);
    const shop = shopIds[1] ?? '';
    const before = await followers(shop);
    const c = await start();
    await c.service.setSession(user.token);
    net.loseAnswerOf = (r) => r.method === 'POST';
    const { entryId } = await c.service.follow(shop);
    await waitFor(() => drained(c), 10_000, 'outbox drained');

    const writes = net.writes();
    expect(writes).toHaveLength(2);
    expect(writes.map((w) => [w.headers.get('idempotency-key'), w.status, w.lost, w.replayed])).toEqual([
      [entryId, 200, true, false],
      [entryId, 200, false, true],
    ]);
    expect(await serverFollows(user.user.id)).toEqual([shop]);
    expect(await followers(shop)).toBe(before + 1);
    const keys = await server.db.kysely.selectFrom('idempotency_keys').select('key').where('key', '=', entryId).execute();
    expect(keys).toHaveLength(1);
  });

  it('a 409 (the key is still in flight on the server) keeps the entry pending and retries until the answer comes', async () => {
    const user = await registerUser(server.url);
    const shop = shopIds[2] ?? '';
    const before = await followers(shop);
    const c = await start();
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();

    net.offline = true;
    c.online.set(false);
    const { entryId } = await c.service.follow(shop);
    // An earlier send with this key is still running on the server (claimed, no answer yet).
    const claim = { principal: `user:${user.user.id}`, key: entryId };
    await server.db.kysely
      .insertInto('idempotency_keys')
      .values({ ...claim, method: 'POST', path: `/api/shops/${shop}/follow`, status: 0, content_type: '', body: '', created_at: Date.now(), body_hash: null })
      .execute();
    net.offline = false;
    c.online.set(true);

    await waitFor(async () => net.writes().filter((w) => w.status === 409).length >= 3, 10_000, 'several 409 answers');
    const [waiting] = await c.service.query({ kind: 'outbox' });
    expect(waiting).toMatchObject({ id: entryId, kind: 'follow' });
    expect(waiting?.state).not.toBe('failed');
    expect(waiting?.failure ?? null).toBeNull();
    expect(await c.service.query({ kind: 'following', shopId: shop })).toEqual({ isFollowing: true, pending: true });
    expect(await followers(shop)).toBe(before);

    // The first request gives the key back (as after a 5xx): the next try acts, once.
    await server.db.kysely.deleteFrom('idempotency_keys').where('principal', '=', claim.principal).where('key', '=', claim.key).execute();
    await waitFor(() => drained(c), 10_000, 'outbox drained');
    const writes = net.writes();
    expect(writes.every((w) => w.headers.get('idempotency-key') === entryId)).toBe(true);
    expect(writes.slice(0, -1).every((w) => w.status === 409)).toBe(true);
    expect(writes.at(-1)?.status).toBe(200);
    expect(await serverFollows(user.user.id)).toEqual([shop]);
    expect(await followers(shop)).toBe(before + 1);
  });

  it('a refused entry fails with the server error, rolls the follow back and stays until dismissed', async () => {
    const user = await registerUser(server.url);
    const c = await start();
    await c.service.setSession(user.token);
    const { entryId } = await c.service.follow('999999');
    await waitFor(async () => (await c.service.query({ kind: 'outbox' }))[0]?.state === 'failed', 10_000, 'entry failed');
    const [failed] = await c.service.query({ kind: 'outbox' });
    expect(failed).toMatchObject({ id: entryId, state: 'failed', kind: 'follow', target: '999999', attempts: 1 });
    expect(failed?.failure).toMatchObject({ status: 404, code: 'SHOP_NOT_FOUND' });
    expect(await c.service.query({ kind: 'following', shopId: '999999' })).toEqual({ isFollowing: false, pending: false });
    expect(await localFollowIds(c)).toEqual([]);
    expect((await c.service.syncStatus()).outbox).toEqual({ pending: 0, failed: 1 });

    // Nothing more is sent for it, and it stays until the UI dismisses it.
    await sleep(200);
    expect(net.writes()).toHaveLength(1);
    await c.service.dismissOutboxEntry(entryId);
    expect(await c.service.query({ kind: 'outbox' })).toEqual([]);
  });

  it('a refused change followed by another queued one on the same shop: the later one inherits the undo', async () => {
    const user = await registerUser(server.url);
    const shop = '999999';
    const c = await start();
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();
    net.offline = true;
    c.online.set(false);
    // Follow, then unfollow, of a shop the server does not know: both are refused (404).
    await c.service.follow(shop);
    await c.service.unfollow(shop);
    expect(await c.service.query({ kind: 'following', shopId: shop })).toEqual({ isFollowing: false, pending: true });
    net.offline = false;
    c.online.set(true);
    await waitFor(
      async () => {
        const entries = await c.service.query({ kind: 'outbox' });
        return entries.length === 2 && entries.every((e) => e.state === 'failed');
      },
      10_000,
      'both refused',
    );
    expect(net.writes().map((w) => [w.method, w.status])).toEqual([
      ['POST', 404],
      ['DELETE', 404],
    ]);
    // The unfollow's own undo was "following" (the follow's optimistic state); after both refusals the shop
    // is back to the state before the first: not followed.
    expect(await c.service.query({ kind: 'following', shopId: shop })).toEqual({ isFollowing: false, pending: false });
    expect(await localFollowIds(c)).toEqual([]);
  });

  it('a 401 pauses the outbox and personal sync (no loop) until another token arrives', async () => {
    const user = await registerUser(server.url);
    const shop = shopIds[0] ?? '';
    // A token the server no longer accepts: log this session out.
    const stale = await registerUser(server.url, { email: user.email.replace('@', '+stale@') });
    expect((await requestJson(server.url, 'POST', '/api/auth/logout', undefined, authHeaders(stale.token))).status).toBe(200);

    const c = await start();
    // The personal pulls wait until the write has been refused: the write's own 401 must pause everything
    // (a pull's 401 would otherwise get there first now and then, and the write never go).
    let releasePulls!: () => void;
    const pullsHeld = new Promise<void>((resolve) => (releasePulls = resolve));
    net.hold = (r) => (r.method === 'GET' && r.url.pathname.endsWith('/pull') && r.headers.has('authorization') ? pullsHeld : null);
    await c.service.setSession(stale.token);
    await c.service.follow(shop);
    await waitFor(() => net.writes().some((w) => w.status !== null), 5000, 'the follow answered');
    expect(net.writes().map((w) => [w.method, w.url.pathname, w.status])).toEqual([['POST', `/api/shops/${shop}/follow`, 401]]);
    await waitFor(async () => (await c.service.syncStatus()).personal === 'unauthorized', 5000, 'unauthorized');
    releasePulls();
    await sleep(300);
    const before = net.seen.length;
    await sleep(300);
    expect(net.seen.filter((r) => r.url.pathname !== '/api/sync/stream').length).toBe(
      net.seen.slice(0, before).filter((r) => r.url.pathname !== '/api/sync/stream').length,
    );
    // Still that one refused write: nothing was sent again with the refused token.
    expect(net.writes().map((w) => w.status)).toEqual([401]);
    expect((await c.service.query({ kind: 'outbox' }))[0]?.state).toBe('pending');
    // The same token again changes nothing.
    await c.service.setSession(stale.token);
    expect((await c.service.syncStatus()).personal).toBe('unauthorized');

    // A new session of the same user: the queued follow goes out.
    const fresh = await requestJson<{ token: string }>(server.url, 'POST', '/api/auth/login', { email: stale.email, password: stale.password });
    await c.service.setSession(fresh.body.token);
    await waitFor(() => drained(c), 10_000, 'outbox drained');
    expect((await c.service.syncStatus()).personal).toBe('active');
    expect(await serverFollows(stale.user.id)).toEqual([shop]);
  });
});
