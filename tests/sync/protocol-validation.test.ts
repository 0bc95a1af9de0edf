/**
 * (g) Runtime validation: a server that answers another protocol version or
 * another shape is reported as a sync error and nothing it sent is written;
 * once it answers properly again, the sync completes.
 */
import { describe, expect, it } from 'vitest';
import { type TestServer } from '../helpers/server';
import { faultyFetch, type Fault } from './support/faulty-fetch';
import { closeClientAfterEach, localDocs, serverDocs, sleep, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 50 }, (s) => (server = s));

let client: TestClient | null = null;
closeClientAfterEach(() => client, () => (client = null));

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const CASES: { name: string; fault: Fault }[] = [
  { name: 'protocol version 2', fault: { rewriteJson: (j) => (isRecord(j) ? { ...j, v: 2 } : j) } },
  {
    name: 'a document without its name',
    fault: {
      rewriteJson: (j) =>
        isRecord(j) && Array.isArray(j.documents)
          ? { ...j, documents: j.documents.map((d, i) => (i === 1 && isRecord(d) ? { ...d, name: undefined } : d)) }
          : j,
    },
  },
  {
    name: 'a price as a string',
    fault: {
      rewriteJson: (j) =>
        isRecord(j) && Array.isArray(j.documents)
          ? { ...j, documents: j.documents.map((d) => (isRecord(d) ? { ...d, price: String(d.price) } : d)) }
          : j,
    },
  },
  {
    name: 'a checkpoint that skips ahead',
    fault: {
      rewriteJson: (j) => (isRecord(j) && isRecord(j.checkpoint) ? { ...j, checkpoint: { ...j.checkpoint, updatedAt: Number(j.checkpoint.updatedAt) + 1e9 } } : j),
    },
  },
  { name: 'HTML instead of JSON', fault: { rewriteText: () => '<!doctype html><title>Login</title>' } },
];

describe('runtime validation of the wire', () => {
  for (const c of CASES) {
    it(`${c.name}: reported as an error, nothing written, recovers when the server is fixed`, async () => {
      let broken = true;
      const net = faultyFetch((req) => (broken && req.collection === 'products' ? c.fault : 'pass'));
      client = await startClient({ apiBase: server.url, fetch: net.fetch });
      await waitFor(() => net.pulls('products').length >= 3, 5000, 'retries');
      const status = await client.service.syncStatus();
      expect(status.phase).toBe('error');
      expect(status.error).toBe('protocol');
      expect((await localDocs(client.service, 'products')).size).toBe(0);
      expect(status.collections.products.initialDone).toBe(false);

      broken = false;
      await client.service.resync();
      await client.service.awaitInitialSync();
      expect((await localDocs(client.service, 'products')).size).toBe((await serverDocs(server.url, 'products')).size);
      await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 5000, 'live');
    });
  }

  it('a stream speaking another version is an error and is retried with backoff, not hammered', async () => {
    const net = faultyFetch((req) => (req.kind === 'stream' ? { rewriteText: () => 'data: {"v":2,"type":"hello","serverTime":1}\n\n' } : 'pass'));
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    await client.service.awaitInitialSync();
    await sleep(800);
    const status = await client.service.syncStatus();
    expect(status.phase).toBe('error');
    expect(status.error).toBe('protocol');
    // 20, 40, 80, 160, 200… ms between attempts: a handful in 800 ms, not hundreds.
    expect(net.streams().length).toBeLessThan(12);
    expect((await localDocs(client.service, 'products')).size).toBe((await serverDocs(server.url, 'products')).size);
  });
});
