/**
 * Two tabs, two workers, one IndexedDB: with multiInstance only the elected
 * leader pulls and listens to the stream; the other tab sees the same data and
 * live changes (RxDB shares change events), learns from the persisted meta that
 * the first sync is done, and takes over when the leader goes away.
 *
 * Each tab runs in its own worker thread, as each browser tab has its own data worker: RxDB's open core
 * allows 13 collections per JavaScript realm (COL23) and one Souk database opens 9, so two tabs cannot share
 * a realm. The test's main thread serves both the one fake-indexeddb through RxDB's remote storage
 * (support/tab-thread.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { updateProduct, type TestServer } from '../helpers/server';
import { serverDocs, useTestServer, waitFor } from './support/client';
import { startTabThread, type TabThread } from './support/tab-thread';
import { uniqueDbName } from '../db/support/test-db';

let server: TestServer;
useTestServer({ products: 60 }, (s) => (server = s));

describe('two tabs on one database', () => {
  let a: TabThread;
  let b: TabThread;

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('one replicates, both see the data and live changes; the other takes over when the leader closes', async () => {
    const dbName = uniqueDbName('tabs');
    a = startTabThread({ apiBase: server.url, dbName, batchSize: 100 });
    b = startTabThread({ apiBase: server.url, dbName, batchSize: 100 });
    await Promise.all([a.call({ method: 'init' }), b.call({ method: 'init' })]);
    await Promise.all([a.call({ method: 'awaitInitialSync' }), b.call({ method: 'awaitInitialSync' })]);
    const streams = async (t: TabThread) => t.call<number>({ method: 'openStreams' });

    // Exactly one of them pulled and opened the stream.
    await waitFor(async () => (await streams(a)) + (await streams(b)) === 1, 10_000, 'one stream');
    const [leader, follower] = (await streams(a)) === 1 ? [a, b] : [b, a];
    expect(await leader.call<number>({ method: 'pullCount', collection: 'products' })).toBeGreaterThan(0);
    expect(await follower.call<number>({ method: 'requestCount' })).toBe(0);

    const all = await serverDocs(server.url, 'products');
    expect((await follower.query({ kind: 'products', query: { perPage: 100 } })).total).toBe(all.size);
    await waitFor(async () => (await follower.call<string>({ method: 'phase' })) === 'live', 5000, 'follower live');

    // A live change reaches the follower's watch through the leader.
    const target = [...all.values()][7]!;
    const seen: (ProductDoc | null)[] = [];
    const stop = await follower.watch({ kind: 'product', id: target.id }, (p) => seen.push(p));
    await updateProduct(server, target.id, { price: 321, discountPrice: null });
    await waitFor(() => seen.at(-1)?.price === 321, 5000, 'change in the follower tab');
    await stop();
    expect(await follower.call<number>({ method: 'requestCount' })).toBe(0);

    // The leader tab closes: the follower is elected, pulls and listens.
    await leader.close();
    await waitFor(async () => (await streams(follower)) === 1, 15_000, 'follower takes over the stream');
    await updateProduct(server, target.id, { price: 654, discountPrice: null });
    await waitFor(async () => (await follower.query({ kind: 'product', id: target.id }))?.price === 654, 5000, 'change after take-over');
    expect(await follower.call<number>({ method: 'pullCount', collection: 'products' })).toBeGreaterThan(0);
  });
});
