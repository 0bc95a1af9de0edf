/**
 * The outbox replayer's issue-5 rules (docs/COMMERCE.md "Client" and "The service worker's queue") with a
 * scripted fetch in front of a fake-indexeddb database: guest entries go with the stored Guest-Token (none
 * yet: the answer names one), user entries with the bearer; every request names its queue and whether
 * background sync exists; accepted entries stay 'done' until pruned; a 202 queued by the service worker
 * stays pending without a tight loop and goes again on online or a kick; final 4xx fail and roll back;
 * 5xx, 408, 409 IDEMPOTENCY_KEY_IN_PROGRESS and 429 are retried (another 409 is a refusal: tests/sync/tailoring-sync); WISHLIST_EXISTS counts as done; retry is a new key with the same body.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartLines, queueCartAdd, queueCouponApply, readCartMeta } from '../../src/db/cart';
import type { SoukDatabase } from '../../src/db/database';
import { listOutbox, LocalWriteLock, pruneDone, retryEntry } from '../../src/db/outbox';
import { DONE_RETENTION_MS } from '../../src/db/outbox-entry';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { queueWishlistAdd } from '../../src/db/wishlist';
import { readGuestToken, storeGuestToken } from '../../src/sync/guest-token';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { startOutboxReplayer, type OutboxReplayer } from '../../src/sync/outbox-replayer';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { insertCatalog, openTestDatabase } from '../db/support/test-db';
import { makeProducts } from '../db/support/catalog-fixtures';
import { FAST_BACKOFF, sleep, waitFor } from './support/client';

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

/** Answers each request with what `script` says (status, body, headers); records them all. */
function scriptedFetch(script: (req: Seen, n: number) => { status: number; body?: unknown; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const fetchFn: FetchLike = async (input, init) => {
    const url = new URL(input);
    const req: Seen = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    seen.push(req);
    const a = script(req, seen.length);
    return new Response(a.status === 204 ? null : JSON.stringify(a.body ?? { success: true }), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  };
  return { fetch: fetchFn, seen };
}

// A token whose payload says uid 42 (the replayer only reads the owner from it).
const TOKEN = `${btoa(JSON.stringify({ v: 1, sid: 's', uid: 42, iat: 1, exp: 2 })).replace(/=+$/, '')}.mac`;

let db: SoukDatabase | null = null;
let replayer: OutboxReplayer | null = null;

afterEach(async () => {
  await replayer?.stop();
  replayer = null;
  await db?.remove();
  db = null;
});

async function setup(script: Parameters<typeof scriptedFetch>[0], opts: { backgroundSync?: boolean; online?: boolean } = {}) {
  db = await openTestDatabase();
  const products = makeProducts(3, 11).map((p) => ({
    ...p,
    variants: p.variants.map((v) => ({ ...v, stock_quantity: 5 })),
  }));
  await insertCatalog(db, { products });
  const net = scriptedFetch(script);
  const online = manualOnlineSignal(opts.online ?? true);
  const lock = new LocalWriteLock();
  const sent: string[] = [];
  const refused: string[] = [];
  replayer = startOutboxReplayer({
    db,
    apiBase: 'http://souk.test',
    lock,
    fetch: net.fetch,
    online,
    backoff: FAST_BACKOFF,
    backgroundSync: () => opts.backgroundSync ?? false,
    onSent: (e) => sent.push(e.kind),
    onRefused: (e) => refused.push(e.kind),
  });
  return { db, net, online, lock, sent, refused, products, replayer };
}

describe('who sends an entry', () => {
  it('the first guest entry goes with a token the client made, the answer\'s Guest-Token is stored and sent next; user entries go with the bearer', async () => {
    const t = await setup((req) =>
      req.path.startsWith('/api/cart') ? { status: 200, headers: { 'guest-token': 'guest-abc' } } : { status: 201 },
    );
    const p = t.products[0]!;
    await queueCartAdd(t.db, { productId: p.id, quantity: 1 }, 'guest');
    await queueCartAdd(t.db, { productId: p.id, quantity: 1 }, 'guest');
    await queueWishlistAdd(t.db, p.id);
    // Without a session only the guest entries go.
    await waitFor(() => t.net.seen.length === 2, 5000, 'guest entries sent');
    await t.replayer.whenIdle();
    // Made before the first send (a replayed answer has no headers, so waiting for the server's would lose it).
    expect(t.net.seen[0]?.headers.get('guest-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.net.seen[1]?.headers.get('guest-token')).toBe('guest-abc');
    expect(await readGuestToken(t.db)).toBe('guest-abc');
    for (const r of t.net.seen) {
      expect(r.headers.get('authorization')).toBeNull();
      expect(r.headers.get('x-souk-queue')).toBe('guest');
      expect(r.headers.get('x-souk-background-sync')).toBe('0');
      expect(r.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await listOutbox(t.db)).map((e) => [e.kind, e.state])).toEqual([
      ['cart_add', 'done'],
      ['cart_add', 'done'],
      ['wishlist_add', 'pending'],
    ]);

    await t.replayer.setToken(TOKEN);
    await waitFor(() => t.net.seen.length === 3, 5000, 'user entry sent');
    const user = t.net.seen[2]!;
    expect(user.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(user.headers.get('guest-token')).toBeNull();
    expect(user.headers.get('x-souk-queue')).toBe('u42');
    expect(JSON.parse(user.body ?? '')).toEqual({ product_id: Number(p.id) });
  });

  it('says whether background sync exists, and an empty Guest-Token answer removes the stored one', async () => {
    const t = await setup(() => ({ status: 200, headers: { 'guest-token': '' } }), { backgroundSync: true });
    await storeGuestToken(t.db, 'old-token');
    await queueCartAdd(t.db, { productId: t.products[1]!.id, quantity: 2 }, 'guest');
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'sent');
    expect(t.net.seen[0]?.headers.get('x-souk-background-sync')).toBe('1');
    expect(t.net.seen[0]?.headers.get('guest-token')).toBe('old-token');
    expect(await readGuestToken(t.db)).toBeNull();
  });
});

describe('outcomes', () => {
  it('2xx: the entry stays done with doneAt, and is pruned after DONE_RETENTION_MS', async () => {
    const t = await setup(() => ({ status: 200 }));
    await t.replayer.setToken(TOKEN);
    const before = Date.now();
    await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 1 }, 'user');
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
    const [done] = await listOutbox(t.db);
    expect(done?.doneAt).toBeGreaterThanOrEqual(before);
    expect(done?.failure).toBeNull();
    expect(t.sent).toEqual(['cart_add']);
    expect(await pruneDone(t.db, (done?.doneAt ?? 0) + DONE_RETENTION_MS - 1)).toBe(0);
    expect(await pruneDone(t.db, (done?.doneAt ?? 0) + DONE_RETENTION_MS)).toBe(1);
    expect(await listOutbox(t.db)).toEqual([]);
  });

  it('a 202 queued by the service worker stays pending, is not sent again in a loop, and goes again on online or a kick', async () => {
    let queue = true;
    const t = await setup(() => (queue ? { status: 202, body: { status: 'queued' }, headers: { 'x-souk-queued': '1' } } : { status: 200 }));
    await t.replayer.setToken(TOKEN);
    const p = t.products[0]!;
    await queueCartAdd(t.db, { productId: p.id, quantity: 1 }, 'user');
    // Another variant: a later entry on the same one would wait for the parked one (nextToSend).
    await queueCartAdd(t.db, { productId: t.products[1]!.id, quantity: 1 }, 'user');
    // Both are handed to the service worker once each, in order; nothing more.
    await waitFor(() => t.net.seen.length === 2, 5000, 'both handed over');
    await sleep(300);
    expect(t.net.seen).toHaveLength(2);
    expect((await listOutbox(t.db)).map((e) => [e.state, e.lastError])).toEqual([
      ['pending', 'queued'],
      ['pending', 'queued'],
    ]);
    await t.replayer.whenIdle();

    // Back online: sent again with the same keys (the server answers the stored result if the copy got there first).
    queue = false;
    t.online.set(false);
    t.online.set(true);
    await waitFor(async () => (await listOutbox(t.db)).every((e) => e.state === 'done'), 5000, 'done after online');
    expect(t.net.seen.map((r) => r.headers.get('idempotency-key'))).toEqual([
      t.net.seen[0]?.headers.get('idempotency-key'),
      t.net.seen[1]?.headers.get('idempotency-key'),
      t.net.seen[0]?.headers.get('idempotency-key'),
      t.net.seen[1]?.headers.get('idempotency-key'),
    ]);

    // A kick does the same.
    queue = true;
    await queueCartAdd(t.db, { productId: p.id, quantity: 1 }, 'user');
    await waitFor(() => t.net.seen.length === 5, 5000, 'third handed over');
    await sleep(200);
    expect(t.net.seen).toHaveLength(5);
    queue = false;
    t.replayer.kick();
    await waitFor(async () => (await listOutbox(t.db)).every((e) => e.state === 'done'), 5000, 'done after kick');
    expect(t.net.seen).toHaveLength(6);
  });

  for (const status of [500, 503, 408, 409, 429]) {
    it(`${status} is retried with the same key until it is accepted`, async () => {
      // A 409 is the idempotency plugin's "the key's first request is still running".
      const code = status === 409 ? 'IDEMPOTENCY_KEY_IN_PROGRESS' : `X${status}`;
      const t = await setup((_req, n) => (n <= 2 ? { status, body: { code, message: 'later' } } : { status: 200 }));
      await t.replayer.setToken(TOKEN);
      const { ok } = await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 1 }, 'user');
      expect(ok).toBe(true);
      await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
      expect(t.net.seen).toHaveLength(3);
      expect(new Set(t.net.seen.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
      expect((await listOutbox(t.db))[0]?.attempts).toBe(3);
    });
  }

  it('a final 4xx fails the entry with the server error and rolls the cart line back; retry is a new key with the same body', async () => {
    let refuse = true;
    const t = await setup(() =>
      refuse
        ? { status: 422, body: { success: false, status: 'error', code: 'STOCK_EXCEEDED', message: 'Cannot add 3 items. Only 1 more available in stock', available: 1 } }
        : { status: 200 },
    );
    await t.replayer.setToken(TOKEN);
    const p = t.products[0]!;
    const res = await queueCartAdd(t.db, { productId: p.id, quantity: 3 }, 'user');
    expect(res.ok).toBe(true);
    expect((await cartLines(t.db)).map((l) => l.quantity)).toEqual([3]);
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'failed', 5000, 'failed');
    const [failed] = await listOutbox(t.db);
    expect(failed?.failure).toEqual({ status: 422, code: 'STOCK_EXCEEDED', message: 'Cannot add 3 items. Only 1 more available in stock' });
    expect(await cartLines(t.db)).toEqual([]);
    expect(t.refused).toEqual(['cart_add']);
    await sleep(150);
    expect(t.net.seen).toHaveLength(1);

    refuse = false;
    const retried = await t.lock.runExclusive(() => retryEntry(t.db, failed!.id, (e) => KIND_HANDLERS[e.kind].reapply));
    expect(retried.id).not.toBe(failed?.id);
    expect((await cartLines(t.db)).map((l) => l.quantity)).toEqual([3]);
    await waitFor(async () => (await listOutbox(t.db)).map((e) => e.state).join() === 'done', 5000, 'retry done');
    expect(t.net.seen).toHaveLength(2);
    expect(t.net.seen[1]?.headers.get('idempotency-key')).toBe(retried.id);
    expect(t.net.seen[1]?.body).toBe(t.net.seen[0]?.body);
    expect(t.net.seen[1]?.path).toBe(t.net.seen[0]?.path);
  });

  it('an invalid coupon fails and the previous coupon comes back', async () => {
    const t = await setup(() => ({ status: 422, body: { code: 'COUPON_INVALID', message: 'Invalid coupon code' } }));
    await t.replayer.setToken(TOKEN);
    await queueCouponApply(t.db, ' expired5 ', 'user');
    expect((await readCartMeta(t.db)).coupon_code).toBe('EXPIRED5');
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'failed', 5000, 'failed');
    expect(JSON.parse(t.net.seen[0]?.body ?? '')).toEqual({ code: 'EXPIRED5' });
    expect((await readCartMeta(t.db)).coupon_code).toBeNull();
  });

  it('400 WISHLIST_EXISTS on wishlist_add counts as done (the item is there)', async () => {
    const t = await setup(() => ({ status: 400, body: { code: 'WISHLIST_EXISTS', message: 'Item already in wishlist' } }));
    await t.replayer.setToken(TOKEN);
    await queueWishlistAdd(t.db, t.products[2]!.id);
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
    expect(await t.db.wishlist.count().exec()).toBe(1);
    expect(t.sent).toEqual(['wishlist_add']);
  });

  it('a merge with no guest cart is done without a request', async () => {
    const t = await setup(() => ({ status: 200 }));
    await t.replayer.setToken(TOKEN);
    const { queueCartMerge } = await import('../../src/db/cart');
    await queueCartMerge(t.db);
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
    expect(t.net.seen).toEqual([]);
  });
});
