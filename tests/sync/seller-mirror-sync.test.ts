/**
 * The seller's mirror and the seller's queued writes against the real server (issue 23, docs/SELLERS.md "Offline"),
 * through the DataService on fake-indexeddb: refreshSellerMirror stores the own shop, the shop's products (published
 * or not, every page) and its orders as the seller API answers them (asked before the session came, once it comes); offline, the mirror still answers and a price edit and a
 * move to shipped are queued and shown at once, the server untouched; back online each is sent with its
 * Idempotency-Key and applied once (a lost answer replayed under the same key), and the mirror is fetched again; a
 * move the server refuses ends 'failed' with its reason, named on the order, the order as the server has it; the
 * mirror is personal: gone at logout.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { LocalWriteLock } from '../../src/db/outbox';
import { readSellerMirror } from '../../src/db/seller-mirror';
import { startSellerMirrorRefresher } from '../../src/sync/seller-mirror-refresh';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import { SHIPPING } from '../server/support/order-fixtures';
import { waitFor } from './support/client';

const env = communityServer();
const { start, drained, goOffline, goOnline } = env;
let seller: Seller;
beforeAll(() => {
  seller = env.sellers[0] as Seller;
});

interface ServerProduct {
  id: number;
  price: number;
  variants: { id: number; original_price: number; stock_quantity: number }[];
}

const api = <T>(method: string, path: string, body?: unknown, token = seller.token) =>
  requestJson<T>(env.server.url, method, path, body, { ...authHeaders(token), 'idempotency-key': randomUUID() });

/** A product of the seller's own, published or not, in a category the catalogue uses. */
async function ownProduct(name: string, published = true): Promise<ServerProduct> {
  const listing = await requestJson<{ data: { category_id: number }[] }>(env.server.url, 'GET', '/api/products/all?per_page=1');
  const category = listing.body.data[0]?.category_id;
  if (category === undefined) throw new Error('the catalogue is empty');
  const res = await api<{ data: ServerProduct }>('POST', '/api/seller/products', {
    names: { en: name },
    category_id: category,
    price: 300,
    variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 4 }],
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  if (!published) {
    const hidden = await api('PATCH', `/api/seller/products/${res.body.data.id}`, { published: false });
    if (hidden.status !== 200) throw new Error(`unpublish: ${hidden.status} ${JSON.stringify(hidden.body)}`);
  }
  return res.body.data;
}

/** A buyer's order of one of the seller's products, moved to processing by the seller. */
async function processingOrder(product: ServerProduct): Promise<OrderDoc> {
  const buyer = await registerUser(env.server.url);
  const variant = product.variants[0]!;
  const placed = await api<{ data: OrderDoc }>(
    'POST',
    '/api/orders',
    {
      client_ref: randomUUID(),
      items: [{ product_id: product.id, variant_id: variant.id, quantity: 1, unit_price: product.price }],
      shipping_info: SHIPPING,
      payment_method: 'cod',
    },
    buyer.token,
  );
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  const moved = await api<{ data: OrderDoc }>('PATCH', `/api/seller/orders/${placed.body.data.order_id}`, { status: 'processing' });
  if (moved.status !== 200) throw new Error(`processing: ${moved.status} ${JSON.stringify(moved.body)}`);
  return moved.body.data;
}

async function serverOrder(orderId: number): Promise<OrderDoc | undefined> {
  const res = await api<{ data: OrderDoc[] }>('GET', '/api/seller/orders?per_page=50');
  return res.body.data.find((o) => o.order_id === orderId);
}

describe("the seller's mirror", () => {
  it('holds the shop, all of its products (published or not) and its orders, and answers offline', async () => {
    const shown = await ownProduct('Mirror kaftan');
    const hidden = await ownProduct('Mirror hidden djellaba', false);
    const order = await processingOrder(shown);
    const c = await start(seller.token);
    expect(await c.service.query({ kind: 'sellerShop' })).toEqual({ shop: null, savedAt: null });

    // Asked before the session reaches the worker (a reload: the page hands over its token after): fetched when it does.
    await c.service.setSession(null);
    expect(await c.service.refreshSellerMirror()).toBe('signed_out');
    await c.service.setSession(seller.token);
    await waitFor(async () => (await c.service.query({ kind: 'sellerShop' })).savedAt !== null, 15_000, 'fetched once the session came');
    expect(await c.service.refreshSellerMirror()).toBe('fetched');
    const serverProducts = await api<{ data: { id: number }[]; meta: { total: number } }>('GET', '/api/seller/products?per_page=100');
    const serverOrders = await api<{ data: OrderDoc[] }>('GET', '/api/seller/orders?per_page=50');

    goOffline(c);
    expect(await c.service.refreshSellerMirror()).toBe('offline');
    const shop = await c.service.query({ kind: 'sellerShop' });
    expect(shop.shop).toMatchObject({ id: seller.shopId, status: 'active' });
    expect(shop.savedAt).toEqual(expect.any(Number));
    const products = await c.service.query({ kind: 'sellerProducts', perPage: 100 });
    expect(products.data.map((p) => p.id)).toEqual(serverProducts.body.data.map((p) => p.id));
    expect(products.meta.total).toBe(serverProducts.body.meta.total);
    expect(products.data.find((p) => p.id === hidden.id)?.published).toBe(false);
    expect((await c.service.query({ kind: 'sellerProducts', search: 'mirror djellaba' })).data.map((p) => p.id)).toEqual([hidden.id]);
    const orders = await c.service.query({ kind: 'sellerOrders' });
    expect(orders.data.map((o) => o.order_id)).toEqual(serverOrders.body.data.map((o) => o.order_id));
    expect(orders.data.find((o) => o.order_id === order.order_id)).toMatchObject({ status: 'processing', queued: false, refusal: null });

    // Personal: a logout removes it.
    await c.service.clearPersonalData();
    expect(await c.service.query({ kind: 'sellerShop' })).toEqual({ shop: null, savedAt: null });
    expect((await c.service.query({ kind: 'sellerOrders' })).data).toEqual([]);
  });

  it('pages through every product and order of the shop', async () => {
    const product = await ownProduct('Paged kaftan');
    await ownProduct('Paged djellaba', false);
    await processingOrder(product);
    await processingOrder(product);
    const c = await start(seller.token);
    const db = await c.service.database();
    const refresher = startSellerMirrorRefresher({
      db,
      apiBase: env.server.url,
      lock: new LocalWriteLock(),
      online: { isOnline: () => true, subscribe: () => () => undefined },
      fetch: env.net.fetch,
      token: () => seller.token,
      pageSizes: { products: 2, orders: 1 },
    });
    try {
      expect(await refresher.refresh()).toBe('fetched');
    } finally {
      refresher.stop();
    }
    const serverProducts = await api<{ data: { id: number }[] }>('GET', '/api/seller/products?per_page=100');
    const serverOrders = await api<{ data: OrderDoc[] }>('GET', '/api/seller/orders?per_page=50');
    expect(serverProducts.body.data.length).toBeGreaterThan(2);
    expect(serverOrders.body.data.length).toBeGreaterThan(1);
    const mirror = await readSellerMirror(db);
    expect(mirror.products?.data.map((p) => p.id)).toEqual(serverProducts.body.data.map((p) => p.id));
    expect(mirror.orders?.data.map((o) => o.order_id)).toEqual(serverOrders.body.data.map((o) => o.order_id));
    const pages = env.net.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/seller/products').length;
    expect(pages).toBe(Math.ceil(serverProducts.body.data.length / 2));
  });

  it('a price edit and a "shipped" made offline show at once, then reach the server once each after reconnect', async () => {
    const product = await ownProduct('Queued price kaftan');
    const variant = product.variants[0]!;
    const order = await processingOrder(product);
    const c = await start(seller.token);
    expect(await c.service.refreshSellerMirror()).toBe('fetched');

    goOffline(c);
    const price = await c.service.setVariantPrice({ productId: product.id, variantId: variant.id, price: 333.5 });
    const ship = await c.service.shipOrder({ orderId: order.order_id, trackingNumber: 'TRK-77' });
    const queued = (await c.service.query({ kind: 'sellerProducts', search: 'queued price kaftan' })).data[0];
    expect(queued?.variants[0]).toMatchObject({ original_price: 333.5, queued: true });
    const shipped = (await c.service.query({ kind: 'sellerOrders' })).data.find((o) => o.order_id === order.order_id);
    expect(shipped).toMatchObject({ status: 'shipped', tracking_number: 'TRK-77', queued: true });
    await expect(c.service.shipOrder({ orderId: order.order_id })).rejects.toMatchObject({ code: 'ORDER_TRANSITION_INVALID' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await serverOrder(order.order_id))?.status).toBe('processing');

    const pricePath = `/api/seller/products/${product.id}/variants/${variant.id}`;
    const orderPath = `/api/seller/orders/${order.order_id}`;
    env.net.loseAnswerOf = (r) => r.url.pathname === orderPath;
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'both sent');
    const writes = env.net.writes();
    expect(writes.filter((w) => w.url.pathname === pricePath).map((w) => w.headers.get('idempotency-key'))).toEqual([price.entryId]);
    const shipWrites = writes.filter((w) => w.url.pathname === orderPath);
    expect(shipWrites.map((w) => [w.headers.get('idempotency-key'), w.lost, w.replayed])).toEqual([
      [ship.entryId, true, false],
      [ship.entryId, false, true],
    ]);
    const onServer = await serverOrder(order.order_id);
    expect(onServer).toMatchObject({ status: 'shipped', tracking_number: 'TRK-77' });
    expect(onServer?.history.filter((h) => h.status === 'shipped')).toHaveLength(1);
    const fresh = await api<{ data: ServerProduct }>('GET', `/api/seller/products/${product.id}`);
    expect(fresh.body.data.variants[0]?.original_price).toBe(333.5);

    // The accepted writes make the worker fetch the mirror again (the overlay shows them until then).
    const outbox = await c.service.query({ kind: 'outbox' });
    const doneAt = Math.max(...outbox.filter((e) => e.id === price.entryId || e.id === ship.entryId).map((e) => e.doneAt ?? 0));
    await waitFor(
      async () =>
        ((await c.service.query({ kind: 'sellerProducts' })).savedAt ?? 0) >= doneAt && ((await c.service.query({ kind: 'sellerOrders' })).savedAt ?? 0) >= doneAt,
      15_000,
      'mirror fetched after the writes',
    );
    expect((await c.service.query({ kind: 'sellerOrders' })).data.find((o) => o.order_id === order.order_id)).toMatchObject({
      status: 'shipped',
      tracking_number: 'TRK-77',
      queued: false,
    });
    const after = (await c.service.query({ kind: 'sellerProducts', search: 'queued price kaftan' })).data[0];
    expect(after?.variants[0]).toMatchObject({ original_price: 333.5, queued: false, refusals: [] });
  });

  it('a "shipped" the server refuses is failed with its reason, named on the order, shown as the server has it', async () => {
    const product = await ownProduct('Refused ship kaftan');
    const order = await processingOrder(product);
    const c = await start(seller.token);
    expect(await c.service.refreshSellerMirror()).toBe('fetched');
    goOffline(c);
    const { entryId } = await c.service.shipOrder({ orderId: order.order_id });
    // Meanwhile, on another device, the order is cancelled.
    const cancelled = await api('PATCH', `/api/seller/orders/${order.order_id}`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);

    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'refusal');
    const entry = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
    expect(entry).toMatchObject({ kind: 'seller_order_status', state: 'failed', failure: { code: 'ORDER_TRANSITION_INVALID' } });
    await expect(c.service.refreshSellerMirror()).resolves.toBe('fetched');
    const shown = (await c.service.query({ kind: 'sellerOrders' })).data.find((o) => o.order_id === order.order_id);
    expect(shown).toMatchObject({ status: 'cancelled', queued: false, refusal: { entryId, kind: 'seller_order_status', failure: { code: 'ORDER_TRANSITION_INVALID' } } });
    // Dismissed in the sync centre: no longer named.
    await c.service.dismissOutboxEntry(entryId);
    expect((await c.service.query({ kind: 'sellerOrders' })).data.find((o) => o.order_id === order.order_id)?.refusal).toBeNull();
  });
});
