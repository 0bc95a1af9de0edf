/** GET /api/sync/stream: hello, changed pokes after commits, heartbeats, clean disconnects, no compression. */
import { connect as connectSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEventSchema, type StreamEvent } from '../../src/sync/protocol';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { pullAll } from './support/pull-all';
import { readSse, type SseFrame, type SseReader } from './support/sse';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 60, heartbeatMs: 150 });
});
afterAll(async () => {
  await server?.close();
});

async function connect(headers: Record<string, string> = {}): Promise<{ reader: SseReader; res: Response }> {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/sync/stream?v=1`, { headers, signal: abort.signal });
  if (!res.body) throw new Error('no body');
  return { reader: readSse(res.body, abort), res };
}

const isEvent = (type: StreamEvent['type']) => (f: SseFrame) =>
  f.kind === 'data' && (f.data as { type?: string }).type === type;

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the change stream', () => {
  it('says hello, then pokes on each committed write; the poke leads to the write through a pull', async () => {
    const { reader, res } = await connect({ 'accept-encoding': 'gzip, deflate, br' });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('cache-control')).toContain('no-cache');
      const hello = await reader.next(isEvent('hello'));
      const helloEvent = streamEventSchema.parse(hello.kind === 'data' ? hello.data : null);
      expect(helloEvent.type).toBe('hello');

      const before = await pullAll(server.url, 'products', 100);
      const target = before.documents[5];
      if (!target) throw new Error('no products');
      const updated = await updateProduct(server, target.id, { price: 777, discountPrice: null });

      const changed = await reader.next(isEvent('changed'));
      const event = streamEventSchema.parse(changed.kind === 'data' ? changed.data : null);
      expect(event).toEqual({
        v: 1,
        type: 'changed',
        collection: 'products',
        checkpoint: { updatedAt: updated?.updatedAt, id: target.id },
      });
      const next = await pullAll(server.url, 'products', 100, before.checkpoint);
      expect(next.documents.map((d) => [d.id, d.price])).toEqual([[target.id, 777]]);
    } finally {
      reader.close();
    }
  });

  it('pokes categories and shops when a soft delete changes their counts', async () => {
    const { reader } = await connect();
    try {
      await reader.next(isEvent('hello'));
      const docs = (await pullAll(server.url, 'products')).documents.filter((d) => !d._deleted);
      const victim = docs[0];
      if (!victim) throw new Error('no products');
      await updateProduct(server, victim.id, { deleted: true });
      const seen = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const f = await reader.next(isEvent('changed'));
        if (f.kind === 'data') seen.add((f.data as { collection: string }).collection);
      }
      expect(seen).toEqual(new Set(['products', 'categories', 'shops']));
    } finally {
      reader.close();
    }
  });

  it('sends heartbeat comments', async () => {
    const { reader } = await connect();
    try {
      const beat = await reader.next((f) => f.kind === 'comment', 2_000);
      expect(beat.kind).toBe('comment');
    } finally {
      reader.close();
    }
  });

  it('forgets a client that disconnects', async () => {
    await waitFor(() => server.db.changes.listenerCount() === 0);
    const { reader } = await connect();
    await reader.next(isEvent('hello'));
    expect(server.db.changes.listenerCount()).toBe(1);
    reader.close();
    await waitFor(() => server.db.changes.listenerCount() === 0);
  });

  it('refuses another protocol version', async () => {
    const res = await fetch(`${server.url}/api/sync/stream?v=2`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("'v'");
  });

  it('does not keep the server from closing, nor does a connection that never sent a request', async () => {
    const other = await startTestServer({ products: 5 });
    const { port } = new URL(other.url);
    const idle = connectSocket(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()));
    const abort = new AbortController();
    const res = await fetch(`${other.url}/api/sync/stream?v=1`, { signal: abort.signal });
    if (!res.body) throw new Error('no body');
    const reader = readSse(res.body, abort);
    await reader.next(isEvent('hello'));
    expect(other.db.changes.listenerCount()).toBe(1);
    // The app closes (it would hang here if the open stream or the idle socket held it), ending the stream
    // and unsubscribing it, while the database and its change notifier are still open.
    await other.app.close();
    expect(other.db.changes.listenerCount()).toBe(0);
    await expect(reader.next(() => false)).rejects.toThrow('stream ended');
    await other.close();
    reader.close();
    idle.destroy();
  });

  it('does not buffer without limit for a client that stops reading: it gets the newest poke per collection later', async () => {
    const other = await startTestServer({ products: 5 });
    const { port } = new URL(other.url);
    const socket = connectSocket(Number(port), '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // HTTP/1.0: the body comes as it is written, without chunked framing to parse around.
      socket.write(`GET /api/sync/stream?v=1 HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
      await waitFor(() => other.db.changes.listenerCount() === 1);
      // The client reads nothing (the socket stays paused) while far more pokes than any socket buffer
      // holds are published, letting the server write between batches.
      const collections = ['products', 'categories', 'shops'] as const;
      const total = 300_000;
      for (let n = 1; n <= total; n++) {
        const collection = collections[n % 3] ?? 'products';
        other.db.changes.publish({ collection, checkpoint: { updatedAt: n, id: String(n) } });
        if (n % 10_000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const newest = new Map<string, number>();
      for (let n = total - 2; n <= total; n++) newest.set(collections[n % 3] ?? 'products', n);

      // The client reads again: it gets the newest poke of every collection, and far fewer than were published.
      let text = '';
      let changed = 0;
      const seen = new Map<string, number>();
      socket.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const raw = text.slice(0, end);
            text = text.slice(end + 2);
            const line = raw.split('\n').find((l) => l.startsWith('data: '));
            if (!line) continue;
            const event = JSON.parse(line.slice(6)) as { type: string; collection: string; checkpoint: { updatedAt: number } };
            if (event.type !== 'changed') continue;
            changed++;
            if (event.checkpoint.updatedAt <= (seen.get(event.collection) ?? 0)) {
              reject(new Error(`${event.collection}: an older poke after a newer one`));
            }
            seen.set(event.collection, event.checkpoint.updatedAt);
          }
          if ([...newest].every(([c, n]) => seen.get(c) === n)) resolve();
        });
      });
      expect(changed).toBeLessThan(total / 2);
    } finally {
      socket.destroy();
      await other.close();
    }
  });
});
