/**
 * (e) Offline: while the online signal says offline the replication makes no
 * request at all and reports 'offline'; on `online` it resumes by itself.
 * A server that cannot be reached is retried with growing, capped delays.
 */
import { backoffDelay } from '../../src/sync/backoff';
import { describe, expect, it } from 'vitest';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { updateProduct, type TestServer } from '../helpers/server';
import { faultyFetch } from './support/faulty-fetch';
import { closeClientAfterEach, FAST_BACKOFF, localDocs, serverDocs, sleep, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 80 }, (s) => (server = s));

let client: TestClient | null = null;
closeClientAfterEach(() => client, () => (client = null));

describe('offline', () => {
  it('starting offline: no request until online, then the initial sync runs', async () => {
    const net = faultyFetch();
    const online = manualOnlineSignal(false);
    client = await startClient({ apiBase: server.url, fetch: net.fetch, online });
    await sleep(400);
    expect(net.requests).toHaveLength(0);
    expect((await client.service.syncStatus()).phase).toBe('offline');

    online.set(true);
    await client.service.awaitInitialSync();
    expect((await localDocs(client.service, 'products')).size).toBe((await serverDocs(server.url, 'products')).size);
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 5000, 'live');
  });

  it('going offline drops the stream and stops requests; back online, missed changes arrive', async () => {
    const net = faultyFetch();
    const online = manualOnlineSignal(true);
    client = await startClient({ apiBase: server.url, fetch: net.fetch, online });
    await client.service.awaitInitialSync();
    await waitFor(() => net.openStreams() === 1, 5000, 'stream open');

    online.set(false);
    await waitFor(() => net.openStreams() === 0, 5000, 'stream closed on offline');
    expect((await client.service.syncStatus()).phase).toBe('offline');
    const requestsWhenOffline = net.requests.length;

    const target = [...(await serverDocs(server.url, 'products')).values()][3]!;
    await updateProduct(server, target.id, { price: 4321, discountPrice: null });
    await sleep(500);
    expect(net.requests.length).toBe(requestsWhenOffline);
    expect((await client.service.query({ kind: 'product', id: target.id }))?.price).not.toBe(4321);

    online.set(true);
    await waitFor(async () => (await client!.service.query({ kind: 'product', id: target.id }))?.price === 4321, 5000, 'missed change');
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 5000, 'live again');
  });

  it('an unreachable server is retried with exponential, capped backoff, reported as error', async () => {
    const net = faultyFetch(() => 'fail');
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    await sleep(1500);
    const status = await client.service.syncStatus();
    expect(status.phase).toBe('error');
    expect(status.error).toBe('network');

    const times = net.pulls('products').map((r) => r.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 20, 40, 80, 160, 200, 200 … ms (FAST_BACKOFF, no jitter): growing, then flat at the cap. A busy machine
    // can only stretch a wait, never shorten it, so each gap is checked against its scheduled delay from below
    // (no wall-clock upper bound: the cap's exact sequence is tests/sync/retry-loop.test.ts, with fake timers).
    const scheduled = gaps.map((_, i) => backoffDelay(i, FAST_BACKOFF));
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect(gaps.length).toBeLessThan(1500 / FAST_BACKOFF.initialMs);
    gaps.forEach((g, i) => expect(g, `gap ${i}`).toBeGreaterThanOrEqual(scheduled[i]! - 5));
  });

  it('resync() cuts a backoff wait short', async () => {
    const net = faultyFetch((req) => (req.kind === 'pull' && req.pullIndex === 1 ? 'fail' : 'pass'));
    client = await startClient({ apiBase: server.url, fetch: net.fetch, backoff: { initialMs: 5000, factor: 2, maxMs: 5000, jitter: 0 } });
    await waitFor(() => net.pulls('products').length === 1, 2000, 'first (failing) pull');
    await sleep(100);
    expect(net.pulls('products')).toHaveLength(1);
    await client.service.resync();
    await waitFor(() => net.pulls('products').length > 1, 500, 'retry right after resync');
    await client.service.awaitInitialSync();
  });
});
