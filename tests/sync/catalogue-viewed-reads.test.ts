/**
 * Issue 25's reads from GET /api/sync/products/view, on a bad connection and with several readers at once:
 * - product reads of the same moment (a cart's lines, the sync centre's entries) go out as one ids= request, not
 *   one per card;
 * - in the 'viewed' mode, a view answered late never overwrites a fresher stored product (nor does a second
 *   reader's older answer), and the same version in the new interface language replaces the stored one;
 * - the sync centre's storage figures ask the server for the catalogue's size once, not once per status report.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { runDataQuery } from '../../src/db/queries/query-api';
import { CatalogueReads } from '../../src/sync/catalogue-reads';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { SyncStatusStore } from '../../src/sync/sync-status';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { createHttpViewTransport } from '../../src/sync/transport/view-transport';
import type { TestServer } from '../helpers/server';
import { plain, serverDocs, startClient, type TestClient, useTestServer, recordingFetch } from './support/client';

let server: TestServer;
useTestServer({ products: 40 }, (s) => (server = s));

let client: TestClient | null = null;
afterEach(async () => {
  await client?.service.close();
  client = null;
});


const VIEW = '/api/sync/products/view';

describe('product reads of the same moment', () => {
  it('one-shot reads: one ids= request for all of them, each answered with its own product (or null)', async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const all = await serverDocs(server.url, 'products');
    const ids = ['3', '9', '14', '21', '30', '9'];
    const before = net.countPath(VIEW);
    const answers = await Promise.all([...ids, '999999'].map((id) => client!.service.query({ kind: 'product', id })));
    expect(answers).toEqual([...ids.map((id) => plain(all.get(id)!)), null]);
    expect(net.countPath(VIEW) - before).toBe(1);
  });

  it('watches (a cart of five lines): one ids= request', async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const all = await serverDocs(server.url, 'products');
    const ids = ['4', '8', '15', '16', '23'];
    const seen = new Map<string, ProductDoc | null>();
    const before = net.countPath(VIEW);
    const stops = await Promise.all(ids.map((id) => client!.service.watch({ kind: 'product', id }, (doc) => seen.set(id, doc))));
    await expect.poll(() => seen.size, { timeout: 10_000 }).toBe(ids.length);
    for (const id of ids) expect(seen.get(id)).toEqual(plain(all.get(id)!));
    expect(net.countPath(VIEW) - before).toBe(1);
    for (const stop of stops) stop();
  });
});

describe("'viewed' mode: what is stored", () => {
  async function viewedReads() {
    client = await startClient({ apiBase: server.url, sync: false });
    const db = await client.service.database();
    const reads = new CatalogueReads({
      db,
      transport: createHttpViewTransport({ apiBase: server.url }),
      online: manualOnlineSignal(true),
      status: new SyncStatusStore(),
      mode: () => 'viewed',
    });
    return { db, reads };
  }

  it('a late, older answer never overwrites a newer stored product, one after the other or at once', async () => {
    const { db, reads } = await viewedReads();
    const [doc] = await createHttpViewTransport({ apiBase: server.url }).byIds(['12']);
    if (!doc) throw new Error('product 12 is on the server');
    const newer: ProductDoc = { ...doc, updatedAt: doc.updatedAt + 60_000, sales_count: doc.sales_count + 3 };

    await reads.keep([newer]);
    await reads.keep([doc]);
    expect(await runDataQuery(db, { kind: 'product', id: '12' })).toEqual(newer);

    const [other] = await createHttpViewTransport({ apiBase: server.url }).byIds(['13']);
    if (!other) throw new Error('product 13 is on the server');
    const otherNewer: ProductDoc = { ...other, updatedAt: other.updatedAt + 60_000, sales_count: other.sales_count + 3 };
    await Promise.all([reads.keep([otherNewer]), reads.keep([other])]);
    expect(await runDataQuery(db, { kind: 'product', id: '13' })).toEqual(otherNewer);
  });

  it('the same version in another language replaces the stored one (the interface language changed)', async () => {
    const { db, reads } = await viewedReads();
    const [fr] = await createHttpViewTransport({ apiBase: server.url, descriptionsIn: () => 'fr' }).byIds(['7']);
    const [en] = await createHttpViewTransport({ apiBase: server.url, descriptionsIn: () => 'en' }).byIds(['7']);
    if (!fr || !en) throw new Error('product 7 is on the server');
    expect(Object.keys(fr.descriptions)).toEqual(['fr']);
    expect(en.updatedAt).toBe(fr.updatedAt);

    await reads.keep([fr]);
    await reads.keep([en]);
    const stored = await runDataQuery(db, { kind: 'product', id: '7' });
    expect(Object.keys(stored?.descriptions ?? {})).toEqual(['en']);
    expect(stored).toEqual(en);
  });
});

describe('the sync centre\'s storage figures', () => {
  it('ask the server for the catalogue size once, however often they are read', async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const first = await client.service.catalogueStorage();
    expect(first.serverProducts).toBe(40);
    expect(first.fullCatalogueBytes).toBeGreaterThan(0);
    await Promise.all([client.service.catalogueStorage(), client.service.catalogueStorage()]);
    for (let i = 0; i < 5; i++) expect(await client.service.catalogueStorage()).toEqual(first);
    expect(net.countPath('/api/sync/catalogue-size')).toBe(1);
  });
});

describe("'viewed' mode: a view that fails while online", () => {
  it('a watch ends with the error (the page offers a retry) instead of answering null for a product not stored', async () => {
    let failing = false;
    const fetchLike: FetchLike = (input, init) =>
      failing && String(input).includes(VIEW) ? Promise.resolve(new Response('{}', { status: 503 })) : fetch(input, init);
    client = await startClient({ apiBase: server.url, fetch: fetchLike, dataSaver: true });
    await client.service.awaitInitialSync();
    failing = true;
    const results: (ProductDoc | null)[] = [];
    const errors: unknown[] = [];
    const stop = await client.service.watch(
      { kind: 'product', id: '19' },
      (doc) => results.push(doc),
      (error) => errors.push(error),
    );
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(1);
    expect(results).toEqual([]);
    stop();
  });
});
