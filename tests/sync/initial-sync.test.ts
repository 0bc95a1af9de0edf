/**
 * (b) A fresh client pulls every product, category and shop from the real
 * server; awaitInitialSync resolves, the status reaches 'live' with progress,
 * and a reload knows (persisted) that the first sync happened. Reviews follow
 * the catalogue (awaitInitialSync does not wait for them): the test waits for
 * their own initialDone before comparing them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/workers/data-api';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { REPLICATED_COLLECTIONS } from '../../src/sync/protocol';
import { type TestServer } from '../helpers/server';
import { localDocs, plain, serverDocs, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 360 }, (s) => (server = s));

describe('initial sync', () => {
  let client: TestClient;

  afterAll(async () => {
    await client?.service.close();
  });

  it('pulls all products, categories and shops; status goes starting → initial → live with progress', async () => {
    const statuses: SyncStatus[] = [];
    client = await startClient({ apiBase: server.url, batchSize: 100 });
    await client.service.watchSyncStatus((s) => statuses.push(s));
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client.service.syncStatus()).collections.reviews.initialDone, 10_000, 'reviews initialDone');

    for (const c of REPLICATED_COLLECTIONS) {
      const remote = await serverDocs(server.url, c);
      const local = await localDocs(client.service, c);
      expect(local.size, c).toBe(remote.size);
      for (const [id, doc] of remote) expect(local.get(id), `${c} ${id}`).toEqual(plain(doc));
    }

    const status = await client.service.syncStatus();
    expect(status.phase).toBe('live');
    expect(status.error).toBeNull();
    expect(status.lastSyncedAt).not.toBeNull();
    expect(status.collections.products).toEqual({ pulled: 360, remaining: 0, initialDone: true });
    expect(status.collections.categories.initialDone).toBe(true);
    expect(status.collections.shops.initialDone).toBe(true);

    const phases = statuses.map((s) => s.phase);
    expect(phases[0]).toBe('initial');
    expect(phases.at(-1)).toBe('live');
    // Progress is reported batch by batch: 100, 200, 300, 360 products pulled, remaining counting down.
    const productProgress = statuses.map((s) => [s.collections.products.pulled, s.collections.products.remaining]);
    expect(productProgress).toContainEqual([100, 260]);
    expect(productProgress).toContainEqual([300, 60]);
  });

  it('the listing and lookups answer from the local copy', async () => {
    const page = await client.service.query({ kind: 'products', query: { category: 'women', perPage: 5 } });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const shops = await client.service.query({ kind: 'shops', featured: true });
    expect(shops.length).toBeGreaterThan(0);
  });

  it('after a reload, initialDone and lastSyncedAt are remembered and awaitInitialSync resolves offline', async () => {
    const before = await client.service.syncStatus();
    await client.service.close();
    let requests = 0;
    const reopened = await startClient({
      apiBase: server.url,
      dbName: client.dbName,
      online: manualOnlineSignal(false),
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
    });
    client = reopened;
    await reopened.service.awaitInitialSync();
    const status = await reopened.service.syncStatus();
    expect(status.collections.products.initialDone).toBe(true);
    expect(status.lastSyncedAt).toBe(before.lastSyncedAt);
    expect((await localDocs(reopened.service, 'products')).size).toBe(360);
    expect(status.phase).toBe('offline');
    expect(requests).toBe(0);
  });
});
