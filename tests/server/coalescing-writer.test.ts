/** The change stream's writer: a reader that stops reading costs a bounded buffer, and gets the newest pokes after. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCoalescingWriter } from '../../src/server/http/coalescing-writer';

const COLLECTIONS = ['products', 'categories', 'shops'] as const;
const poke = (collection: string, n: number) => `data: {"collection":"${collection}","n":${n}}\n\n`;

function framesOf(text: string): { collection: string; n: number }[] {
  return text
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => JSON.parse(f.slice(6)) as { collection: string; n: number });
}

describe('createCoalescingWriter', () => {
  it('writes straight through while the reader keeps up', () => {
    const stream = new PassThrough();
    const writer = createCoalescingWriter(stream);
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    for (let n = 1; n <= 300; n++) writer.write(poke(COLLECTIONS[n % 3] ?? 'products', n), COLLECTIONS[n % 3]);
    expect(framesOf(text).map((f) => f.n)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(writer.waiting()).toBe(0);
  });

  it('keeps one waiting poke per key while the reader does not read, and sends the newest on drain', async () => {
    const stream = new PassThrough();
    const writer = createCoalescingWriter(stream);
    writer.write('retry: 3000\n\n');
    const total = 30_000;
    for (let n = 1; n <= total; n++) {
      const collection = COLLECTIONS[n % 3] ?? 'products';
      writer.write(poke(collection, n), collection);
    }
    // Bounded: what the stream took before it pushed back, plus one poke per collection.
    expect(stream.writableLength + stream.readableLength).toBeLessThan(stream.writableHighWaterMark + stream.readableHighWaterMark + 200);
    expect(writer.waiting()).toBe(3);

    // The reader comes back.
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (writer.waiting() > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const frames = framesOf(text);
    expect(text.startsWith('retry: 3000\n\n')).toBe(true);
    expect(frames.length).toBeLessThan(total / 10);
    const newest = new Map(frames.map((f) => [f.collection, f.n]));
    const last = (c: number) => total - ((total - c + 3) % 3); // the last n with n % 3 === c
    expect(Object.fromEntries(newest)).toEqual({ products: last(0), categories: last(1), shops: last(2) });
    // Pokes arrive in order per collection: nothing older after something newer.
    for (const c of COLLECTIONS) {
      const ns = frames.filter((f) => f.collection === c).map((f) => f.n);
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
    }
  });

  it('never holds back a chunk without a key, and forgets waiting chunks when closed', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    const writer = createCoalescingWriter(stream);
    writer.write('x'.repeat(64));
    writer.write('[keyed]', 'k');
    expect(writer.waiting()).toBe(1);
    writer.write('[unkeyed]');
    writer.close();
    expect(writer.waiting()).toBe(0);
    expect(stream.listenerCount('drain')).toBe(0);
    stream.end();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(`${'x'.repeat(64)}[unkeyed]`);
  });
});
