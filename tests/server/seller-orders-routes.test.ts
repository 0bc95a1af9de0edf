/**
 * Sellers' orders (docs/COMMERCE.md, "Orders API"): the list shows orders with
 * the seller's shop's items only; PATCH moves are checked by the order-status
 * machine (illegal → 422 ORDER_TRANSITION_INVALID naming the move), shipped may
 * carry a tracking number, delivered makes the cod payment paid, a cancel
 * restocks; another seller's order is 404; the buyer is poked every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { registerUser, sellerLogin, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as, orderBody, placeOrder, stockOf, type SellableVariant } from './support/order-fixtures';
import { unitPriceOf } from '../../src/domain/commerce';
import { fromCentimes } from '../../src/domain/money';
import { updateProduct } from '../../src/server/repositories/product-writes';

let server: AuthServer;
let buyer: RegisteredUser;
let sellerX: string;
let sellerY: string;
let vx: SellableVariant;
let vy: SellableVariant;
const changes: CollectionChange[] = [];

/** A variant of a product of shop `shopId` (stock 100). */
async function variantOfShop(shopId: number): Promise<SellableVariant> {
  const row = await server.db.kysely
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id as variantId', 'v.product_id as productId', 'v.price_cents as variantCents', 'p.price_cents', 'p.effective_cents', 'p.name'])
    .where('p.shop_id', '=', shopId)
    .where('p.deleted', '=', 0)
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  await updateProduct(server.db, Number(row.productId), { stock: [{ variantId: Number(row.variantId), quantity: 100 }] });
  return {
    productId: Number(row.productId),
    variantId: Number(row.variantId),
    shopId,
    name: row.name,
    unitPrice: unitPriceOf(
      { price: fromCentimes(Number(row.price_cents)), effective_price: fromCentimes(Number(row.effective_cents)) },
      { price: fromCentimes(Number(row.variantCents)) },
    ),
  };
}

beforeAll(async () => {
  server = await startAuthServer({ products: 60 });
  buyer = await registerUser(server.url);
  // Two active shops that have products, and their sellers.
  const shops = await server.db.kysely
    .selectFrom('shops')
    .innerJoin('products', 'products.shop_id', 'shops.id')
    .select(['shops.id', 'shops.slug'])
    .where('shops.status', '=', 'active')
    .where('products.deleted', '=', 0)
    .groupBy(['shops.id', 'shops.slug'])
    .orderBy('shops.id')
    .limit(2)
    .execute();
  const [x, y] = shops;
  if (!x || !y) throw new Error('need two shops with products');
  sellerX = (await sellerLogin(server.url, x.slug)).token;
  sellerY = (await sellerLogin(server.url, y.slug)).token;
  vx = await variantOfShop(Number(x.id));
  vy = await variantOfShop(Number(y.id));
  server.db.changes.subscribe((c) => changes.push(c));
});
afterAll(async () => {
  await server?.close();
});

async function mixedOrder(): Promise<OrderDoc> {
  const res = await placeOrder(server.url, buyer.token, orderBody([
    { v: vx, quantity: 2 },
    { v: vy, quantity: 1 },
  ]));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const patch = (token: string, id: number, body: unknown) => as<{ data: OrderDoc; message: string; code: string }>(server.url, token, 'PATCH', `/api/seller/orders/${id}`, body);

describe('GET /api/seller/orders', () => {
  it("lists the orders holding the shop's items, with the other shops' items removed; filters by status", async () => {
    const order = await mixedOrder();
    for (const [token, v] of [
      [sellerX, vx],
      [sellerY, vy],
    ] as const) {
      const res = await as<{ data: OrderDoc[]; meta: Record<string, number> }>(server.url, token, 'GET', '/api/seller/orders');
      expect(res.status).toBe(200);
      const mine = res.body.data.find((o) => o.order_id === order.order_id);
      expect(mine?.items.map((i) => i.variant_id)).toEqual([v.variantId]);
      for (const o of res.body.data) for (const i of o.items) expect(i.store_id).toBe(v.shopId);
      expect(res.body.meta.total).toBeGreaterThanOrEqual(1);
    }
    const shipped = await as<{ data: OrderDoc[] }>(server.url, sellerX, 'GET', '/api/seller/orders?status=shipped');
    expect(shipped.body.data.find((o) => o.order_id === order.order_id)).toBeUndefined();
    expect((await as(server.url, buyer.token, 'GET', '/api/seller/orders')).status).toBe(403);
  });
});

describe('PATCH /api/seller/orders/{id}', () => {
  it('moves pending → processing → shipped (tracking number) → delivered: payment paid, history, buyer poked each time', async () => {
    const order = await mixedOrder();
    changes.length = 0;
    const processing = await patch(sellerX, order.order_id, { status: 'processing' });
    expect(processing.status).toBe(200);
    expect(processing.body.message).toBe('Order updated');
    expect(processing.body.data.status).toBe('processing');
    expect(processing.body.data.items.map((i) => i.store_id)).toEqual([vx.shopId]);
    const shipped = await patch(sellerY, order.order_id, { status: 'shipped', tracking_number: 'AMANA-123456' });
    expect(shipped.body.data).toMatchObject({ status: 'shipped', tracking_number: 'AMANA-123456', payment_status: 'pending' });
    const delivered = await patch(sellerX, order.order_id, { status: 'delivered' });
    expect(delivered.body.data).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect(delivered.body.data.history.map((h) => h.status)).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    const pokes = changes.filter((c) => c.collection === 'orders');
    expect(pokes).toHaveLength(3);
    for (const p of pokes) expect(p.userId).toBe(Number(buyer.user.id));
    const updated = pokes.map((p) => p.checkpoint.updatedAt);
    expect([...updated].sort((a, b) => a - b)).toEqual(updated);
    expect(new Set(updated).size).toBe(3);
    const asBuyer = await as<{ data: OrderDoc }>(server.url, buyer.token, 'GET', `/api/orders/${order.id}`);
    expect(asBuyer.body.data).toMatchObject({ status: 'delivered', payment_status: 'paid', tracking_number: 'AMANA-123456' });
    expect(asBuyer.body.data.items).toHaveLength(2);
  });

  it('refuses illegal moves with the move named, and changes nothing', async () => {
    const order = await mixedOrder();
    for (const [status, from] of [
      ['shipped', 'pending'],
      ['delivered', 'pending'],
      ['pending', 'pending'],
    ] as const) {
      const res = await patch(sellerX, order.order_id, { status });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'ORDER_TRANSITION_INVALID', message: `An order cannot move from ${from} to ${status}.` });
    }
    await patch(sellerX, order.order_id, { status: 'processing' });
    await patch(sellerX, order.order_id, { status: 'shipped' });
    const cancel = await patch(sellerX, order.order_id, { status: 'cancelled' });
    expect(cancel.status).toBe(422);
    expect(cancel.body.message).toBe('An order cannot move from shipped to cancelled.');
    const asBuyer = await as<{ data: OrderDoc }>(server.url, buyer.token, 'GET', `/api/orders/${order.id}`);
    expect(asBuyer.body.data.status).toBe('shipped');
  });

  it('a seller cancel restocks every item of the order, payment failed', async () => {
    const beforeX = await stockOf(server.db, vx);
    const beforeY = await stockOf(server.db, vy);
    const order = await mixedOrder();
    const res = await patch(sellerY, order.order_id, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect((await stockOf(server.db, vx)).variant).toBe(beforeX.variant);
    expect((await stockOf(server.db, vy)).variant).toBe(beforeY.variant);
  });

  it("another shop's seller gets 404, a buyer 403, bad bodies 422, unknown ids 404", async () => {
    const res = await placeOrder(server.url, buyer.token, orderBody([{ v: vx, quantity: 1 }]));
    const id = res.body.data.order_id;
    const other = await patch(sellerY, id, { status: 'processing' });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'order_not_found' });
    expect((await patch(buyer.token, id, { status: 'processing' })).status).toBe(403);
    for (const body of [{}, { status: 'lost' }, { status: 'shipped', tracking_number: '' }, { status: 'shipped', tracking_number: 'x'.repeat(101) }, []]) {
      const bad = await patch(sellerX, id, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.code).toBe('VALIDATION');
    }
    expect((await patch(sellerX, 987654, { status: 'processing' })).status).toBe(404);
    expect((await as(server.url, sellerX, 'PATCH', '/api/seller/orders/not-an-id!', { status: 'processing' })).status).toBe(404);
    const asBuyer = await as<{ data: OrderDoc }>(server.url, buyer.token, 'GET', `/api/orders/${id}`);
    expect(asBuyer.body.data.status).toBe('pending');
  });
});
