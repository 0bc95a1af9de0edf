/**
 * The replayer and the service worker's queue (docs/COMMERCE.md "The service worker's queue"):
 * - what the queue delivered while no page listened (queue-results.ts, a fake CacheStorage here) settles the
 *   entry as the server's answer would, with no second request; other records are ignored and the entry sent;
 * - an entry the service worker holds (202) keeps later entries on the same thing waiting, and a cart_merge
 *   waits for every guest entry before it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartLines, queueCartAdd, queueCartMerge, queueCartSet } from '../../src/db/cart';
import type { SoukDatabase } from '../../src/db/database';
import { listOutbox, LocalWriteLock } from '../../src/db/outbox';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { startOutboxReplayer, type OutboxReplayer } from '../../src/sync/outbox-replayer';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { queueResultUrl, readQueueResult, recordQueueResult } from '../../src/workers/queue-results';
import { makeProducts } from '../db/support/catalog-fixtures';
import { insertCatalog, openTestDatabase } from '../db/support/test-db';
import { FAST_BACKOFF, sleep, waitFor } from './support/client';

const TOKEN = `${btoa(JSON.stringify({ v: 1, sid: 's', uid: 42, iat: 1, exp: 2 })).replace(/=+$/, '')}.mac`;
const API = 'http://souk.test/api-base';

/** CacheStorage enough for queue-results.ts: one Map per cache name, keyed by URL. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const url = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
    const cache = {
      put: (r: RequestInfo | URL, res: Response) => {
        store.set(url(r), res);
        return Promise.resolve();
      },
      match: (r: RequestInfo | URL) => Promise.resolve(store.get(url(r))?.clone()),
      delete: (r: RequestInfo | URL) => Promise.resolve(store.delete(url(r))),
      keys: () => Promise.resolve([...store.keys()].map((u) => new Request(u))),
    };
    return Promise.resolve(cache as unknown as Cache);
  };
  return { caches: { open }, stores };
}

interface Seen {
  method: string;
  path: string;
  key: string | null;
  body: string | null;
}

let db: SoukDatabase | null = null;
let replayer: OutboxReplayer | null = null;

afterEach(async () => {
  await replayer?.stop();
  replayer = null;
  await db?.remove();
  db = null;
});

async function setup(answer: (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string> }) {
  db = await openTestDatabase();
  const products = makeProducts(3, 11).map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, stock_quantity: 5 })) }));
  await insertCatalog(db, { products });
  const seen: Seen[] = [];
  const fetchFn: FetchLike = (input, init) => {
    const url = new URL(input);
    const req: Seen = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      key: new Headers(init?.headers).get('idempotency-key'),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    seen.push(req);
    const a = answer(req);
    return Promise.resolve(
      new Response(JSON.stringify(a.body ?? { success: true }), { status: a.status, headers: { 'content-type': 'application/json', ...a.headers } }),
    );
  };
  const fake = fakeCaches();
  const sent: string[] = [];
  const refused: string[] = [];
  replayer = startOutboxReplayer({
    db,
    apiBase: API,
    lock: new LocalWriteLock(),
    fetch: fetchFn,
    online: manualOnlineSignal(true),
    backoff: FAST_BACKOFF,
    caches: fake.caches,
    onSent: (e) => sent.push(e.id),
    onRefused: (e) => refused.push(e.id),
  });
  return { db, seen, products, replayer, caches: fake.caches, sent, refused };
}

const queued202 = { status: 202, body: { status: 'queued' }, headers: { 'x-souk-queued': '1' } };

describe("what the service worker's queue delivered", () => {
  it('a recorded 2xx settles the entry as done without a request, and the record is deleted', async () => {
    const t = await setup(() => ({ status: 200 }));
    // Signed out: the user entry waits, as it did while the app was closed.
    const add = await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 1 }, 'user');
    const id = add.ok ? add.entryId : '';
    await recordQueueResult(t.caches, 'http://souk.test', id, { status: 200, body: '{"success":true}', at: Date.now() });
    await t.replayer.setToken(TOKEN);
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
    await t.replayer.whenIdle();
    expect(t.seen).toEqual([]);
    expect(t.sent).toEqual([id]);
    expect(await readQueueResult(t.caches, 'http://souk.test', id)).toBeNull();
  });

  it('a recorded final 4xx fails the entry with its code and message and rolls back, without a request', async () => {
    const t = await setup(() => ({ status: 200 }));
    const add = await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 3 }, 'user');
    const id = add.ok ? add.entryId : '';
    expect((await cartLines(t.db)).map((l) => l.quantity)).toEqual([3]);
    const body = JSON.stringify({ success: false, status: 'error', code: 'STOCK_EXCEEDED', message: 'Cannot add 3 items. Only 1 more available in stock' });
    await recordQueueResult(t.caches, 'http://souk.test', id, { status: 422, body, at: Date.now() });
    await t.replayer.setToken(TOKEN);
    await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'failed', 5000, 'failed');
    await t.replayer.whenIdle();
    expect((await listOutbox(t.db))[0]?.failure).toEqual({ status: 422, code: 'STOCK_EXCEEDED', message: 'Cannot add 3 items. Only 1 more available in stock' });
    expect(await cartLines(t.db)).toEqual([]);
    expect(t.seen).toEqual([]);
    expect(t.refused).toEqual([id]);
    expect(await readQueueResult(t.caches, 'http://souk.test', id)).toBeNull();
  });

  for (const status of [401, 409, 503]) {
    it(`a recorded ${status} is ignored: the entry is sent, and the record deleted`, async () => {
      const t = await setup(() => ({ status: 200 }));
      const add = await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 1 }, 'user');
      const id = add.ok ? add.entryId : '';
      await recordQueueResult(t.caches, 'http://souk.test', id, { status, body: '{}', at: Date.now() });
      await t.replayer.setToken(TOKEN);
      await waitFor(async () => (await listOutbox(t.db))[0]?.state === 'done', 5000, 'done');
      expect(t.seen.map((r) => r.key)).toEqual([id]);
      expect(await readQueueResult(t.caches, 'http://souk.test', id)).toBeNull();
    });
  }

  it('records live under the API origin (the path prefix is not part of it)', () => {
    expect(queueResultUrl(new URL(API).origin, 'k')).toBe('http://souk.test/__souk/queue-results/k');
  });
});

describe('order behind an entry the service worker holds', () => {
  it('a later change of the same variant waits for the parked one; another variant goes', async () => {
    let hold = true;
    let variant = -1;
    const t = await setup((req) => (hold && req.method === 'POST' && req.body?.includes(`"variant_id":${variant},`) ? queued202 : { status: 200 }));
    await t.replayer.setToken(TOKEN);
    const [a, b] = [t.products[0]!, t.products[1]!];
    variant = a.variants[0]!.id;
    await queueCartAdd(t.db, { productId: a.id, variantId: variant, quantity: 1 }, 'user');
    await waitFor(() => t.seen.length === 1, 5000, 'first handed over');
    await queueCartSet(t.db, variant, 3, 'user');
    await queueCartAdd(t.db, { productId: b.id, quantity: 1 }, 'user');
    await waitFor(() => t.seen.length === 2, 5000, 'other variant sent');
    await sleep(200);
    await t.replayer.whenIdle();
    expect(t.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api-base/api/cart/items', 'POST /api-base/api/cart/items']);
    expect(t.seen[1]?.body).not.toContain(`"variant_id":${variant},`);

    // The parked one goes again first, then the change behind it.
    hold = false;
    t.replayer.kick();
    await waitFor(async () => (await listOutbox(t.db)).every((e) => e.state === 'done'), 5000, 'all done');
    expect(t.seen.slice(2).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api-base/api/cart/items', `PUT /api-base/api/cart/items/${variant}`]);
  });

  it('a cart_merge waits while a guest entry before it is held by the service worker', async () => {
    let hold = true;
    const t = await setup((req) => (hold && req.path.endsWith('/cart/items') ? queued202 : { status: 200 }));
    await queueCartAdd(t.db, { productId: t.products[0]!.id, quantity: 1 }, 'guest');
    await waitFor(() => t.seen.length === 1, 5000, 'guest add handed over');
    // Signed in: the merge is queued after the guest entry.
    await queueCartMerge(t.db);
    await t.replayer.setToken(TOKEN);
    await sleep(200);
    await t.replayer.whenIdle();
    expect(t.seen.map((r) => r.path)).toEqual(['/api-base/api/cart/items']);

    hold = false;
    t.replayer.kick();
    await waitFor(async () => (await listOutbox(t.db)).every((e) => e.state === 'done'), 5000, 'all done');
    expect(t.seen.map((r) => r.path)).toEqual(['/api-base/api/cart/items', '/api-base/api/cart/items', '/api-base/api/cart/merge']);
  });
});
