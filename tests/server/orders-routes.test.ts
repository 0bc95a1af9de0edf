/**
 * The buyer's orders API (docs/COMMERCE.md, "Orders API") against a real
 * server: placing an order (totals, coupon, cart lines, stock, pokes, refusals
 * with their exact codes and texts), the list with its filters and paging,
 * the detail by id or client ref, and the cancel that restocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatedDeliveryOf, totalsOf } from '../../src/domain/commerce';
import { orderDocSchema, type OrderDoc } from '../../src/domain/commerce-schemas';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { registerUser, requestJson, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as, orderBody, placeOrder, sellableVariant, SHIPPING, stockOf, type SellableVariant } from './support/order-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let other: RegisteredUser;
let v1: SellableVariant;
let v2: SellableVariant;
const changes: CollectionChange[] = [];

beforeAll(async () => {
  server = await startAuthServer();
  buyer = await registerUser(server.url);
  other = await registerUser(server.url);
  v1 = await sellableVariant(server.db, 50, 0);
  v2 = await sellableVariant(server.db, 50, 1);
  server.db.changes.subscribe((c) => changes.push(c));
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/orders', () => {
  it('places an order: 201, totals of the domain, numbers in their formats, history, stock taken, pokes', async () => {
    changes.length = 0;
    const before1 = await stockOf(server.db, v1);
    const body = orderBody([
      { v: v1, quantity: 2 },
      { v: v2, quantity: 1 },
    ]);
    const res = await placeOrder(server.url, buyer.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Order placed');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const order = orderDocSchema.parse(res.body.data);
    const totals = totalsOf(
      [
        { unitPrice: v1.unitPrice, quantity: 2 },
        { unitPrice: v2.unitPrice, quantity: 1 },
      ],
      'MA',
      null,
    );
    expect(order).toMatchObject({
      id: body.client_ref,
      customer_id: Number(buyer.user.id),
      status: 'pending',
      payment_method: 'cod',
      payment_status: 'pending',
      subtotal: totals.subtotal,
      discount_amount: 0,
      shipping_amount: totals.shipping_amount,
      tax_amount: totals.tax_amount,
      total_amount: totals.total_amount,
      coupon_code: null,
      shipping_method: 'standard',
      shipping_info: SHIPPING,
    });
    expect(order.order_number).toMatch(/^SK-\d{6}-[A-Z0-9]{6}$/);
    expect(order.tracking_number).toMatch(/^SKT\d{10}$/);
    expect(order.estimated_delivery).toBe(estimatedDeliveryOf(order.created_at, 'MA'));
    expect(order.history).toEqual([{ status: 'pending', at: order.created_at }]);
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({ product_id: v1.productId, variant_id: v1.variantId, stock_id: v1.productId, store_id: v1.shopId, quantity: 2, unit_price: v1.unitPrice, name: v1.name });
    // The answer is the order as stored: the same document a read of it gives, items in line order.
    const read = await as<{ data: OrderDoc }>(server.url, buyer.token, 'GET', `/api/orders/${body.client_ref}`);
    expect(read.body.data).toEqual(res.body.data);
    const after1 = await stockOf(server.db, v1);
    expect(after1.variant).toBe(before1.variant - 2);
    expect(after1.sales).toBe(before1.sales + 2);
    // The catalogue and the buyer's orders are poked; the orders poke goes to the buyer only.
    expect(changes.some((c) => c.collection === 'products')).toBe(true);
    expect(changes).toContainEqual({ collection: 'orders', userId: Number(buyer.user.id), checkpoint: { updatedAt: order.updatedAt, id: body.client_ref } });
    // The product's new stock replicates.
    const product = await requestJson<{ updatedAt: number }>(server.url, 'GET', `/api/products/${v1.productId}/details`);
    expect(product.status).toBeLessThan(500);
  });

  it("removes the buyer's cart lines of the ordered variants and pokes the cart", async () => {
    const b = await registerUser(server.url);
    for (const v of [v1, v2]) {
      const added = await as(server.url, b.token, 'POST', '/api/cart/items', { variant_id: v.variantId, quantity: 1 });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    changes.length = 0;
    const res = await placeOrder(server.url, b.token, orderBody([{ v: v1, quantity: 1 }]));
    expect(res.status).toBe(201);
    const cart = await as<{ data: { items: { variant_id: number }[] } }>(server.url, b.token, 'GET', '/api/cart');
    expect(cart.body.data.items.map((i) => i.variant_id)).toEqual([v2.variantId]);
    expect(changes.some((c) => c.collection === 'cart' && c.userId === Number(b.user.id))).toBe(true);
  });

  it('applies a coupon (WELCOME10) with the domain totals; an unknown or expired one is 422 COUPON_INVALID and takes nothing', async () => {
    const res = await placeOrder(server.url, buyer.token, orderBody([{ v: v1, quantity: 1 }], { coupon_code: ' welcome10 ' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const totals = totalsOf([{ unitPrice: v1.unitPrice, quantity: 1 }], 'MA', { code: 'WELCOME10', kind: 'percent', value: 10, minSubtotal: 0 });
    expect(res.body.data).toMatchObject({ coupon_code: 'WELCOME10', discount_amount: totals.discount_amount, total_amount: totals.total_amount });
    const before = await stockOf(server.db, v1);
    for (const code of ['NOPE', 'EXPIRED5']) {
      const bad = await placeOrder(server.url, buyer.token, orderBody([{ v: v1, quantity: 1 }], { coupon_code: code }));
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ success: false, status: 'error', code: 'COUPON_INVALID', message: 'Invalid coupon code' });
    }
    expect((await stockOf(server.db, v1)).variant).toBe(before.variant);
  });

  it('a stale price is 422 PRICE_CHANGED with the prices now, and takes nothing', async () => {
    const before = await stockOf(server.db, v1);
    const res = await placeOrder(server.url, buyer.token, orderBody([{ v: v1, quantity: 1, unitPrice: v1.unitPrice + 1 }]));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'Prices have changed since you added these items. Please review your cart.',
      items: [{ variant_id: v1.variantId, unit_price: v1.unitPrice }],
    });
    expect((await stockOf(server.db, v1)).variant).toBe(before.variant);
  });

  it('not enough stock is 422 OUT_OF_STOCK_ITEMS with what is available, and the whole order rolls back', async () => {
    const v3 = await sellableVariant(server.db, 2, 2);
    const before1 = await stockOf(server.db, v1);
    const res = await placeOrder(server.url, buyer.token, orderBody([
      { v: v1, quantity: 1 },
      { v: v3, quantity: 3 },
    ]));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK_ITEMS', items: [{ variant_id: v3.variantId, available: 2 }] });
    expect((await stockOf(server.db, v1)).variant, 'the first line was given back').toBe(before1.variant);
    expect((await stockOf(server.db, v3)).variant).toBe(2);
  });

  it('a deleted product or a suspended shop has nothing to sell (available 0); an unknown variant is 404', async () => {
    const v4 = await sellableVariant(server.db, 5, 3);
    await updateProduct(server.db, v4.productId, { deleted: true });
    const gone = await placeOrder(server.url, buyer.token, orderBody([{ v: v4, quantity: 1 }]));
    expect(gone.status).toBe(422);
    expect(gone.body).toMatchObject({ code: 'OUT_OF_STOCK_ITEMS', items: [{ variant_id: v4.variantId, available: 0 }] });
    await updateProduct(server.db, v4.productId, { deleted: false });
    const unknown = await placeOrder(server.url, buyer.token, orderBody([{ v: { ...v1, variantId: 987654 }, quantity: 1 }]));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PRODUCT_NOT_FOUND');
    const mismatched = await placeOrder(server.url, buyer.token, orderBody([{ v: { ...v1, productId: v2.productId }, quantity: 1 }]));
    expect(mismatched.status).toBe(404);
  });

  it('card and PayPal are 422 PAYMENT_METHOD_UNAVAILABLE', async () => {
    for (const method of ['card', 'paypal'] as const) {
      const res = await placeOrder(server.url, buyer.token, orderBody([{ v: v1, quantity: 1 }], { payment_method: method }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', message: 'This payment method is coming soon.' });
    }
  });

  it('bad input is a 4xx, never a 5xx; a guest is 401', async () => {
    const good = orderBody([{ v: v1, quantity: 1 }]);
    const bodies: unknown[] = [
      {},
      [],
      '"x"',
      { ...good, items: [] },
      { ...good, client_ref: 'short' },
      { ...good, items: [{ ...good.items[0], quantity: 0 }] },
      { ...good, items: [{ ...good.items[0], unit_price: -1 }] },
      { ...good, shipping_info: { ...SHIPPING, country: 'FR' } },
      { ...good, shipping_info: { ...SHIPPING, city: 'Fès\u0000' } },
      { ...good, payment_method: 'bitcoin' },
      { ...good, coupon_code: 'X'.repeat(51) },
    ];
    for (const body of bodies) {
      const res = await placeOrder(server.url, buyer.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
    }
    const junk = await requestJson(server.url, 'POST', '/api/orders', '{"oops', { authorization: `Bearer ${buyer.token}` });
    expect(junk.status).toBe(400);
    const guest = await requestJson(server.url, 'POST', '/api/orders', good);
    expect(guest.status).toBe(401);
  });
});

describe('reading orders', () => {
  let mine: OrderDoc[] = [];
  beforeAll(async () => {
    const b = await registerUser(server.url);
    buyer = b;
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(server.url, b.token, orderBody([{ v: i === 2 ? v2 : v1, quantity: 1 }]));
      expect(res.status).toBe(201);
      mine.push(res.body.data);
    }
    mine = mine.reverse();
  });

  it('lists own orders newest first with paging meta; another buyer sees none of them', async () => {
    const res = await as<{ data: OrderDoc[]; meta: Record<string, number> }>(server.url, buyer.token, 'GET', '/api/orders?per_page=2');
    expect(res.status).toBe(200);
    expect(res.body.data.map((o) => o.order_id)).toEqual(mine.slice(0, 2).map((o) => o.order_id));
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    const page2 = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', '/api/orders?per_page=2&page=2');
    expect(page2.body.data.map((o) => o.order_id)).toEqual([mine[2]?.order_id]);
    const others = await as<{ data: OrderDoc[] }>(server.url, other.token, 'GET', '/api/orders');
    expect(others.body.data.filter((o) => mine.some((m) => m.order_id === o.order_id))).toEqual([]);
  });

  it('filters by status and searches by order number or item name', async () => {
    const first = mine[0] as OrderDoc;
    const bySearch = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', `/api/orders?search=${first.order_number.slice(-6).toLowerCase()}`);
    expect(bySearch.body.data.map((o) => o.order_id)).toEqual([first.order_id]);
    const byName = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', `/api/orders?search=${encodeURIComponent(v2.name.slice(0, 6).toUpperCase())}`);
    expect(byName.body.data.map((o) => o.order_id)).toContain(first.order_id);
    const wild = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', '/api/orders?search=%25');
    expect(wild.body.data).toEqual([]);
    const pending = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', '/api/orders?status=pending');
    expect(pending.body.data).toHaveLength(3);
    const all = await as<{ data: OrderDoc[] }>(server.url, buyer.token, 'GET', '/api/orders?status=all');
    expect(all.body.data).toHaveLength(3);
    expect((await as(server.url, buyer.token, 'GET', '/api/orders?status=delivered')).body.data).toEqual([]);
    expect((await as(server.url, buyer.token, 'GET', '/api/orders?status=lost')).status).toBe(400);
    expect((await as(server.url, buyer.token, 'GET', '/api/orders?per_page=51')).status).toBe(400);
  });

  it('customer_id is ignored when it is the caller and 403 when it is not', async () => {
    expect((await as(server.url, buyer.token, 'GET', `/api/orders?customer_id=${buyer.user.id}`)).status).toBe(200);
    const res = await as(server.url, buyer.token, 'GET', `/api/orders?customer_id=${other.user.id}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('reads one order by id or by client ref; another buyer’s or an unknown one is 404 order_not_found', async () => {
    const first = mine[0] as OrderDoc;
    for (const key of [String(first.order_id), first.id]) {
      const res = await as<{ data: OrderDoc }>(server.url, buyer.token, 'GET', `/api/orders/${key}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(first);
    }
    for (const [token, key] of [
      [other.token, String(first.order_id)],
      [other.token, first.id],
      [buyer.token, '987654'],
      [buyer.token, 'no%20such'],
    ] as const) {
      const res = await as(server.url, token, 'GET', `/api/orders/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, status: 'error', code: 'ORDER_NOT_FOUND', message: 'order_not_found' });
    }
  });
});

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels a pending order, restocks in the same transaction, payment failed, history grows, buyer poked', async () => {
    const b = await registerUser(server.url);
    const before = await stockOf(server.db, v1);
    const placed = await placeOrder(server.url, b.token, orderBody([{ v: v1, quantity: 3 }]));
    expect((await stockOf(server.db, v1)).variant).toBe(before.variant - 3);
    changes.length = 0;
    const res = await as<{ data: OrderDoc; message: string }>(server.url, b.token, 'POST', `/api/orders/${placed.body.data.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order cancelled');
    expect(res.body.data).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(res.body.data.history.map((h) => h.status)).toEqual(['pending', 'cancelled']);
    expect(res.body.data.updatedAt).toBeGreaterThan(placed.body.data.updatedAt);
    const after = await stockOf(server.db, v1);
    expect(after.variant).toBe(before.variant);
    expect(after.sales).toBe(before.sales);
    expect(changes).toContainEqual({ collection: 'orders', userId: Number(b.user.id), checkpoint: { updatedAt: res.body.data.updatedAt, id: placed.body.data.id } });

    const again = await as(server.url, b.token, 'POST', `/api/orders/${placed.body.data.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', message: 'This order can no longer be cancelled.' });
    expect((await stockOf(server.db, v1)).variant, 'no second restock').toBe(before.variant);
  });

  it('a shipped order cannot be cancelled; another buyer gets 404', async () => {
    const b = await registerUser(server.url);
    const placed = await placeOrder(server.url, b.token, orderBody([{ v: v1, quantity: 1 }]));
    const id = placed.body.data.order_id;
    expect((await as(server.url, other.token, 'POST', `/api/orders/${id}/cancel`)).status).toBe(404);
    await server.db.kysely.updateTable('orders').set({ status: 'shipped' }).where('id', '=', id).execute();
    const res = await as(server.url, b.token, 'POST', `/api/orders/${id}/cancel`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ORDER_NOT_CANCELLABLE');
  });
});
