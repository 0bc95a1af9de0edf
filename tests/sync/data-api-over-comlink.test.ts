/**
 * The worker's surface: DataApi exposed with comlink over a MessageChannel
 * (what a Worker is to comlink), used the way the UI uses it. Results cross by
 * structured clone, watch() callbacks are proxies, unsubscribe comes back as
 * a proxy and stops the callbacks; init is idempotent.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ProductDoc } from '../../src/domain/catalog';
import { wrapDataApi } from '../../src/app/data/data-client';
import type { DataApi, DataError, SyncStatus } from '../../src/workers/data-api';
import { DataService } from '../../src/workers/data-service';
import { exposeDataApi } from '../../src/workers/expose-data-api';
import { fakeIdbStorage, uniqueDbName } from '../db/support/test-db';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { FAST_BACKOFF, sleep, waitFor } from './support/client';

let server: TestServer;
let service: DataService;
let channel: MessageChannel;
let api: Remote<DataApi>;

/** An unsubscribe that came back through comlink is a proxy of the worker's function. */
function release(remoteFn: unknown): void {
  (remoteFn as { [releaseProxy](): void })[releaseProxy]();
}

beforeAll(async () => {
  server = await startTestServer({ products: 40 });
  service = new DataService({ storage: fakeIdbStorage(), backoff: FAST_BACKOFF, devMode: true });
  channel = new MessageChannel();
  exposeDataApi(service, channel.port1);
  api = wrap<DataApi>(channel.port2);
});
afterAll(async () => {
  api?.[releaseProxy]();
  channel?.port1.close();
  channel?.port2.close();
  await service?.close();
  await server?.close();
});

describe('DataApi through comlink', () => {
  it('init twice, await the initial sync, query and watch across the channel', async () => {
    const dbName = uniqueDbName('comlink');
    await Promise.all([api.init({ apiBase: server.url, dbName }), api.init({ apiBase: server.url, dbName })]);
    await api.awaitInitialSync();
    const statuses: SyncStatus[] = [];
    const stopStatus = await api.watchSyncStatus(proxy((s: SyncStatus) => statuses.push(s)));
    await waitFor(() => statuses.at(-1)?.phase === 'live', 5000, 'live status');

    // The listing index built at open and followed the initial sync.
    await waitFor(async () => (await api.listingIndexStatus()).entries === 40, 5000, 'listing index has every product');
    expect(await api.listingIndexStatus()).toMatchObject({ state: 'ready', error: null });

    const page = (await api.query({ kind: 'products', query: { sort: 'price-low-high', perPage: 3 } })) as Page<ProductDoc>;
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(40);
    expect(Object.keys(page.items[0]!).some((k) => k.startsWith('_') || k.startsWith('q_'))).toBe(false);

    const pages: Page<ProductDoc>[] = [];
    const unsubscribe = await api.watch(
      { kind: 'products', query: { sort: 'price-low-high', perPage: 3 } },
      proxy((p: unknown) => pages.push(p as Page<ProductDoc>)),
    );
    await waitFor(() => pages.length === 1, 5000, 'first result');
    const last = page.items[2]!;
    await updateProduct(server, last.id, { price: 0.01, discountPrice: null });
    await waitFor(() => pages.at(-1)?.items[0]?.id === last.id, 5000, 'live result through comlink');

    await unsubscribe();
    release(unsubscribe);
    const seen = pages.length;
    await updateProduct(server, page.items[1]!.id, { price: 0.02, discountPrice: null });
    await sleep(200);
    expect(pages.length).toBe(seen);
    await stopStatus();
    release(stopStatus);
  });

  it('a watch whose query fails ends, and the UI client hears why (code and message)', async () => {
    // The UI client over its own channel to the same service (initialised above): one Souk database opens
    // 9 collections and RxDB's open core allows 13 per realm, so a second service cannot be open meanwhile.
    const port = new MessageChannel();
    try {
      exposeDataApi(service, port.port1);
      const { client } = wrapDataApi(port.port2 as unknown as Worker);
      const results: unknown[] = [];
      const errors: DataError[] = [];
      const stop = await client.watch({ kind: 'products', query: { perPage: 1000 } }, (r) => results.push(r), (e) => errors.push(e));
      await waitFor(() => errors.length === 1, 5000, 'the error callback');
      expect(errors[0]).toMatchObject({ code: 'invalid_query', message: expect.any(String) });
      expect(results).toEqual([]);
      stop();

      // A valid watch on the same client still works, with or without an error callback.
      const pages: unknown[] = [];
      const stopValid = await client.watch({ kind: 'products', query: { perPage: 5 } }, (r) => pages.push(r));
      await waitFor(() => pages.length === 1, 5000, 'a result');
      stopValid();
    } finally {
      port.port1.close();
      port.port2.close();
    }
  });

  it('the cart, wishlist and order methods cross the channel (guest: cart yes, wishlist no)', async () => {
    const port = new MessageChannel();
    try {
      exposeDataApi(service, port.port1);
      const { client } = wrapDataApi(port.port2 as unknown as Worker);
      await client.setBackgroundSyncSupport(true);
      const page = await client.query({ kind: 'products', query: { inStock: true, perPage: 1 } });
      const product = page.items[0]!;
      const added = await client.addToCart({ productId: product.id, quantity: 1 });
      expect(added).toMatchObject({ ok: true, quantity: 1 });
      const cart = await client.query({ kind: 'cart' });
      expect(cart.lines.map((l) => l.product_id)).toEqual([Number(product.id)]);
      expect(cart.totals.item_count).toBe(1);
      expect(await client.addToCart({ productId: '99999999', quantity: 1 })).toEqual({
        ok: false,
        refusal: { code: 'PRODUCT_NOT_FOUND', available: 0 },
      });
      await expect(client.addToWishlist(product.id)).rejects.toThrow(/Authentication required/);
      await expect(client.placeOrder({ shipping_info: {} as never, payment_method: 'cod', shipping_method: 'standard' })).rejects.toThrow(/Authentication required/);
      const entries = await client.query({ kind: 'outbox' });
      expect(entries.map((e) => [e.kind, e.auth])).toEqual([['cart_add', 'guest']]);
      await expect(client.retryOutboxEntry(entries[0]!.id)).rejects.toThrow(/not a failed entry/);
      // An error's code crosses the channel, so the page can translate it (errors are codes inside).
      await expect(client.cancelOrder('no-such-order')).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Authentication required',
      });
      await waitFor(async () => (await client.query({ kind: 'outbox' }))[0]?.state === 'done', 10_000, 'guest add sent');
    } finally {
      port.port1.close();
      port.port2.close();
    }
  });

  it('init with another database name is refused', async () => {
    await expect(api.init({ apiBase: server.url, dbName: 'another' })).rejects.toThrow(/already initialised/);
  });
});
