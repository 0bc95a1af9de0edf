/**
 * Two tabs, two workers, one IndexedDB: with multiInstance only the elected
 * leader pulls and listens to the stream; the other tab sees the same data and
 * live changes (RxDB shares change events), learns from the persisted meta that
 * the first sync is done, and takes over when the leader goes away.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { updateProduct, type TestServer } from '../helpers/server';
import { faultyFetch } from './support/faulty-fetch';
import { serverDocs, startClient, type TestClient, useTestServer, waitFor } from './support/client';
import { uniqueDbName } from '../db/support/test-db';

let server: TestServer;
useTestServer({ products: 60 }, (s) => (server = s));

describe('two tabs on one database', () => {
  let a: TestClient;
  let b: TestClient;
  const netA = faultyFetch();
  const netB = faultyFetch();

  afterAll(async () => {
    await a?.service.close();
    await b?.service.close();
  });

  it('one replicates, both see the data and live changes; the other takes over when the leader closes', async () => {
    const dbName = uniqueDbName('tabs');
    a = await startClient({ apiBase: server.url, fetch: netA.fetch, dbName, tab: true, batchSize: 100 });
    b = await startClient({ apiBase: server.url, fetch: netB.fetch, dbName, tab: true, batchSize: 100 });
    await Promise.all([a.service.awaitInitialSync(), b.service.awaitInitialSync()]);

    // Exactly one of them pulled and opened the stream.
    await waitFor(() => netA.openStreams() + netB.openStreams() === 1, 10_000, 'one stream');
    const [leader, follower, leaderNet, followerNet] = netA.openStreams() === 1 ? [a, b, netA, netB] : [b, a, netB, netA];
    expect(leaderNet.pulls('products').length).toBeGreaterThan(0);
    expect(followerNet.requests).toHaveLength(0);

    const all = await serverDocs(server.url, 'products');
    expect((await follower.service.query({ kind: 'products', query: { perPage: 100 } })).total).toBe(all.size);
    await waitFor(async () => (await follower.service.syncStatus()).phase === 'live', 5000, 'follower live');

    // A live change reaches the follower's watch through the leader.
    const target = [...all.values()][7]!;
    const seen: (ProductDoc | null)[] = [];
    const stop = await follower.service.watch({ kind: 'product', id: target.id }, (p) => seen.push(p));
    await updateProduct(server, target.id, { price: 321, discountPrice: null });
    await waitFor(() => seen.at(-1)?.price === 321, 5000, 'change in the follower tab');
    stop();
    expect(followerNet.requests).toHaveLength(0);

    // The leader tab closes: the follower is elected, pulls and listens.
    await leader.service.close();
    await waitFor(() => followerNet.openStreams() === 1, 15_000, 'follower takes over the stream');
    await updateProduct(server, target.id, { price: 654, discountPrice: null });
    await waitFor(async () => (await follower.service.query({ kind: 'product', id: target.id }))?.price === 654, 5000, 'change after take-over');
    expect(followerNet.pulls('products').length).toBeGreaterThan(0);
  });
});
