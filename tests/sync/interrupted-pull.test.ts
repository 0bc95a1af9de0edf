/**
 * (c) Pulls cut off half-way lose nothing and duplicate nothing.
 *
 * 1. In one session: bodies cut mid-stream and refused connections during the
 *    initial pull, with server writes in between. The retry asks again from
 *    the same checkpoint; at the end the local set equals the server's.
 * 2. Across sessions: the client is shut down while a pull hangs, then opened
 *    again. RxDB stored a checkpoint only for batches it had written, so the
 *    first pull of the new session starts at a checkpoint whose documents are
 *    all already in the local database (checked at that very moment), and the
 *    end state again equals the server's.
 */
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, type ReplicatedCollection } from '../../src/sync/protocol';
import { deleteProduct, updateProduct, type TestServer } from '../helpers/server';
import { faultyFetch } from './support/faulty-fetch';
import { closeClientAfterEach, localDocs, plain, serverDocs, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 360 }, (s) => (server = s));

let client: TestClient | null = null;
closeClientAfterEach(() => client, () => (client = null));

async function expectLocalEqualsServer(c: TestClient, collections: ReplicatedCollection[] = ['products', 'categories', 'shops']) {
  for (const collection of collections) {
    const remote = await serverDocs(server.url, collection);
    const local = await localDocs(c.service, collection);
    expect([...local.keys()].sort(), collection).toEqual([...remote.keys()].sort());
    for (const [id, doc] of remote) expect(local.get(id), `${collection} ${id}`).toEqual(plain(doc));
  }
}

describe('interrupted pulls', () => {
  it('bodies cut mid-stream and refused connections: retried from the same checkpoint, nothing lost', async () => {
    const net = faultyFetch((req) => {
      if (req.collection !== 'products') return 'pass';
      if (req.pullIndex === 3 || req.pullIndex === 7) return 'cut-body';
      if (req.pullIndex === 4 || req.pullIndex === 5) return 'fail';
      return 'pass';
    });
    client = await startClient({ apiBase: server.url, fetch: net.fetch, batchSize: 40 });

    // Writes on the server while the initial pull is under way.
    await waitFor(() => net.pulls('products').length >= 3, 10_000, 'third products pull');
    const early = [...(await serverDocs(server.url, 'products')).values()];
    await updateProduct(server, early[0]!.id, { price: 123.45, discountPrice: null });
    await updateProduct(server, early[200]!.id, { stock: early[200]!.variants.slice(0, 1).map((v) => ({ variantId: v.id, quantity: 0 })) });
    await deleteProduct(server, early[300]!.id);

    await client.service.awaitInitialSync();
    await waitFor(async () => {
      const p = await client!.service.query({ kind: 'product', id: early[0]!.id });
      return p?.price === 123.45 && (await client!.service.query({ kind: 'product', id: early[300]!.id })) === null;
    }, 10_000, 'writes made during the pull');
    await expectLocalEqualsServer(client);

    // Each failed request was asked again with exactly the same checkpoint.
    const pulls = net.pulls('products');
    for (const failedIndex of [3, 4, 5, 7]) {
      const failed = pulls[failedIndex - 1]!;
      const retry = pulls[failedIndex]!;
      expect(retry.checkpoint, `retry of pull ${failedIndex}`).toEqual(failed.checkpoint);
    }
    // And the checkpoints only ever moved forward.
    const cps = pulls.map((p) => p.checkpoint).filter((c) => c !== null);
    for (let i = 1; i < cps.length; i++) expect(compareCheckpoints(cps[i - 1]!, cps[i]!)).toBeLessThanOrEqual(0);

    const status = await client.service.syncStatus();
    expect(status.phase).toBe('live');
  });

  it('shut down while a pull hangs, then reopened: resumes at a written checkpoint, nothing lost or doubled', async () => {
    // Session 1: the 5th products pull never answers; the client is shut down meanwhile.
    const net1 = faultyFetch((req) => (req.collection === 'products' && req.pullIndex >= 5 ? 'hang' : 'pass'));
    const first = await startClient({ apiBase: server.url, fetch: net1.fetch, batchSize: 50 });
    const dbName = first.dbName;
    await waitFor(() => net1.pulls('products').length >= 5, 10_000, 'fifth products pull');
    // RxDB pulls ahead of its writes; let some batches land (later ones may still be in flight).
    await waitFor(async () => (await localDocs(first.service, 'products')).size >= 100, 10_000, 'first batches written');
    const beforeShutdown = await first.service.syncStatus();
    expect(beforeShutdown.collections.products.initialDone).toBe(false);
    await first.service.close();

    // Server writes while the client is closed.
    const all = [...(await serverDocs(server.url, 'products')).values()];
    await updateProduct(server, all[10]!.id, { price: 77.7, discountPrice: null });
    await deleteProduct(server, all[20]!.id);

    // Session 2: at its first products pull, look at what the local database holds.
    let resumedFrom: { updatedAt: number; id: string } | null | undefined;
    let localAtResume: Set<string> | null = null;
    const net2 = faultyFetch();
    const inspecting = async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      if (url.pathname === '/api/sync/products/pull' && resumedFrom === undefined) {
        const updatedAt = url.searchParams.get('updatedAt');
        const id = url.searchParams.get('id');
        resumedFrom = updatedAt !== null && id !== null ? { updatedAt: Number(updatedAt), id } : null;
        localAtResume = new Set((await localDocs(client!.service, 'products')).keys());
      }
      return net2.fetch(input, init);
    };
    client = await startClient({ apiBase: server.url, fetch: inspecting, batchSize: 50, dbName, init: false });
    await client.service.init({ apiBase: server.url, dbName });
    await client.service.awaitInitialSync();

    // It resumed (not from scratch) …
    expect(resumedFrom).toBeTruthy();
    expect(localAtResume!.size).toBeGreaterThan(0);
    // … at a checkpoint whose documents were all written: everything at or before it is local.
    const everything = [...(await serverDocs(server.url, 'products', { includeDeleted: true })).values()];
    const atOrBefore = everything.filter(
      (d) => compareCheckpoints({ updatedAt: d.updatedAt, id: d.id }, resumedFrom!) <= 0,
    );
    expect(atOrBefore.length).toBeGreaterThan(0);
    for (const d of atOrBefore) expect(localAtResume!.has(d.id), `written before checkpoint: ${d.id}`).toBe(true);

    await waitFor(async () => (await client!.service.query({ kind: 'product', id: all[10]!.id }))?.price === 77.7);
    await expectLocalEqualsServer(client);
    expect((await client.service.syncStatus()).collections.products.initialDone).toBe(true);
  });
});
