/**
 * The listing cache's own rules (src/server/http/response-cache.ts): bounded in entries and bytes, least
 * recently used out first; a reply read while a change arrived is not kept; only listed collections empty it;
 * it listens from its first fill, not before, and stops when closed.
 */
import { describe, expect, it } from 'vitest';
import { createLocalChangeNotifier } from '../../src/server/changes/change-notifier';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheEncoding, encodedBody, etagMatches, ResponseCache } from '../../src/server/http/response-cache';

const checkpoint = { updatedAt: 1, id: '1' };
const body = (n: number) => ({ pad: 'x'.repeat(n) });

describe('ResponseCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new ResponseCache(createLocalChangeNotifier(), { maxEntries: 2, maxBytes: 1 << 20 });
    cache.set(['a'], cache.begin(), 1);
    cache.set(['b'], cache.begin(), 2);
    expect(cache.get('a')?.body.toString()).toBe('1');
    cache.set(['c'], cache.begin(), 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('1');
    expect(cache.get('c')?.body.toString()).toBe('3');
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxBytes, and never a reply larger than that', () => {
    const cache = new ResponseCache(createLocalChangeNotifier(), { maxEntries: 100, maxBytes: 250 });
    for (const key of ['a', 'b', 'c']) cache.set([key], cache.begin(), body(100));
    expect(cache.byteSize).toBeLessThanOrEqual(250);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    const big = cache.set(['big'], cache.begin(), body(300));
    expect(big.body.length).toBeGreaterThan(250);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('does not keep a reply read while a change arrived, and empties on products, shops and categories only', () => {
    const changes = createLocalChangeNotifier();
    const cache = new ResponseCache(changes);
    const token = cache.begin();
    changes.publish({ collection: 'products', checkpoint });
    const reply = cache.set(['stale'], token, 1);
    expect(reply.body.toString()).toBe('1');
    expect(cache.get('stale')).toBeUndefined();

    cache.set(['k'], cache.begin(), 1);
    changes.publish({ collection: 'wishlist', checkpoint, userId: 1 });
    changes.publish({ collection: 'reviews', checkpoint });
    expect(cache.get('k')).toBeDefined();
    for (const collection of ['products', 'shops', 'categories'] as const) {
      cache.set(['k'], cache.begin(), 1);
      changes.publish({ collection, checkpoint });
      expect(cache.get('k')).toBeUndefined();
    }
  });

  it('listens from its first fill and stops listening when closed', () => {
    const changes = createLocalChangeNotifier();
    const cache = new ResponseCache(changes);
    expect(changes.listenerCount()).toBe(0);
    cache.set(['k'], cache.begin(), 1);
    cache.set(['j'], cache.begin(), 1);
    expect(changes.listenerCount()).toBe(1);
    cache.close();
    expect(changes.listenerCount()).toBe(0);
    cache.set(['k'], cache.begin(), 1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('matches If-None-Match weakly, in lists and as *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('picks br, else gzip, by Accept-Encoding and its q-values, leaves small bodies alone, and compresses once', () => {
    const cache = new ResponseCache(createLocalChangeNotifier());
    const reply = cache.set(['k'], cache.begin(), body(2000));
    expect(cacheEncoding('gzip, deflate, br', reply)).toBe('br');
    expect(cacheEncoding('BR;q=0, gzip;q=0.5', reply)).toBe('gzip');
    expect(cacheEncoding('deflate, identity', reply)).toBeNull();
    expect(cacheEncoding(undefined, reply)).toBeNull();
    expect(cacheEncoding('br', cache.set(['small'], cache.begin(), body(10)))).toBeNull();
    // Values already read are remembered: the same answers again, past the memo's bound too.
    for (let i = 0; i < 100; i++) expect(cacheEncoding(`x-${i}, gzip;q=0.${(i % 9) + 1}`, reply)).toBe('gzip');
    expect(cacheEncoding('BR;q=0, gzip;q=0.5', reply)).toBe('gzip');
    expect(cacheEncoding('gzip, deflate, br', reply)).toBe('br');
    expect(cacheEncoding('deflate, identity', reply)).toBeNull();
    const br = encodedBody(reply, 'br');
    expect(brotliDecompressSync(br).equals(reply.body)).toBe(true);
    expect(encodedBody(reply, 'br')).toBe(br);
    expect(gunzipSync(encodedBody(reply, 'gzip')).equals(reply.body)).toBe(true);
  });
});
