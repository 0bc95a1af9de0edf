/**
 * The service worker's write queue (docs/COMMERCE.md, "The service worker's queue") without a browser: which
 * requests are queued, queue names per owner, the 202 answer, dedupe by Idempotency-Key, the replay policy
 * (2xx and final 4xx leave, 5xx/408/409/429/network stay and stop the round), the answer of every replayed
 * request recorded in Cache Storage before it leaves the queue (queue-results.ts), order within an owner (a
 * write waits behind its owner's queue while that holds a request or is being replayed), one queue per owner at
 * logout, and the queues of an earlier run coming back at start. Workbox's Queue and Cache Storage are replaced
 * by in-memory fakes.
 */
import { describe, expect, it, vi } from 'vitest';
import { QUEUE_RESULT_MAX_AGE_MS, QUEUE_RESULTS_CACHE, queueResultUrl, readQueueResult, recordQueueResult } from '../../src/workers/queue-results';
import { isClearPersonalQueueMessage, isQueueReplayedMessage, SOUK_QUEUE_REPLAYED, type QueueReplayedMessage } from '../../src/workers/sw-messages';
import {
  ACTIVITY_REPLAY_MS,
  MAX_RETENTION_MINUTES,
  queuedResponse,
  queuedWriteOf,
  queueNameFor,
  queueNameOfSyncTag,
  queueOptionsFor,
  replayOutcome,
  replayQueue,
  WriteQueues,
  type CacheStorageLike,
  type QueueRegistry,
  type ReplayDeps,
  type StoredEntry,
  type WriteQueue,
} from '../../src/workers/sw-write-queue';

const ORIGIN = 'https://souk.test';

function write(path: string, headers: Record<string, string>, method = 'POST'): Request {
  return new Request(`${ORIGIN}${path}`, { method, headers, body: method === 'DELETE' ? undefined : '{"a":1}' });
}

const HEADERS = { 'Idempotency-Key': 'k1', 'X-Souk-Queue': 'u7', 'X-Souk-Background-Sync': '1', 'Content-Type': 'application/json' };

class FakeQueue implements WriteQueue {
  entries: StoredEntry[] = [];
  constructor(readonly name: string) {}
  pushRequest(entry: StoredEntry) {
    this.entries.push({ timestamp: Date.now(), ...entry });
    return Promise.resolve();
  }
  unshiftRequest(entry: StoredEntry) {
    this.entries.unshift(entry);
    return Promise.resolve();
  }
  shiftRequest() {
    return Promise.resolve(this.entries.shift());
  }
  getAll() {
    return Promise.resolve([...this.entries]);
  }
}

/** Cache Storage in memory: what queue-results.ts uses of it (open, put, match, delete, keys). */
class FakeCaches implements CacheStorageLike {
  readonly stores = new Map<string, Map<string, string>>();
  /** Makes open() fail (a full or broken Cache Storage). */
  broken = false;
  open(name: string): Promise<Cache> {
    if (this.broken) return Promise.reject(new DOMException('quota', 'QuotaExceededError'));
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const entries = store;
    const urlOf = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
    const cache = {
      put: async (r: RequestInfo | URL, res: Response) => void entries.set(urlOf(r), await res.text()),
      match: (r: RequestInfo | URL) => {
        const text = entries.get(urlOf(r));
        return Promise.resolve(text === undefined ? undefined : new Response(text));
      },
      delete: (r: RequestInfo | URL) => Promise.resolve(entries.delete(urlOf(r))),
      keys: () => Promise.resolve([...entries.keys()].map((url) => new Request(url))),
    };
    return Promise.resolve(cache as unknown as Cache);
  }
  /** The recorded result of a key, parsed. */
  result(key: string) {
    return readQueueResult(this, ORIGIN, key);
  }
  count(): number {
    return this.stores.get(QUEUE_RESULTS_CACHE)?.size ?? 0;
  }
}

const NOW = 1_800_000_000_000;

function replayDeps(
  answers: (number | 'network')[],
  overrides: Partial<ReplayDeps> = {},
): ReplayDeps & { caches: FakeCaches; messages: QueueReplayedMessage[]; sent: string[] } {
  const messages: QueueReplayedMessage[] = [];
  const sent: string[] = [];
  return {
    fetch: (request) => {
      const key = request.headers.get('Idempotency-Key') ?? '';
      sent.push(key);
      const next = answers.shift() ?? 200;
      return next === 'network'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(new Response(next === 204 ? null : JSON.stringify({ key, status: next }), { status: next }));
    },
    notify: (m) => void messages.push(m),
    caches: new FakeCaches(),
    origin: ORIGIN,
    now: () => NOW,
    messages,
    sent,
    ...overrides,
  } as ReplayDeps & { caches: FakeCaches; messages: QueueReplayedMessage[]; sent: string[] };
}

function keyed(key: string, owner = 'u7'): StoredEntry {
  return { request: write('/api/orders', { ...HEADERS, 'Idempotency-Key': key, 'X-Souk-Queue': owner }), metadata: { key, owner } };
}

function keysOf(q: FakeQueue | undefined): string[] {
  return (q?.entries ?? []).map((e) => (e.metadata as { key: string }).key);
}

function memoryRegistry(initial: Record<string, { backgroundSync: boolean }> = {}): QueueRegistry & { saved: Record<string, { backgroundSync: boolean }> } {
  const reg = {
    saved: { ...initial },
    load: () => Promise.resolve({ ...reg.saved }),
    save: (queues: Record<string, { backgroundSync: boolean }>) => {
      reg.saved = { ...queues };
      return Promise.resolve();
    },
  };
  return reg;
}

type Answer = number | 'network' | Promise<number | 'network'>;

function harness(answers: Answer[], registry = memoryRegistry()) {
  const caches = new FakeCaches();
  const queues = new Map<string, FakeQueue>();
  const created: { name: string; backgroundSync: boolean }[] = [];
  const sent: string[] = [];
  const messages: QueueReplayedMessage[] = [];
  const preload = new Map<string, StoredEntry[]>();
  const wq = new WriteQueues({
    createQueue: (name, backgroundSync, onSync) => {
      const q = new FakeQueue(name);
      q.entries = preload.get(name) ?? [];
      // As workbox does with forceSyncFallback: replay from inside the constructor.
      if (!backgroundSync) void onSync(q);
      queues.set(name, q);
      created.push({ name, backgroundSync });
      return q;
    },
    fetch: async (request) => {
      const key = request.headers.get('Idempotency-Key') ?? '';
      sent.push(key);
      const next = await (answers.shift() ?? 200);
      if (next === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ key }), { status: next });
    },
    notify: (m) => void messages.push(m),
    registry,
    caches,
    origin: ORIGIN,
    now: () => NOW,
  });
  return { wq, queues, created, sent, messages, registry, preload, caches };
}

describe('which requests the service worker queues', () => {
  it('writes to our /api with Idempotency-Key and X-Souk-Queue, in every write method', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(queuedWriteOf(write('/api/orders', HEADERS, method), ORIGIN)).toEqual({ key: 'k1', owner: 'u7', backgroundSync: true });
    }
    expect(queuedWriteOf(write('/api/orders', { ...HEADERS, 'X-Souk-Background-Sync': '0' }), ORIGIN)?.backgroundSync).toBe(false);
  });

  it('leaves everything else alone', () => {
    expect(queuedWriteOf(new Request(`${ORIGIN}/api/orders`, { headers: HEADERS }), ORIGIN)).toBeNull();
    expect(queuedWriteOf(write('/api/orders', { 'X-Souk-Queue': 'u7' }), ORIGIN)).toBeNull();
    expect(queuedWriteOf(write('/api/orders', { 'Idempotency-Key': 'k1' }), ORIGIN)).toBeNull();
    expect(queuedWriteOf(write('/media/x', HEADERS), ORIGIN)).toBeNull();
    expect(queuedWriteOf(write('/apix/orders', HEADERS), ORIGIN)).toBeNull();
    expect(queuedWriteOf(new Request('https://elsewhere.test/api/orders', { method: 'POST', headers: HEADERS }), ORIGIN)).toBeNull();
  });
});

describe('queue names and options', () => {
  it('one queue per owner, sanitised', () => {
    expect(queueNameFor('u42')).toBe('souk-writes-u42');
    expect(queueNameFor('guest')).toBe('souk-writes-guest');
    expect(queueNameFor('t120:ab/c+d=')).toBe('souk-writes-t120_ab_c_d_');
    expect(queueNameFor('')).toBe('souk-writes-guest');
    expect(queueNameFor('x'.repeat(500))).toHaveLength('souk-writes-'.length + 64);
    expect(queueNameOfSyncTag('workbox-background-sync:souk-writes-u42')).toBe('souk-writes-u42');
    expect(queueNameOfSyncTag('workbox-background-sync:other')).toBeNull();
    expect(queueNameOfSyncTag('souk-writes-u42')).toBeNull();
  });

  it('23 h retention; the start-up fallback when the page has no Background Sync API', () => {
    expect(MAX_RETENTION_MINUTES).toBe(23 * 60);
    expect(queueOptionsFor(true)).toEqual({ forceSyncFallback: false, maxRetentionTime: 1380 });
    expect(queueOptionsFor(false)).toEqual({ forceSyncFallback: true, maxRetentionTime: 1380 });
  });

  it('answers 202 queued with X-Souk-Queued: 1', async () => {
    const res = queuedResponse('k9');
    expect(res.status).toBe(202);
    expect(res.headers.get('X-Souk-Queued')).toBe('1');
    expect(await res.json()).toEqual({ status: 'queued', key: 'k9' });
  });
});

describe('replay policy', () => {
  it('2xx and final 4xx leave the queue; 5xx, 408, 409, 429 and network errors stay', () => {
    for (const s of [200, 201, 204, 400, 401, 403, 404, 422]) expect(replayOutcome(s)).toBe('done');
    for (const s of [500, 502, 503, 408, 409, 429, null, 0]) expect(replayOutcome(s)).toBe('retry');
    // A 409 is a retry only while the key's first request runs; another 409 is the server's refusal (docs/TAILORING.md).
    expect(replayOutcome(409, 'IDEMPOTENCY_KEY_IN_PROGRESS')).toBe('retry');
    expect(replayOutcome(409, null)).toBe('retry');
    expect(replayOutcome(409, 'TAILOR_UNAVAILABLE')).toBe('done');
  });

  it('replays oldest first, announces each, and stops at the first that must wait (kept at the front)', async () => {
    const q = new FakeQueue('souk-writes-u7');
    for (const key of ['a', 'b', 'c', 'd']) await q.pushRequest({ request: write('/api/orders', { ...HEADERS, 'Idempotency-Key': key }), metadata: { key } });
    const first = q.entries[2]?.timestamp;
    const deps = replayDeps([201, 422, 503]);
    const messages = deps.messages;
    const result = await replayQueue(q, deps);
    expect(result).toEqual({ replayed: [{ key: 'a', status: 201 }, { key: 'b', status: 422 }], stopped: 'retry' });
    expect(messages).toEqual([
      { type: SOUK_QUEUE_REPLAYED, key: 'a', status: 201 },
      { type: SOUK_QUEUE_REPLAYED, key: 'b', status: 422 },
    ]);
    expect(q.entries.map((e) => (e.metadata as { key: string }).key)).toEqual(['c', 'd']);
    expect(q.entries[0]?.timestamp).toBe(first);
    expect(messages.every(isQueueReplayedMessage)).toBe(true);
  });

  it('a network error keeps the request', async () => {
    const q = new FakeQueue('souk-writes-u7');
    await q.pushRequest({ request: write('/api/orders', HEADERS), metadata: { key: 'k1' } });
    const deps = replayDeps(['network']);
    const result = await replayQueue(q, deps);
    expect(result).toEqual({ replayed: [], stopped: 'retry' });
    expect(q.entries).toHaveLength(1);
    expect(deps.caches.count()).toBe(0);
  });
});

describe('WriteQueues', () => {
  it('network first: an answer from the server passes through, nothing is queued', async () => {
    const h = harness([201]);
    const res = await h.wq.handle(write('/api/orders', HEADERS), { key: 'k1', owner: 'u7', backgroundSync: true });
    expect(res.status).toBe(201);
    expect(h.queues.size).toBe(0);
  });

  it('offline: stored once per key in the owner queue, answered 202', async () => {
    const h = harness(['network', 'network', 'network']);
    const w = { key: 'k1', owner: 'u7', backgroundSync: false };
    const res = await h.wq.handle(write('/api/orders', HEADERS), w);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'queued', key: 'k1' });
    expect((await h.wq.handle(write('/api/orders', HEADERS), w)).status).toBe(202);
    await h.wq.handle(write('/api/orders', { ...HEADERS, 'X-Souk-Queue': 'guest' }), { ...w, owner: 'guest' });
    expect(h.queues.get('souk-writes-u7')?.entries).toHaveLength(1);
    expect(h.queues.get('souk-writes-guest')?.entries).toHaveLength(1);
    expect(h.created).toEqual([
      { name: 'souk-writes-u7', backgroundSync: false },
      { name: 'souk-writes-guest', backgroundSync: false },
    ]);
    // The body survives storing (the request was cloned before the network try).
    expect(await h.queues.get('souk-writes-u7')?.entries[0]?.request.text()).toBe('{"a":1}');
  });

  it('once the network works again, the next write of the owner waits behind the queue, which goes in order', async () => {
    const h = harness(['network', 201, 200]);
    const w = { key: 'k1', owner: 'u7', backgroundSync: true };
    await h.wq.handle(write('/api/orders', HEADERS), w);
    const res = await h.wq.handle(write('/api/cart/items', { ...HEADERS, 'Idempotency-Key': 'k2' }), { ...w, key: 'k2' });
    expect(res.status).toBe(202);
    await h.wq.replay('souk-writes-u7');
    expect(h.queues.get('souk-writes-u7')?.entries).toHaveLength(0);
    expect(h.messages).toEqual([
      { type: SOUK_QUEUE_REPLAYED, key: 'k1', status: 201 },
      { type: SOUK_QUEUE_REPLAYED, key: 'k2', status: 200 },
    ]);
    expect(h.sent).toEqual(['k1', 'k1', 'k2']);
  });

  it('a queue without sync restored at start replays at once (workbox calls onSync from its constructor)', async () => {
    const h = harness([201], memoryRegistry({ 'souk-writes-u1': { backgroundSync: false } }));
    h.preload.set('souk-writes-u1', [{ request: write('/api/orders', HEADERS), metadata: { key: 'k1' } }]);
    await h.wq.restore();
    await vi.waitFor(() => expect(h.messages).toEqual([{ type: SOUK_QUEUE_REPLAYED, key: 'k1', status: 201 }]));
  });

  it('replayAll tries every queue, the restored ones included (the app opened again while the worker ran on)', async () => {
    const h = harness([200], memoryRegistry({ 'souk-writes-u1': { backgroundSync: false } }));
    h.preload.set('souk-writes-u1', [{ request: write('/api/orders', HEADERS), metadata: { key: 'k1' } }]);
    await h.wq.replayAll();
    expect(h.messages).toEqual([{ type: SOUK_QUEUE_REPLAYED, key: 'k1', status: 200 }]);
    expect(h.queues.get('souk-writes-u1')?.entries).toHaveLength(0);
  });

  it('logout with an owner empties only that queue; without one, all of them', async () => {
    const h = harness(['network', 'network', 'network']);
    await h.wq.handle(write('/api/orders', HEADERS), { key: 'k1', owner: 'u7', backgroundSync: true });
    await h.wq.handle(write('/api/orders', HEADERS), { key: 'k2', owner: 'u8', backgroundSync: true });
    await h.wq.handle(write('/api/cart', HEADERS), { key: 'k3', owner: 'guest', backgroundSync: true });
    expect(await h.wq.clear('u7')).toEqual({ cleared: ['souk-writes-u7'], failed: [] });
    expect(h.queues.get('souk-writes-u7')?.entries).toHaveLength(0);
    expect(h.queues.get('souk-writes-u8')?.entries).toHaveLength(1);
    expect(await h.wq.clear('nobody')).toEqual({ cleared: [], failed: [] });
    expect((await h.wq.clear()).cleared.sort()).toEqual(['souk-writes-guest', 'souk-writes-u7', 'souk-writes-u8']);
    expect(h.queues.get('souk-writes-u8')?.entries).toHaveLength(0);
  });

  it('remembers its queues and recreates them at the next start, in the same mode', async () => {
    const registry = memoryRegistry({ 'souk-writes-u1': { backgroundSync: false } });
    const h = harness(['network'], registry);
    await h.wq.handle(write('/api/orders', HEADERS), { key: 'k1', owner: 'u7', backgroundSync: true });
    await h.wq.restore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(registry.saved).toEqual({ 'souk-writes-u1': { backgroundSync: false }, 'souk-writes-u7': { backgroundSync: true } });

    const next = harness([], registry);
    await next.wq.restore();
    expect([...next.created].sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'souk-writes-u1', backgroundSync: false },
      { name: 'souk-writes-u7', backgroundSync: true },
    ]);
  });

  it('a sync event for a queue not yet restored replays it; a request that must wait rejects (the browser retries)', async () => {
    const h = harness([201]);
    h.preload.set('souk-writes-u7', [{ request: write('/api/orders', HEADERS), metadata: { key: 'k1' } }]);
    expect(await h.wq.syncEvent('souk-writes-u7')).toBe(true);
    expect(h.messages).toEqual([{ type: SOUK_QUEUE_REPLAYED, key: 'k1', status: 201 }]);
    // Known now: workbox's own listener on that queue takes the next events.
    expect(await h.wq.syncEvent('souk-writes-u7')).toBe(false);

    const down = harness(['network']);
    down.preload.set('souk-writes-u8', [{ request: write('/api/orders', HEADERS), metadata: { key: 'k2' } }]);
    await expect(down.wq.syncEvent('souk-writes-u8')).rejects.toThrow(/retry/);
    expect(down.queues.get('souk-writes-u8')?.entries).toHaveLength(1);
  });
});

describe('results recorded before a request leaves the queue (the app may be closed)', () => {
  it('2xx and final 4xx record {status, body, at} under the key, before the announcement; retries record nothing', async () => {
    const q = new FakeQueue('souk-writes-u7');
    for (const key of ['a', 'b', 'c']) await q.pushRequest(keyed(key));
    const deps = replayDeps([201, 422, 503]);
    const seenAtNotify: unknown[] = [];
    deps.notify = async (m) => void seenAtNotify.push(await deps.caches.result(m.key));
    const result = await replayQueue(q, deps);
    expect(result.stopped).toBe('retry');
    expect(await deps.caches.result('a')).toEqual({ status: 201, body: '{"key":"a","status":201}', at: NOW });
    expect(await deps.caches.result('b')).toEqual({ status: 422, body: '{"key":"b","status":422}', at: NOW });
    expect(await deps.caches.result('c')).toBeNull();
    // Each announcement came after its record was there.
    expect(seenAtNotify).toEqual([
      { status: 201, body: '{"key":"a","status":201}', at: NOW },
      { status: 422, body: '{"key":"b","status":422}', at: NOW },
    ]);
    expect(keysOf(q)).toEqual(['c']);
  });

  it('an empty body is recorded as an empty text', async () => {
    const q = new FakeQueue('souk-writes-u7');
    await q.pushRequest(keyed('d1'));
    const deps = replayDeps([204]);
    await replayQueue(q, deps);
    expect(await deps.caches.result('d1')).toEqual({ status: 204, body: '', at: NOW });
  });

  it('a record that cannot be written keeps the request at the front, unannounced (it is not done yet)', async () => {
    const q = new FakeQueue('souk-writes-u7');
    for (const key of ['a', 'b']) await q.pushRequest(keyed(key));
    const deps = replayDeps([200, 200]);
    deps.caches.broken = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await replayQueue(q, deps);
    error.mockRestore();
    expect(result).toEqual({ replayed: [], stopped: 'retry' });
    expect(deps.messages).toEqual([]);
    expect(keysOf(q)).toEqual(['a', 'b']);
    expect(deps.sent).toEqual(['a']);

    // Next round the server answers its stored result for the key, and this time it is recorded.
    deps.caches.broken = false;
    expect((await replayQueue(q, deps)).stopped).toBe('empty');
    expect(await deps.caches.result('a')).toMatchObject({ status: 200 });
    expect(await deps.caches.result('b')).toMatchObject({ status: 200 });
  });

  it('a body cut off on the way counts as a network error (the request stays)', async () => {
    const q = new FakeQueue('souk-writes-u7');
    await q.pushRequest(keyed('a'));
    const broken = new Response(new ReadableStream({ pull: (c) => c.error(new TypeError('connection reset')) }), { status: 200 });
    const deps = replayDeps([], { fetch: () => Promise.resolve(broken) });
    expect(await replayQueue(q, deps)).toEqual({ replayed: [], stopped: 'retry' });
    expect(await deps.caches.result('a')).toBeNull();
    expect(keysOf(q)).toEqual(['a']);
  });

  it('prunes records older than QUEUE_RESULT_MAX_AGE_MS after recording', async () => {
    const deps = replayDeps([200]);
    await recordQueueResult(deps.caches, ORIGIN, 'old', { status: 200, body: '', at: NOW - QUEUE_RESULT_MAX_AGE_MS - 1 });
    await recordQueueResult(deps.caches, ORIGIN, 'recent', { status: 200, body: '', at: NOW - 1000 });
    const q = new FakeQueue('souk-writes-u7');
    await q.pushRequest(keyed('new'));
    await replayQueue(q, deps);
    expect(await deps.caches.result('old')).toBeNull();
    expect(await deps.caches.result('recent')).not.toBeNull();
    expect(await deps.caches.result('new')).not.toBeNull();
    expect([...(deps.caches.stores.get(QUEUE_RESULTS_CACHE)?.keys() ?? [])].sort()).toEqual(
      [queueResultUrl(ORIGIN, 'new'), queueResultUrl(ORIGIN, 'recent')].sort(),
    );
  });

  it('WriteQueues records through its Cache Storage; a write answered directly (network first) is not recorded', async () => {
    const h = harness([201, 'network', 200]);
    const w = { key: 'direct', owner: 'u7', backgroundSync: true };
    expect((await h.wq.handle(req2('direct', 'u7'), w)).status).toBe(201);
    expect(await h.caches.result('direct')).toBeNull();
    expect((await h.wq.handle(req2('later', 'u7'), { ...w, key: 'later' })).status).toBe(202);
    await h.wq.replay('souk-writes-u7');
    expect(await h.caches.result('later')).toEqual({ status: 200, body: '{"key":"later"}', at: NOW });
  });

  it('a queue restored at start, replayed with no page open, leaves its records for the data worker', async () => {
    const h = harness([201], memoryRegistry({ 'souk-writes-guest': { backgroundSync: false } }));
    h.preload.set('souk-writes-guest', [keyed('cart-add', 'guest')]);
    await h.wq.restore();
    await vi.waitFor(async () => expect(await h.caches.result('cart-add')).toEqual({ status: 201, body: '{"key":"cart-add"}', at: NOW }));
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('order within an owner', () => {
  const u7 = (key: string) => ({ key, owner: 'u7', backgroundSync: true });
  const req = (key: string, owner = 'u7') => write('/api/orders', { ...HEADERS, 'Idempotency-Key': key, 'X-Souk-Queue': owner });

  it('while the queue holds a request, a later write is not sent: it is queued behind (202) and the replay keeps the order', async () => {
    // order_place failed on the network (server restart); the order_cancel that follows must not reach the server first.
    const h = harness(['network', 201, 200]);
    expect((await h.wq.handle(req('place'), u7('place'))).status).toBe(202);
    const res = await h.wq.handle(req('cancel'), u7('cancel'));
    expect(res.status).toBe(202);
    expect(res.headers.get('X-Souk-Queued')).toBe('1');
    expect(await res.json()).toEqual({ status: 'queued', key: 'cancel' });
    // handle started the replay itself.
    await vi.waitFor(() => expect(h.sent).toEqual(['place', 'place', 'cancel']));
    await vi.waitFor(() => expect(h.wq.replaying('souk-writes-u7')).toBe(false));
    expect(h.messages.map((m) => m.key)).toEqual(['place', 'cancel']);
    expect(h.queues.get('souk-writes-u7')?.entries).toHaveLength(0);
  });

  it('the replay stops at the first request that must stay; the later ones wait behind it, once per key', async () => {
    const h = harness(['network', 503, 503]);
    await h.wq.handle(req('add'), u7('add'));
    expect((await h.wq.handle(req('remove'), u7('remove'))).status).toBe(202);
    await vi.waitFor(() => expect(h.wq.replaying('souk-writes-u7')).toBe(false));
    // The outbox sends 'remove' again (a kick): still once in the queue, still not sent ahead.
    expect((await h.wq.handle(req('remove'), u7('remove'))).status).toBe(202);
    await vi.waitFor(() => expect(h.wq.replaying('souk-writes-u7')).toBe(false));
    expect(h.sent).toEqual(['add', 'add', 'add']);
    expect(keysOf(h.queues.get('souk-writes-u7'))).toEqual(['add', 'remove']);

    // The server is back: both go, in order.
    expect(await h.wq.replay('souk-writes-u7')).toEqual({
      replayed: [
        { key: 'add', status: 200 },
        { key: 'remove', status: 200 },
      ],
      stopped: 'empty',
    });
  });

  it('while a replay runs (even of an empty queue), a new write joins it at the end and the running replay sends it', async () => {
    const slow = deferred<number>();
    const h = harness(['network', slow.promise]);
    await h.wq.handle(req('a'), u7('a'));
    const running = h.wq.replay('souk-writes-u7');
    await vi.waitFor(() => expect(h.sent).toEqual(['a', 'a']));
    // 'a' is out on the network (off the queue): the queue looks empty, but 'b' must not overtake it.
    expect(await h.queues.get('souk-writes-u7')?.getAll()).toEqual([]);
    expect((await h.wq.handle(req('b'), u7('b'))).status).toBe(202);
    // The outbox sends 'a' again meanwhile: the copy on the network counts, it is not stored twice.
    expect((await h.wq.handle(req('a'), u7('a'))).status).toBe(202);
    expect(h.sent).toEqual(['a', 'a']);
    slow.resolve(201);
    const result = await running;
    expect(result).toEqual({
      replayed: [
        { key: 'a', status: 201 },
        { key: 'b', status: 200 },
      ],
      stopped: 'empty',
    });
    expect(h.sent).toEqual(['a', 'a', 'b']);
  });

  it('a write pushed after the replay found the queue empty, but before it ended, is still sent (another round)', async () => {
    const h = harness([200, 200]);
    const q = new FakeQueue('souk-writes-u7');
    const lastShift = deferred<StoredEntry | undefined>();
    let holdEmptyShift = true;
    q.shiftRequest = () => {
      const next = q.entries.shift();
      if (next === undefined && holdEmptyShift) {
        holdEmptyShift = false;
        return lastShift.promise;
      }
      return Promise.resolve(next);
    };
    h.preload.set('souk-writes-u7', []);
    const wq = new WriteQueues({
      createQueue: () => q,
      fetch: (request) => {
        h.sent.push(request.headers.get('Idempotency-Key') ?? '');
        return Promise.resolve(new Response('{}', { status: 200 }));
      },
      notify: (m) => void h.messages.push(m),
      registry: memoryRegistry(),
      caches: h.caches,
      origin: ORIGIN,
      now: () => NOW,
    });
    await wq.enqueue(req('a'), u7('a'));
    const running = wq.replay('souk-writes-u7');
    await vi.waitFor(() => expect(h.sent).toEqual(['a']));
    // The round has seen the queue empty (its shift is answered below) and has not ended yet.
    const res = await wq.handle(req('b'), u7('b'));
    expect(res.status).toBe(202);
    lastShift.resolve(undefined);
    expect((await running).replayed.map((r) => r.key)).toEqual(['a', 'b']);
    expect(q.entries).toEqual([]);
    expect(wq.replaying('souk-writes-u7')).toBe(false);
  });

  it('a queue of an earlier run is restored before deciding: a write after a restart waits behind its older ones', async () => {
    const h = harness([], memoryRegistry({ 'souk-writes-u7': { backgroundSync: true } }));
    h.preload.set('souk-writes-u7', [keyed('place')]);
    const waited: Promise<unknown>[] = [];
    const res = await h.wq.handle(req('cancel'), u7('cancel'), (p) => void waited.push(p));
    expect(res.status).toBe(202);
    // The replay it started is handed to waitUntil (the worker stays alive for it).
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
    expect(h.sent).toEqual(['place', 'cancel']);
  });

  it('other owners are not held: the guest queue holding a request does not stop a signed-in write', async () => {
    const h = harness(['network', 201]);
    await h.wq.handle(req('g1', 'guest'), { key: 'g1', owner: 'guest', backgroundSync: true });
    const res = await h.wq.handle(req('u1'), u7('u1'));
    expect(res.status).toBe(201);
    expect(h.sent).toEqual(['g1', 'u1']);
    expect(keysOf(h.queues.get('souk-writes-guest'))).toEqual(['g1']);
  });

  it('with nothing queued and no replay running, writes go network first and come back as the server answered', async () => {
    const h = harness([201, 200]);
    expect((await h.wq.handle(req('a'), u7('a'))).status).toBe(201);
    expect((await h.wq.handle(req('b'), u7('b'))).status).toBe(200);
    expect(h.sent).toEqual(['a', 'b']);
    expect(h.queues.size).toBe(0);
  });

  it('if the request cannot be stored behind the queue, it is not sent either (the caller sees an error and keeps its copy)', async () => {
    const h = harness(['network']);
    await h.wq.handle(req('a'), u7('a'));
    const q = h.queues.get('souk-writes-u7') as FakeQueue;
    q.pushRequest = () => Promise.reject(new DOMException('quota', 'QuotaExceededError'));
    await expect(h.wq.handle(req('b'), u7('b'))).rejects.toThrow(/quota/);
    expect(h.sent).toEqual(['a']);
  });
});

describe('replay on activity', () => {
  it('any other request while online replays every queue at most every 10 s, joining a running replay', async () => {
    const h = harness(['network', 'network', 200, 200]);
    await h.wq.handle(req2('a', 'u7'), { key: 'a', owner: 'u7', backgroundSync: true });
    await h.wq.handle(req2('g', 'guest'), { key: 'g', owner: 'guest', backgroundSync: true });
    expect(ACTIVITY_REPLAY_MS).toBe(10_000);
    const first = h.wq.replayOnActivity(NOW);
    expect(first).not.toBeNull();
    expect(h.wq.replayOnActivity(NOW + ACTIVITY_REPLAY_MS - 1)).toBeNull();
    await first;
    expect([...h.sent].slice(2).sort()).toEqual(['a', 'g']);
    expect(h.wq.replayOnActivity(NOW + ACTIVITY_REPLAY_MS)).not.toBeNull();
  });
});

function req2(key: string, owner: string): Request {
  return write('/api/orders', { ...HEADERS, 'Idempotency-Key': key, 'X-Souk-Queue': owner });
}

describe('messages', () => {
  it('CLEAR_PERSONAL_QUEUE may name an owner', () => {
    expect(isClearPersonalQueueMessage({ type: 'CLEAR_PERSONAL_QUEUE' })).toBe(true);
    expect(isClearPersonalQueueMessage({ type: 'CLEAR_PERSONAL_QUEUE', owner: 'u7' })).toBe(true);
    expect(isClearPersonalQueueMessage({ type: 'CLEAR_PERSONAL_QUEUE', owner: 7 })).toBe(false);
  });

  it('SOUK_QUEUE_REPLAYED has a key and a status', () => {
    expect(isQueueReplayedMessage({ type: SOUK_QUEUE_REPLAYED, key: 'k', status: 201 })).toBe(true);
    expect(isQueueReplayedMessage({ type: SOUK_QUEUE_REPLAYED, key: 'k' })).toBe(false);
  });
});
