/**
 * The service worker's write queue (docs/COMMERCE.md, "The service worker's queue") without a browser: which
 * requests are queued, queue names per owner, the 202 answer, dedupe by Idempotency-Key, the replay policy
 * (2xx and final 4xx leave, 5xx/408/409/429/network stay and stop the round), one queue per owner at logout,
 * and the queues of an earlier run coming back at start. Workbox's Queue is replaced by an in-memory fake.
 */
import { describe, expect, it, vi } from 'vitest';
import { isClearPersonalQueueMessage, isQueueReplayedMessage, SOUK_QUEUE_REPLAYED, type QueueReplayedMessage } from '../../src/workers/sw-messages';
import {
  MAX_RETENTION_MINUTES,
  queuedResponse,
  queuedWriteOf,
  queueNameFor,
  queueNameOfSyncTag,
  queueOptionsFor,
  replayOutcome,
  replayQueue,
  WriteQueues,
  type QueueRegistry,
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

function harness(answers: (number | 'network')[], registry = memoryRegistry()) {
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
    fetch: (request) => {
      sent.push(request.headers.get('Idempotency-Key') ?? '');
      const next = answers.shift() ?? 200;
      return next === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('{}', { status: next }));
    },
    notify: (m) => void messages.push(m),
    registry,
  });
  return { wq, queues, created, sent, messages, registry, preload };
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
  });

  it('replays oldest first, announces each, and stops at the first that must wait (kept at the front)', async () => {
    const q = new FakeQueue('souk-writes-u7');
    for (const key of ['a', 'b', 'c', 'd']) await q.pushRequest({ request: write('/api/orders', { ...HEADERS, 'Idempotency-Key': key }), metadata: { key } });
    const first = q.entries[2]?.timestamp;
    const answers = [201, 422, 503];
    const messages: QueueReplayedMessage[] = [];
    const result = await replayQueue(q, () => Promise.resolve(new Response(null, { status: answers.shift() ?? 200 })), (m) => void messages.push(m));
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
    const result = await replayQueue(q, () => Promise.reject(new TypeError('offline')), () => undefined);
    expect(result).toEqual({ replayed: [], stopped: 'retry' });
    expect(q.entries).toHaveLength(1);
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

  it('once the network works again, the owner queue is replayed and announced', async () => {
    const h = harness(['network', 201, 200]);
    const w = { key: 'k1', owner: 'u7', backgroundSync: true };
    await h.wq.handle(write('/api/orders', HEADERS), w);
    const res = await h.wq.handle(write('/api/cart/items', { ...HEADERS, 'Idempotency-Key': 'k2' }), { ...w, key: 'k2' });
    expect(res.status).toBe(201);
    await h.wq.replay('souk-writes-u7');
    expect(h.queues.get('souk-writes-u7')?.entries).toHaveLength(0);
    expect(h.messages).toEqual([{ type: SOUK_QUEUE_REPLAYED, key: 'k1', status: 200 }]);
    expect(h.sent).toEqual(['k1', 'k2', 'k1']);
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
