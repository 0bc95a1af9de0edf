/**
 * Issue 25's catalogue modes against a real server: 'viewed' (data saving) never pulls the products, answers a
 * listing from GET /api/sync/products/view and stores it so it answers again offline; 'full' answers a listing
 * from the view before the products' first pull finished, without waiting for it, and a watch then follows the
 * local query without emitting the equal answer again; setCatalogueMode('full') starts the products pull at once,
 * 'viewed' cancels it (what is stored stays); catalogueStorage() says what is stored and what the whole costs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page, ProductDoc, ProductQuery } from '../../src/domain/catalog';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { updateProduct, type TestServer } from '../helpers/server';
import { plain, serverDocs, sleep, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 150 }, (s) => (server = s));

let client: TestClient | null = null;
afterEach(async () => {
  await client?.service.close();
  client = null;
});

/** A fetch that records every URL it is asked and can hold the products pull at a gate. */
function countingFetch() {
  const urls: string[] = [];
  let open = true;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const fetchLike: FetchLike = async (input, init) => {
    const url = String(input);
    urls.push(url);
    if (url.includes('/api/sync/products/pull')) await gate;
    return fetch(input, init);
  };
  return {
    fetch: fetchLike,
    productPulls: () => urls.filter((u) => u.includes('/api/sync/products/pull')).length,
    views: () => urls.filter((u) => u.includes('/api/sync/products/view')).length,
    hold() {
      if (!open) return;
      open = false;
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      open = true;
      release();
    },
  };
}

const QUERY: ProductQuery = { gender: 'women', sort: 'price-low-high', perPage: 12, page: 2 };

/** The server's page of QUERY as the view answers it, documents as the local query API returns them. */
async function serverPage(query: ProductQuery): Promise<Page<ProductDoc>> {
  const all = await serverDocs(server.url, 'products');
  const res = (await (
    await fetch(`${server.url}/api/products/all?gender=${query.gender}&sort=${query.sort}&page=${query.page}&per_page=${query.perPage}`)
  ).json()) as { data: { id: number }[]; meta: { total: number; last_page: number } };
  return {
    items: res.data.map((p) => plain(all.get(String(p.id))!)),
    total: res.meta.total,
    page: query.page ?? 1,
    perPage: query.perPage ?? 24,
    lastPage: res.meta.last_page,
  };
}

describe("'viewed' mode", () => {
  it('never pulls the products; a listing comes from the view, is stored and answers again offline', async () => {
    const net = countingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const status = await client.service.syncStatus();
    expect(status.catalogueMode).toBe('viewed');
    expect(status.phase).toBe('live');
    expect(status.collections.categories.initialDone && status.collections.shops.initialDone).toBe(true);

    const expected = await serverPage(QUERY);
    const page = await client.service.query({ kind: 'products', query: QUERY });
    expect(page).toEqual(expected);
    expect(net.views()).toBe(1);

    // Stored as the replication stores them: the local listing index has them.
    const db = await client.service.database();
    await waitFor(async () => (await db.products.count().exec()) === expected.items.length, 5000, 'the page stored');
    const storage = await client.service.catalogueStorage();
    expect(storage).toEqual({ mode: 'viewed', chosen: null, storedProducts: 12, serverProducts: 150, fullCatalogueBytes: expect.any(Number) });
    expect(storage.fullCatalogueBytes).toBeGreaterThan(0);

    client.online.set(false);
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'offline', 5000, 'offline');
    const offline = await client.service.query({ kind: 'products', query: { ...QUERY, page: 1 } });
    expect(offline.items).toEqual(expected.items);
    const first = expected.items[0]!;
    expect(await client.service.query({ kind: 'product', id: first.id })).toEqual(first);
    expect(net.views()).toBe(1);

    await sleep(100);
    expect(net.productPulls()).toBe(0);
  });

  it('a product page opened online is stored; one never opened is not there offline', async () => {
    const net = countingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const all = await serverDocs(server.url, 'products');
    const product = await client.service.query({ kind: 'product', id: '17' });
    expect(product).toEqual(plain(all.get('17')!));
    const related = await client.service.query({ kind: 'related', id: '17', limit: 3 });
    expect(related).toHaveLength(3);
    client.online.set(false);
    expect(await client.service.query({ kind: 'product', id: '17' })).toEqual(product);
    expect(await client.service.query({ kind: 'related', id: '17', limit: 3 })).toEqual(related);
    expect(await client.service.query({ kind: 'product', id: '18' })).toBeNull();
    expect(net.productPulls()).toBe(0);
  });

  it("setCatalogueMode('full') starts the products pull at once, says 'full' and is kept over a restart", async () => {
    const net = countingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true, batchSize: 50 });
    await client.service.awaitInitialSync();
    await sleep(50);
    expect(net.productPulls()).toBe(0);

    await client.service.setCatalogueMode('full');
    expect((await client.service.syncStatus()).catalogueMode).toBe('full');
    await waitFor(async () => (await client!.service.syncStatus()).collections.products.initialDone, 10_000, 'products pulled');
    expect(net.productPulls()).toBeGreaterThan(0);
    const db = await client.service.database();
    expect(await db.products.count().exec()).toBe(150);
    // Reviews follow the products.
    await waitFor(async () => (await client!.service.syncStatus()).collections.reviews.initialDone, 10_000, 'reviews pulled');

    const dbName = client.dbName;
    await client.service.close();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true, dbName });
    expect(await client.service.catalogueStorage()).toMatchObject({ mode: 'full', chosen: 'full', storedProducts: 150 });
    expect((await client.service.syncStatus()).catalogueMode).toBe('full');
  });

  it("setCatalogueMode('viewed') cancels the products pull; what is stored stays", async () => {
    const net = countingFetch();
    // Only the first batch goes through: the second waits at the gate.
    let batches = 0;
    const first: FetchLike = async (input, init) => {
      if (String(input).includes('/api/sync/products/pull') && ++batches === 2) net.hold();
      return net.fetch(input, init);
    };
    client = await startClient({ apiBase: server.url, fetch: first, batchSize: 50 });
    const db = await client.service.database();
    await waitFor(() => batches >= 2, 10_000, 'the second products batch asked');
    await waitFor(async () => (await db.products.count().exec()) === 50, 10_000, 'the first batch stored');

    await client.service.setCatalogueMode('viewed');
    expect((await client.service.syncStatus()).catalogueMode).toBe('viewed');
    net.release();
    const asked = batches;
    await sleep(300);
    expect(batches).toBe(asked);
    expect(await db.products.count().exec()).toBe(50);
    expect((await client.service.catalogueStorage()).chosen).toBe('viewed');
  });
});

describe("'full' mode before the first sync", () => {
  it('answers a listing from the view without waiting for the products pull', async () => {
    const net = countingFetch();
    net.hold();
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    expect((await client.service.syncStatus()).catalogueMode).toBe('full');
    const expected = await serverPage(QUERY);
    expect(await client.service.query({ kind: 'products', query: QUERY })).toEqual(expected);
    expect((await client.service.syncStatus()).collections.products.initialDone).toBe(false);
    // Answered, not stored: the replication writes the products.
    expect(await (await client.service.database()).products.count().exec()).toBe(0);
    net.release();
    await client.service.awaitInitialSync();
  });

  it('a view that fails: the local query answers (what is stored), without an error', async () => {
    const net = countingFetch();
    net.hold();
    const failingView: FetchLike = (input, init) =>
      String(input).includes('/api/sync/products/view') ? Promise.resolve(new Response('{}', { status: 503 })) : net.fetch(input, init);
    client = await startClient({ apiBase: server.url, fetch: failingView });
    const page = await client.service.query({ kind: 'products', query: QUERY });
    expect(page).toEqual({ items: [], total: 0, page: 2, perPage: 12, lastPage: 1 });
    expect(await client.service.query({ kind: 'product', id: '3' })).toBeNull();
    net.release();
    await client.service.awaitInitialSync();
    expect(await client.service.query({ kind: 'products', query: QUERY })).toEqual(await serverPage(QUERY));
  });

  it('a watch switches to the local query once the products are in, without emitting the equal answer again', async () => {
    const net = countingFetch();
    net.hold();
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    const expected = await serverPage(QUERY);
    const seen: Page<ProductDoc>[] = [];
    const unsubscribe = await client.service.watch({ kind: 'products', query: QUERY }, (page) => seen.push(page));
    await waitFor(() => seen.length === 1, 10_000, 'the first answer');
    expect(seen[0]).toEqual(expected);
    expect(net.views()).toBe(1);

    net.release();
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).collections.products.initialDone, 10_000, 'products done');
    // The local query now gives the same page (read directly: it is what the watch follows).
    expect(await client.service.query({ kind: 'products', query: QUERY })).toEqual(expected);
    await sleep(300);
    expect(seen).toHaveLength(1);

    // And it follows the local database now: a stock change on the server reaches it through the pull.
    const changed = expected.items[0]!;
    const variant = changed.variants[0]!;
    await updateProduct(server, changed.id, { stock: [{ variantId: variant.id, quantity: variant.stock_quantity + 5 }] });
    await waitFor(() => seen.length === 2, 10_000, 'the change');
    expect(seen[1]!.items[0]!.variants[0]!.stock_quantity).toBe(variant.stock_quantity + 5);
    unsubscribe();
  });
});
