/**
 * Cart, wishlist and orders against the real server (docs/COMMERCE.md), through the DataService on
 * fake-indexeddb: a guest cart goes with its Guest-Token and is merged after sign-in; the server's cart
 * replaces the local one when nothing is queued (also on a `cart` poke); coupons; the wishlist is pulled;
 * an order placed offline is sent exactly once when the network returns and the pulled order replaces the
 * optimistic one under the same id; a sold-out order ends 'failed', visibly, with its lines back in the cart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import type { ShippingInfo } from '../../src/domain/commerce-schemas';
import { readGuestToken } from '../../src/sync/guest-token';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';
import { startClient, waitFor, type TestClient } from './support/client';
import { outboxNet, type OutboxNet } from './support/outbox-net';
import { toProductDoc } from '../../src/db/queries/plain-docs';

let server: AuthServer;
let client: TestClient | null = null;
let net: OutboxNet;

beforeAll(async () => {
  server = await startAuthServer({ products: 20 });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await client?.service.close();
  client = null;
});

const SHIPPING: ShippingInfo = {
  first_name: 'Amina', last_name: 'Alaoui', email: 'amina@example.com', phone: '+212600000000', street: '12 Rue Talaa',
  apartment: '', city: 'Fes', state: 'Fes-Meknes', postal_code: '30000', country: 'MA',
};

async function start(): Promise<TestClient> {
  net = outboxNet();
  client = await startClient({ apiBase: server.url, fetch: net.fetch });
  await client.service.awaitInitialSync();
  return client;
}

/** Every entry settled as accepted. */
async function drained(c: TestClient): Promise<boolean> {
  return (await c.service.query({ kind: 'outbox' })).every((e) => e.state === 'done');
}

/** Products of the local catalogue with a variant holding at least `stock`, distinct variants. */
async function stocked(c: TestClient, stock: number, skip = 0): Promise<{ product: ProductDoc; variantId: number; stock: number }> {
  const db = await c.service.database();
  const products = (await db.products.find().exec()).map(toProductDoc);
  const found = products.flatMap((p) => p.variants.filter((v) => v.stock_quantity >= stock).map((v) => ({ product: p, variantId: v.id, stock: v.stock_quantity })));
  const pick = found[skip];
  if (!pick) throw new Error('no stocked variant');
  return pick;
}

async function serverCart(token: string) {
  const res = await requestJson<{ data: { items: { variant_id: number; quantity: number }[]; total_amount: number; coupon_code: string | null } }>(
    server.url, 'GET', '/api/cart', undefined, authHeaders(token),
  );
  return res.body.data;
}

describe('the cart', () => {
  it('a guest\'s first add whose answer is lost: the replay lands in the same guest cart, and the next add joins it', async () => {
    const c = await start();
    const a = await stocked(c, 3);
    net.loseAnswerOf = (r) => r.url.pathname === '/api/cart/items';
    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    await waitFor(() => drained(c), 10_000, 'first add replayed');
    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    await waitFor(() => drained(c), 10_000, 'second add sent');
    const writes = net.writes().filter((w) => w.url.pathname === '/api/cart/items');
    expect(writes.map((w) => [w.lost, w.replayed])).toEqual([[true, false], [false, true], [false, false]]);
    const token = await readGuestToken(await c.service.database());
    expect(new Set(writes.map((w) => w.headers.get('guest-token')))).toEqual(new Set([token]));
    // One guest cart holds both units (a replayed answer has no Guest-Token header: the token was the client's).
    const cart = await requestJson<{ data: { items: { variant_id: number; quantity: number }[] } }>(
      server.url, 'GET', '/api/cart', undefined, { 'guest-token': token ?? '' },
    );
    expect(cart.body.data.items.map((i) => [i.variant_id, i.quantity])).toEqual([[a.variantId, 2]]);
  });

  it('a guest cart goes with its Guest-Token, and is merged into the user\'s after sign-in', async () => {
    const c = await start();
    await c.service.setBackgroundSyncSupport(true);
    const a = await stocked(c, 3);
    const first = await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    expect(first).toMatchObject({ ok: true, quantity: 1 });
    await waitFor(() => drained(c), 10_000, 'first add sent');
    const db = await c.service.database();
    const guestToken = await readGuestToken(db);
    // Made by the client before its first guest write (the server's format), and kept: the server took it.
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    await waitFor(() => drained(c), 10_000, 'second add sent');
    const [w1, w2] = net.writes();
    expect(w1?.headers.get('guest-token')).toBe(guestToken);
    expect(w2?.headers.get('guest-token')).toBe(guestToken);
    for (const w of [w1, w2]) {
      expect(w?.headers.get('authorization')).toBeNull();
      expect(w?.headers.get('x-souk-queue')).toBe('guest');
      expect(w?.headers.get('x-souk-background-sync')).toBe('1');
    }
    // The server's cart replaced the local one.
    await waitFor(async () => (await c.service.query({ kind: 'cart' })).server?.item_count === 2, 10_000, 'guest cart refreshed').catch((e: unknown) => {
      throw new Error(`${String(e)}; cart refreshes: ${c.service.cartRefreshLog().join(', ')}`);
    });
    const guestCart = await c.service.query({ kind: 'cart' });
    expect(guestCart.lines.map((l) => [l.variant_id, l.quantity, l.pending])).toEqual([[a.variantId, 2, false]]);
    expect(guestCart.totals.total_amount).toBe(guestCart.server?.total_amount);

    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    await waitFor(async () => (await readGuestToken(db)) === null && (await drained(c)), 10_000, 'merged');
    const merge = net.writes().at(-1);
    expect(`${merge?.method} ${merge?.url.pathname}`).toBe('POST /api/cart/merge');
    expect(merge?.headers.get('authorization')).toBe(`Bearer ${user.token}`);
    expect(merge?.headers.get('guest-token')).toBe(guestToken);
    expect(merge?.headers.get('x-souk-queue')).toBe(`u${user.user.id}`);
    expect((await serverCart(user.token)).items.map((i) => [i.variant_id, i.quantity])).toEqual([[a.variantId, 2]]);
    await waitFor(async () => (await c.service.query({ kind: 'cart' })).server?.item_count === 2, 10_000, 'user cart refreshed');
  });

  it('coupons, quantities capped by stock, removal; a refused coupon comes back as it was', async () => {
    const c = await start();
    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    const a = await stocked(c, 2);
    expect(await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: a.stock + 1 })).toEqual({
      ok: false,
      refusal: { code: 'STOCK_EXCEEDED', available: Math.min(a.stock, 99) },
    });
    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    await c.service.applyCoupon('welcome10');
    await waitFor(() => drained(c), 10_000, 'sent');
    await waitFor(async () => (await c.service.query({ kind: 'cart' })).coupon?.code === 'WELCOME10', 10_000, 'coupon known');
    const cart = await c.service.query({ kind: 'cart' });
    expect(cart.totals.discount_amount).toBeGreaterThan(0);
    expect(cart.totals.total_amount).toBe(cart.server?.total_amount);
    expect((await serverCart(user.token)).coupon_code).toBe('WELCOME10');

    const { entryId } = await c.service.applyCoupon('EXPIRED5');
    await waitFor(async () => (await c.service.query({ kind: 'outbox' })).some((e) => e.id === entryId && e.state === 'failed'), 10_000, 'refused');
    const failed = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
    expect(failed?.failure).toMatchObject({ status: 422, code: 'COUPON_INVALID', message: 'Invalid coupon code' });
    expect((await c.service.query({ kind: 'cart' })).coupon_code).toBe('WELCOME10');

    const set = await c.service.setCartQuantity(a.variantId, 99);
    expect(set).toMatchObject({ ok: true, quantity: Math.min(a.stock, 99) });
    await c.service.removeFromCart(a.variantId);
    await waitFor(async () => (await serverCart(user.token)).items.length === 0 && (await c.service.query({ kind: 'cart' })).pending === false, 10_000, 'removed');
    expect((await c.service.query({ kind: 'cart' })).lines).toEqual([]);
  });

  it('a change made elsewhere reaches the local cart through the `cart` poke', async () => {
    const c = await start();
    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    await c.service.cartIdle();
    const a = await stocked(c, 1, 1);
    const res = await requestJson(server.url, 'POST', '/api/cart/items', { variant_id: a.variantId, quantity: 1 }, authHeaders(user.token));
    expect(res.status).toBe(200);
    await waitFor(async () => (await c.service.query({ kind: 'cart' })).lines.some((l) => l.variant_id === a.variantId), 10_000, 'poked cart');
    expect(net.writes()).toEqual([]);
  });
});

describe('the wishlist', () => {
  it('needs a session; adds are pulled back, an existing item counts as added, removes reach the server', async () => {
    const c = await start();
    const a = await stocked(c, 1);
    await expect(c.service.addToWishlist(a.product.id)).rejects.toThrow(/Authentication required/);
    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();
    c.online.set(false);
    net.offline = true;
    await c.service.addToWishlist(a.product.id, { notes: 'for Eid', notifyPriceDrop: true });
    expect(await c.service.query({ kind: 'wishlisted', productId: a.product.id })).toEqual({ wishlisted: true, pending: true });
    net.offline = false;
    c.online.set(true);
    await waitFor(() => drained(c), 10_000, 'sent');
    await waitFor(async () => {
      const [entry] = await c.service.query({ kind: 'wishlist' });
      return (entry?.item.updatedAt ?? 0) > 0;
    }, 10_000, 'pulled');
    const [entry] = await c.service.query({ kind: 'wishlist' });
    expect(entry).toMatchObject({ item: { id: a.product.id, notes: 'for Eid', notify_price_drop: true }, pending: false });
    expect(entry?.product?.id).toBe(a.product.id);

    // Added on another device meanwhile: the local add is answered WISHLIST_EXISTS and counts as done.
    const b = await stocked(c, 1, 3);
    c.online.set(false);
    net.offline = true;
    await c.service.addToWishlist(b.product.id);
    expect((await requestJson(server.url, 'POST', '/api/wishlist', { product_id: Number(b.product.id) }, authHeaders(user.token))).status).toBe(201);
    net.offline = false;
    c.online.set(true);
    await waitFor(() => drained(c), 10_000, 'existing item done');
    expect(net.writes().at(-1)?.status).toBe(400);

    await c.service.removeFromWishlist(a.product.id);
    await waitFor(() => drained(c), 10_000, 'removed');
    const items = await requestJson<{ items: { product_id: number }[] }>(server.url, 'GET', '/api/wishlist', undefined, authHeaders(user.token));
    expect(items.body.items.map((i) => i.product_id)).toEqual([Number(b.product.id)]);
    await waitFor(async () => (await c.service.query({ kind: 'wishlist' })).map((e) => e.item.id).join() === b.product.id, 10_000, 'local list');
  });
});

describe('orders', () => {
  it('an order placed offline is sent exactly once when the network returns; the pulled order replaces it under the same id', async () => {
    const c = await start();
    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    const a = await stocked(c, 2);
    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 2 });
    await waitFor(() => drained(c), 10_000, 'cart sent');
    await c.service.cartIdle();

    c.online.set(false);
    net.offline = true;
    const { orderId, entryId } = await c.service.placeOrder({ shipping_info: SHIPPING, payment_method: 'cod', shipping_method: 'express' });
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const queued = await c.service.query({ kind: 'order', id: orderId });
    expect(queued).toMatchObject({ id: orderId, local_state: 'queued', status: 'pending', order_id: 0, shipping_method: 'express' });
    expect(queued?.items.map((i) => [i.variant_id, i.quantity])).toEqual([[a.variantId, 2]]);
    expect((await c.service.query({ kind: 'cart' })).lines).toEqual([]);
    expect((await c.service.query({ kind: 'orders' })).data.map((o) => o.id)).toEqual([orderId]);

    // The first answer is lost: the replay with the same key gets the stored answer.
    net.loseAnswerOf = (r) => r.url.pathname === '/api/orders';
    net.offline = false;
    c.online.set(true);
    await waitFor(() => drained(c), 15_000, 'order sent');
    const posts = net.writes().filter((w) => w.url.pathname === '/api/orders');
    expect(posts.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect(posts.map((w) => [w.lost, w.replayed])).toEqual([[true, false], [false, true]]);
    const rows = await server.db.kysely.selectFrom('orders').select('id').where('user_id', '=', user.user.id).execute();
    expect(rows).toHaveLength(1);

    await waitFor(async () => (await c.service.query({ kind: 'order', id: orderId }))?.local_state === 'confirmed', 10_000, 'order pulled');
    const confirmed = await c.service.query({ kind: 'order', id: orderId });
    expect(confirmed?.order_number).toMatch(/^SK-\d{6}-[A-Z0-9]{6}$/);
    // The server's express figures are the ones the client showed and queued.
    expect(confirmed?.shipping_method).toBe('express');
    expect(confirmed?.shipping_amount).toBe(queued?.shipping_amount);
    expect(confirmed?.total_amount).toBe(queued?.total_amount);
    expect((await c.service.query({ kind: 'orders' })).data.map((o) => o.id)).toEqual([orderId]);
    expect(await c.service.query({ kind: 'order', id: confirmed?.order_number ?? '' })).toMatchObject({ id: orderId });
    await waitFor(async () => (await c.service.query({ kind: 'cart' })).server?.item_count === 0, 10_000, 'server cart emptied');
  });

  it('a sold-out order ends failed, shown with the server\'s reason, and its lines are back in the cart', async () => {
    const c = await start();
    const user = await registerUser(server.url);
    await c.service.setSession(user.token);
    const a = await stocked(c, 1, 2);
    await c.service.addToCart({ productId: a.product.id, variantId: a.variantId, quantity: 1 });
    await waitFor(() => drained(c), 10_000, 'cart sent');
    await c.service.cartIdle();

    c.online.set(false);
    net.offline = true;
    const { orderId, entryId } = await c.service.placeOrder({ shipping_info: SHIPPING, payment_method: 'cod', shipping_method: 'standard' });
    // Sold out meanwhile.
    await server.db.kysely.updateTable('product_variants').set({ stock: 0 }).where('id', '=', a.variantId).execute();
    net.offline = false;
    c.online.set(true);
    // The entry is marked failed after its rollback: once it is, the order shows failed too.
    await waitFor(async () => (await c.service.query({ kind: 'outbox' })).some((e) => e.id === entryId && e.state === 'failed'), 10_000, 'entry failed');
    expect(await c.service.query({ kind: 'order', id: orderId })).toMatchObject({ local_state: 'failed', status: 'pending' });
    const entry = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
    expect(entry).toMatchObject({ state: 'failed', kind: 'order_place', target: orderId });
    expect(entry?.failure).toMatchObject({ status: 422, code: 'OUT_OF_STOCK_ITEMS' });
    expect((await c.service.query({ kind: 'orders' })).data.map((o) => [o.id, o.local_state])).toEqual([[orderId, 'failed']]);
    expect((await c.service.query({ kind: 'cart' })).lines.map((l) => l.variant_id)).toEqual([a.variantId]);
    expect(await server.db.kysely.selectFrom('orders').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });
});
