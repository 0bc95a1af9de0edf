/**
 * The first sync's pulls wait for the writes (src/sync/pull-backlog.ts): RxDB's downstream would otherwise ask for
 * batch after batch while its writes queue up in memory. Each products pull is requested only when at most one
 * pulled batch is still unwritten, and the local copy ends equal to the server's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type TestServer } from '../helpers/server';
import { localDocs, plain, serverDocs, startClient, type TestClient, useTestServer } from './support/client';

let server: TestServer;
useTestServer({ products: 500 }, (s) => (server = s));

describe('first sync with a bounded backlog', () => {
  let client: TestClient | undefined;
  afterAll(async () => {
    await client?.service.close();
  });

  it('requests a products batch only when at most one pulled batch is unwritten', async () => {
    const BATCH = 50;
    /** Products written locally when each products pull was requested (null before the count was wired). */
    const storedAtRequest: Array<number | null> = [];
    let stored: number | null = null;
    client = await startClient({
      apiBase: server.url,
      batchSize: BATCH,
      init: false,
      fetch: (input, init) => {
        if (new URL(String(input)).pathname.endsWith('/api/sync/products/pull')) storedAtRequest.push(stored);
        return fetch(input, init);
      },
    });
    const started = client.service.init({ apiBase: server.url, dbName: client.dbName });
    const db = await client.service.database();
    // Counted synchronously as RxDB writes (the service runs in this thread), so a request's count is exact.
    const counting = db.products.eventBulks$.subscribe((bulk) => {
      stored = (stored ?? 0) + bulk.events.length;
    });
    stored ??= 0;
    await started;
    await client.service.awaitInitialSync();
    counting.unsubscribe();

    const remote = await serverDocs(server.url, 'products');
    const local = await localDocs(client.service, 'products');
    expect(local.size).toBe(remote.size);
    for (const [id, doc] of remote) expect(local.get(id), id).toEqual(plain(doc));

    // Pull i (from 0) comes after i full batches were pulled: at most one of them may still be unwritten.
    expect(storedAtRequest.length).toBeGreaterThanOrEqual(11);
    const counted = storedAtRequest.map((n, i) => ({ i, n })).filter((r) => r.n !== null && r.i > 0);
    expect(counted.length).toBeGreaterThanOrEqual(8);
    const ahead = counted.filter(({ i, n }) => i * BATCH - (n ?? 0) > BATCH);
    expect(ahead, `products stored at each pull's request: ${storedAtRequest.join(', ')}`).toEqual([]);
  });
});
