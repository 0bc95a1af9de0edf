/**
 * Issue 25's 'viewed' mode, what a reviewer found:
 * - a product's reviews reach the shopper: a reviews read, online, fetches them from the view, stores them as the
 *   replication would (a stored review the server no longer lists removed) and answers with the local query, which
 *   then equals GET /api/products/{id}/reviews; offline, the stored ones; a watch emits them and follows the store;
 * - a watch never emits an older server answer that lands after a newer one;
 * - a large cart's related read asks the view for at most VIEW_RELATED_MAX instead of being refused;
 * - a one-shot product read that fails while online rejects instead of answering the stored subset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import type { ReviewDoc, ReviewSummary } from '../../src/domain/social';
import { CatalogueReads } from '../../src/sync/catalogue-reads';
import { manualOnlineSignal } from '../../src/sync/online-signal';
import { VIEW_RELATED_MAX } from '../../src/sync/protocol';
import { SyncStatusStore } from '../../src/sync/sync-status';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { createHttpViewTransport, type ViewTransport } from '../../src/sync/transport/view-transport';
import type { CatalogueMode, ReviewsPage } from '../../src/workers/data-api';
import type { TestServer } from '../helpers/server';
import { startClient, type TestClient, useTestServer } from './support/client';

let server: TestServer;
useTestServer({ products: 40 }, (s) => (server = s));

let client: TestClient | null = null;
afterEach(async () => {
  await client?.service.close();
  client = null;
});

const VIEW = '/api/sync/products/view';

function recordingFetch() {
  const urls: string[] = [];
  let failing = false;
  const fetchLike: FetchLike = (input, init) => {
    const url = String(input);
    urls.push(url);
    if (failing && url.includes(VIEW)) return Promise.resolve(new Response('{}', { status: 503 }));
    return fetch(input, init);
  };
  return {
    fetch: fetchLike,
    reviewViews: () => urls.filter((u) => u.includes(VIEW) && new URL(u).searchParams.has('reviews')).length,
    fail(on: boolean) {
      failing = on;
    },
  };
}

/** The live product with the most live reviews on the server. */
async function reviewedProduct(): Promise<string> {
  const row = await server.db.kysely
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .where('reviews.deleted', '=', 0)
    .where('products.deleted', '=', 0)
    .select(['reviews.product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('reviews.product_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  expect(Number(row.n)).toBeGreaterThan(1);
  return String(row.product_id);
}

async function restReviews(productId: string, query = 'page=1&limit=50&sort=newest') {
  const res = await fetch(`${server.url}/api/products/${productId}/reviews?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { data: ReviewDoc[]; meta: { total: number; last_page: number }; summary: ReviewSummary };
}

function expectSameAsRest(local: ReviewsPage, rest: Awaited<ReturnType<typeof restReviews>>): void {
  expect(local.items).toEqual(rest.data);
  expect({ total: local.total, lastPage: local.lastPage }).toEqual({ total: rest.meta.total, lastPage: rest.meta.last_page });
  expect(local.summary).toEqual(rest.summary);
}

describe("'viewed' mode: a product's reviews", () => {
  it("a read online fetches them, stores them (dropping one the server no longer lists) and answers the local query's page", async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const productId = await reviewedProduct();
    const db = await client.service.database();
    // A review stored earlier that the server has since removed.
    const [gone] = (await restReviews(productId)).data;
    await db.reviews.insert({ ...gone!, id: '987654321', updatedAt: 1 });

    const rest = await restReviews(productId);
    expectSameAsRest(await client.service.query({ kind: 'reviews', productId, page: 1, limit: 50, sort: 'newest' }), rest);
    // The local query's paging and sorting, over what was stored.
    const helpful = await restReviews(productId, 'page=2&limit=2&sort=helpful');
    expectSameAsRest(await client.service.query({ kind: 'reviews', productId, page: 2, limit: 2, sort: 'helpful' }), helpful);
    expect(await db.reviews.findOne('987654321').exec()).toBeNull();

    // Offline: what is stored, without asking.
    const asked = net.reviewViews();
    client.online.set(false);
    expectSameAsRest(await client.service.query({ kind: 'reviews', productId, page: 1, limit: 50, sort: 'newest' }), rest);
    expect(net.reviewViews()).toBe(asked);
  });

  it('a watch emits them and follows the store; a failed fetch leaves the local answer', async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    const productId = await reviewedProduct();
    const rest = await restReviews(productId);
    const seen: ReviewsPage[] = [];
    const stop = await client.service.watch({ kind: 'reviews', productId, page: 1, limit: 50, sort: 'newest' }, (page) => seen.push(page));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expectSameAsRest(seen[0]!, rest);
    // A review removed locally (as a later answer would): the watch follows the store.
    const db = await client.service.database();
    await db.reviews.findOne(rest.data[0]!.id).remove();
    await expect.poll(() => seen.at(-1)?.total, { timeout: 10_000 }).toBe(rest.meta.total - 1);
    stop();

    net.fail(true);
    const again: ReviewsPage[] = [];
    const errors: unknown[] = [];
    const stop2 = await client.service.watch(
      { kind: 'reviews', productId, page: 1, limit: 50, sort: 'newest' },
      (page) => again.push(page),
      (error) => errors.push(error),
    );
    await expect.poll(() => again.length, { timeout: 10_000 }).toBe(1);
    expect(again[0]!.total).toBe(rest.meta.total - 1);
    expect(errors).toEqual([]);
    stop2();
  });

  it("'full' mode: never fetched (the reviews replicate)", async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    await client.service.awaitInitialSync();
    const productId = await reviewedProduct();
    await client.service.query({ kind: 'reviews', productId });
    expect(net.reviewViews()).toBe(0);
  });
});

/** A view transport whose related reads wait until the test answers them. */
function heldTransport() {
  const held: { resolve(docs: ProductDoc[]): void }[] = [];
  const never = () => Promise.reject(new Error('not used'));
  const transport: ViewTransport = {
    listing: never,
    byIds: never,
    related: () => new Promise<ProductDoc[]>((resolve) => held.push({ resolve })),
    reviews: never,
    catalogueSize: never,
  };
  return { transport, held };
}

describe('a watch with two server fetches in flight', () => {
  it('emits only the latest one, even when the older lands last', async () => {
    client = await startClient({ apiBase: server.url, sync: false });
    const db = await client.service.database();
    const [a, b] = await createHttpViewTransport({ apiBase: server.url }).byIds(['3', '4']);
    const { transport, held } = heldTransport();
    let mode: CatalogueMode = 'full';
    const status = new SyncStatusStore();
    const online = manualOnlineSignal(true);
    const reads = new CatalogueReads({ db, transport, online, status, mode: () => mode });
    const seen: ProductDoc[][] = [];
    const sub = reads.watch({ kind: 'related', id: '9' }).subscribe((docs) => seen.push(docs));
    expect(held).toHaveLength(1);
    // The products complete (the local query answers), then the shopper turns data saving on and the connection
    // drops and comes back: a second fetch while the first is still in flight.
    status.setInitialDone('products', true);
    mode = 'viewed';
    online.set(false);
    online.set(true);
    expect(held).toHaveLength(2);
    held[1]!.resolve([b!]);
    await expect.poll(() => seen.at(-1)).toEqual([b]);
    held[0]!.resolve([a!]);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.at(-1)).toEqual([b]);
    expect(seen.some((docs) => docs[0]?.id === a!.id)).toBe(false);
    sub.unsubscribe();
  });
});

describe('a large cart', () => {
  it('its related read asks the view for at most VIEW_RELATED_MAX', async () => {
    const transport = createHttpViewTransport({ apiBase: server.url });
    const rest = (await (await fetch(`${server.url}/api/products/9/related?limit=${VIEW_RELATED_MAX}`)).json()) as { products: { id: number }[] };
    const docs = await transport.related('9', VIEW_RELATED_MAX + 10);
    expect(docs.map((d) => d.id)).toEqual(rest.products.map((p) => String(p.id)));
  });
});

describe("'viewed' mode: a one-shot read that fails while online", () => {
  it('rejects (the stock check shows its error and retry) instead of answering the stored subset', async () => {
    const net = recordingFetch();
    client = await startClient({ apiBase: server.url, fetch: net.fetch, dataSaver: true });
    await client.service.awaitInitialSync();
    // Stored by an earlier view.
    expect(await client.service.query({ kind: 'product', id: '19' })).not.toBeNull();
    net.fail(true);
    await expect(client.service.query({ kind: 'product', id: '19' })).rejects.toBeTruthy();
    await expect(client.service.query({ kind: 'product', id: '20' })).rejects.toBeTruthy();
    // Offline: the stored copy.
    client.online.set(false);
    expect((await client.service.query({ kind: 'product', id: '19' }))?.id).toBe('19');
  });
});
