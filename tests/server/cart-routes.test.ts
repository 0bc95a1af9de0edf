/**
 * The cart API of a signed-in user (docs/COMMERCE.md, "Cart API"), against a
 * real server on loopback over a real SQLite file: every endpoint, every
 * refusal with its code, status and the spec's text, stock caps, the cart
 * poke, and the identities (no credentials, a refused bearer, a cookie session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { authHeaders, cookieSession, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { cartCall, fixProduct, productWithVariants, variantOf, type FixedProduct } from './support/cart-fixtures';

let server: AuthServer;
let h: Record<string, string>;
let userId: number;
/** Variants: [0] stock 5, [1] stock 0, [2+] 0 — price 100. */
let p: FixedProduct;
/** All variants out of stock. */
let soldOut: FixedProduct;
/** First variant 0, second 3: stock_id picks the second. */
let later: FixedProduct;

beforeAll(async () => {
  server = await startAuthServer();
  const u = await registerUser(server.url);
  h = authHeaders(u.token);
  userId = Number(u.user.id);
  p = await fixProduct(server.db, await productWithVariants(server.db, 0), 100, [5, 0]);
  soldOut = await fixProduct(server.db, await productWithVariants(server.db, 1), 80, []);
  later = await fixProduct(server.db, await productWithVariants(server.db, 2), 60, [0, 3]);
});
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, headers = h) => cartCall(server.url, method, path, body, headers);

async function expectRefusal(answer: Awaited<ReturnType<typeof call>>, status: number, code: string, message: string): Promise<void> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ success: false, status: 'error', code, message });
}

describe('reading the cart', () => {
  it('an empty cart for a user who never added anything, with zero totals', async () => {
    const u = await registerUser(server.url);
    const r = await call('GET', '/api/cart', undefined, authHeaders(u.token));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, status: 'success' });
    expect(r.body.data).toMatchObject({ items: [], coupon_code: null, coupon: null, country: 'MA', subtotal: 0, shipping_amount: 0, tax_amount: 0, total_amount: 0, item_count: 0 });
    expect(r.headers.get('cache-control')).toContain('no-store');
  });

  it('without a bearer or a guest token → 401 "Authentication required"', async () => {
    await expectRefusal(await call('GET', '/api/cart', undefined, {}), 401, 'UNAUTHENTICATED', 'Authentication required');
  });

  it('a refused bearer on any cart path → 401 AUTH_FAILED with authError', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }],
      ['PUT', `/api/cart/items/${variantOf(p, 0)}`, { quantity: 1 }],
      ['DELETE', '/api/cart', undefined],
      ['POST', '/api/cart/checkout', undefined],
      ['POST', '/api/cart/merge', undefined],
    ] as const) {
      const r = await call(method, path, body, { authorization: 'Bearer not-a-real-token' });
      await expectRefusal(r, 401, 'AUTH_FAILED', 'Authentication failed. Please log in again.');
      expect(r.body.authError).toBe(true);
    }
  });

  it('?country= takes two upper-case letters; anything else is 422 VALIDATION', async () => {
    for (const bad of ['ma', 'MAR', '1A', 'M']) {
      const r = await call('GET', `/api/cart?country=${bad}`);
      expect(r.status, bad).toBe(422);
      expect(r.body.code).toBe('VALIDATION');
      expect(r.body.errors?.[0]?.parameter).toBe('country');
    }
    expect((await call('GET', '/api/cart?country=FR')).body.data.country).toBe('FR');
  });
});

describe('adding', () => {
  it('by variant_id: a line whose id is the variant id, then adding again adds to it', async () => {
    await call('DELETE', '/api/cart');
    const v = variantOf(p, 0);
    const first = await call('POST', '/api/cart/items', { variant_id: v, quantity: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Item added to cart');
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.items[0]).toMatchObject({ id: v, variant_id: v, product_id: p.productId, stock_id: p.productId, quantity: 2, unit_price: 100, line_total: 200 });
    expect(first.body.data.items[0]?.product.stock_quantity).toBe(5);
    const again = await call('POST', '/api/cart/items', { variant_id: v, product_id: p.productId, quantity: 1 });
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0]?.quantity).toBe(3);
    expect(again.body.data.item_count).toBe(3);
  });

  it('beyond the remaining stock → 422 STOCK_EXCEEDED "Cannot add {n} items. Only {m} more available in stock"', async () => {
    // 3 of 5 are in the cart.
    const r = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 3 });
    await expectRefusal(r, 422, 'STOCK_EXCEEDED', 'Cannot add 3 items. Only 2 more available in stock');
    expect(r.body.available).toBe(2);
    expect((await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 2 })).status).toBe(200);
    const full = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 });
    await expectRefusal(full, 422, 'STOCK_EXCEEDED', 'Cannot add 1 items. Only 0 more available in stock');
    expect(full.body.available).toBe(0);
  });

  it('a variant with no stock → 422 OUT_OF_STOCK "This item is out of stock"', async () => {
    await expectRefusal(await call('POST', '/api/cart/items', { variant_id: variantOf(p, 1), quantity: 1 }), 422, 'OUT_OF_STOCK', 'This item is out of stock');
  });

  it('by stock_id (the product id): its first variant by id that has stock; none → OUT_OF_STOCK', async () => {
    const r = await call('POST', '/api/cart/items', { stock_id: later.productId, quantity: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.items.find((i) => i.product_id === later.productId)?.variant_id).toBe(variantOf(later, 1));
    await expectRefusal(await call('POST', '/api/cart/items', { stock_id: soldOut.productId, quantity: 1 }), 422, 'OUT_OF_STOCK', 'This item is out of stock');
  });

  it('validation: the spec texts and codes, never a 5xx', async () => {
    await expectRefusal(await call('POST', '/api/cart/items', { product_id: -4, stock_id: p.productId, quantity: 1 }), 400, 'INVALID_PRODUCT_ID', 'Invalid product ID');
    await expectRefusal(await call('POST', '/api/cart/items', { product_id: 'abc', stock_id: p.productId, quantity: 1 }), 400, 'INVALID_PRODUCT_ID', 'Invalid product ID');
    await expectRefusal(await call('POST', '/api/cart/items', { product_id: p.productId, quantity: 1 }), 400, 'STOCK_OR_VARIANT_REQUIRED', 'Either stock_id or variant_id must be provided');
    await expectRefusal(await call('POST', '/api/cart/items', { quantity: 1 }), 400, 'STOCK_OR_VARIANT_REQUIRED', 'Either stock_id or variant_id must be provided');
    for (const quantity of [0, -1, 1.5, 'x', null, undefined]) {
      const r = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity });
      await expectRefusal(r, 422, 'QUANTITY_MIN', 'Quantity must be at least 1');
      expect(r.body.errors).toEqual([{ parameter: 'quantity', message: 'Quantity must be at least 1' }]);
    }
    expect((await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 100 })).status).toBe(422);
    await expectRefusal(await call('POST', '/api/cart/items', { variant_id: 99_999_999, quantity: 1 }), 404, 'PRODUCT_NOT_FOUND', 'Product not found');
    await expectRefusal(await call('POST', '/api/cart/items', { stock_id: 99_999_999, quantity: 1 }), 404, 'PRODUCT_NOT_FOUND', 'Product not found');
    // product_id must match the variant's product.
    await expectRefusal(
      await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), product_id: soldOut.productId, quantity: 1 }),
      404,
      'PRODUCT_NOT_FOUND',
      'Product not found',
    );
    for (const body of ['[]', '"x"', '42', 'null']) {
      const r = await call('POST', '/api/cart/items', body);
      expect(r.status, body).toBe(422);
      expect(r.body.code).toBe('VALIDATION');
    }
    expect((await call('POST', '/api/cart/items', '{bad json')).status).toBe(400);
  });

  it('a deleted product cannot be added', async () => {
    const gone = await fixProduct(server.db, await productWithVariants(server.db, 3), 10, [4]);
    await server.db.kysely.updateTable('products').set({ deleted: 1 }).where('id', '=', gone.productId).execute();
    await expectRefusal(await call('POST', '/api/cart/items', { variant_id: variantOf(gone, 0), quantity: 1 }), 404, 'PRODUCT_NOT_FOUND', 'Product not found');
    await server.db.kysely.updateTable('products').set({ deleted: 0 }).where('id', '=', gone.productId).execute();
  });
});

describe('changing and removing lines', () => {
  it('PUT sets the quantity; above stock → 422 QUANTITY_EXCEEDS_STOCK with what is available', async () => {
    await call('DELETE', '/api/cart');
    const v = variantOf(p, 0);
    await call('POST', '/api/cart/items', { variant_id: v, quantity: 1 });
    const r = await call('PUT', `/api/cart/items/${v}`, { quantity: 4 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Cart updated');
    expect(r.body.data.items[0]?.quantity).toBe(4);
    const over = await call('PUT', `/api/cart/items/${v}`, { quantity: 6 });
    await expectRefusal(over, 422, 'QUANTITY_EXCEEDS_STOCK', 'The requested quantity exceeds available stock');
    expect(over.body.available).toBe(5);
    await expectRefusal(await call('PUT', `/api/cart/items/${v}`, { quantity: 0 }), 422, 'QUANTITY_MIN', 'Quantity must be at least 1');
    await expectRefusal(await call('PUT', `/api/cart/items/${variantOf(later, 0)}`, { quantity: 1 }), 404, 'CART_ITEM_NOT_FOUND', 'Cart item not found');
    await expectRefusal(await call('PUT', '/api/cart/items/abc', { quantity: 1 }), 404, 'CART_ITEM_NOT_FOUND', 'Cart item not found');
  });

  it('DELETE removes a line; an unknown line → 404 CART_ITEM_NOT_FOUND', async () => {
    const v = variantOf(p, 0);
    const r = await call('DELETE', `/api/cart/items/${v}`);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Item removed from cart');
    expect(r.body.data.items).toEqual([]);
    await expectRefusal(await call('DELETE', `/api/cart/items/${v}`), 404, 'CART_ITEM_NOT_FOUND', 'Cart item not found');
    await expectRefusal(await call('DELETE', '/api/cart/items/0'), 404, 'CART_ITEM_NOT_FOUND', 'Cart item not found');
  });

  it('DELETE /api/cart empties the cart and drops the coupon', async () => {
    await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 2 });
    await call('POST', '/api/cart/coupon', { code: 'WELCOME10' });
    const r = await call('DELETE', '/api/cart');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Cart cleared');
    expect(r.body.data).toMatchObject({ items: [], coupon_code: null, total_amount: 0 });
  });

  it('a line limit of 50 different items → 422 CART_LIMIT', async () => {
    const u = await registerUser(server.url);
    const uh = authHeaders(u.token);
    const variants = await server.db.kysely
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select('product_variants.id')
      .where('products.deleted', '=', 0)
      .where('product_variants.stock', '>', 0)
      .orderBy('product_variants.id')
      .limit(51)
      .execute();
    expect(variants.length).toBe(51);
    for (const v of variants.slice(0, 50)) expect((await call('POST', '/api/cart/items', { variant_id: v.id, quantity: 1 }, uh)).status).toBe(200);
    const r = await call('POST', '/api/cart/items', { variant_id: variants[50]?.id, quantity: 1 }, uh);
    await expectRefusal(r, 422, 'CART_LIMIT', 'Your cart cannot hold more than 50 different items');
  });
});

describe('coupons', () => {
  it('POST /api/cart/coupon: required, invalid, applied (any case), removed', async () => {
    await call('DELETE', '/api/cart');
    await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 });
    await expectRefusal(await call('POST', '/api/cart/coupon', { code: '' }), 422, 'COUPON_REQUIRED', 'Please enter a coupon code');
    await expectRefusal(await call('POST', '/api/cart/coupon', { code: '   ' }), 422, 'COUPON_REQUIRED', 'Please enter a coupon code');
    await expectRefusal(await call('POST', '/api/cart/coupon', {}), 422, 'COUPON_REQUIRED', 'Please enter a coupon code');
    await expectRefusal(await call('POST', '/api/cart/coupon', { code: 'NOPE' }), 422, 'COUPON_INVALID', 'Invalid coupon code');
    await expectRefusal(await call('POST', '/api/cart/coupon', { code: 'EXPIRED5' }), 422, 'COUPON_INVALID', 'Invalid coupon code');
    const applied = await call('POST', '/api/cart/coupon', { code: ' welcome10 ' });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Coupon applied');
    expect(applied.body.data.coupon_code).toBe('WELCOME10');
    expect(applied.body.data.coupon).toEqual({ code: 'WELCOME10', kind: 'percent', value: 10, minSubtotal: 0 });
    expect(applied.body.data.discount_amount).toBe(10);
    const removed = await call('DELETE', '/api/cart/coupon');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Coupon removed');
    expect(removed.body.data).toMatchObject({ coupon_code: null, coupon: null, discount_amount: 0 });
    expect((await call('DELETE', '/api/cart/coupon')).status).toBe(200);
  });
});

describe('checkout', () => {
  it('re-checks every line: empty → CART_EMPTY; stock now short → QUANTITY_EXCEEDS_STOCK; none → OUT_OF_STOCK; else ready', async () => {
    await call('DELETE', '/api/cart');
    await expectRefusal(await call('POST', '/api/cart/checkout'), 422, 'CART_EMPTY', 'Your cart is empty');
    const fresh = await registerUser(server.url);
    await expectRefusal(await call('POST', '/api/cart/checkout', undefined, authHeaders(fresh.token)), 422, 'CART_EMPTY', 'Your cart is empty');

    const own = await fixProduct(server.db, await productWithVariants(server.db, 4), 50, [4]);
    const v = variantOf(own, 0);
    await call('POST', '/api/cart/items', { variant_id: v, quantity: 3 });
    const ok = await call('POST', '/api/cart/checkout');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ success: true, data: { ready: true, cart: { subtotal: 150, item_count: 3 } } });

    await server.db.kysely.updateTable('product_variants').set({ stock: 2 }).where('id', '=', v).execute();
    const short = await call('POST', '/api/cart/checkout');
    await expectRefusal(short, 422, 'QUANTITY_EXCEEDS_STOCK', 'The requested quantity exceeds available stock');
    expect(short.body).toMatchObject({ available: 2, variant_id: v });

    await server.db.kysely.updateTable('product_variants').set({ stock: 0 }).where('id', '=', v).execute();
    await expectRefusal(await call('POST', '/api/cart/checkout'), 422, 'OUT_OF_STOCK', 'This item is out of stock');
    // The cart shows the stock now, so the buyer sees why.
    expect((await call('GET', '/api/cart')).body.data.items[0]?.product.stock_quantity).toBe(0);
    await server.db.kysely.updateTable('product_variants').set({ stock: 4 }).where('id', '=', v).execute();
  });

  it('a coupon whose minimum the cart no longer reaches → COUPON_INVALID at checkout (and no discount meanwhile)', async () => {
    await call('DELETE', '/api/cart');
    const own = await fixProduct(server.db, await productWithVariants(server.db, 5), 100, [9]);
    const v = variantOf(own, 0);
    await call('POST', '/api/cart/items', { variant_id: v, quantity: 3 });
    expect((await call('POST', '/api/cart/coupon', { code: 'SOUK50' })).body.data.discount_amount).toBe(50);
    const lowered = await call('PUT', `/api/cart/items/${v}`, { quantity: 2 });
    expect(lowered.body.data).toMatchObject({ coupon_code: 'SOUK50', discount_amount: 0, subtotal: 200 });
    await expectRefusal(await call('POST', '/api/cart/checkout'), 422, 'COUPON_INVALID', 'Invalid coupon code');
    await call('DELETE', '/api/cart');
  });

  it('needs a signed-in user', async () => {
    await expectRefusal(await call('POST', '/api/cart/checkout', undefined, {}), 401, 'UNAUTHENTICATED', 'Unauthenticated.');
  });
});

describe('pokes and sessions', () => {
  it("every change pokes `cart` to the owner's streams; a refusal pokes nothing", async () => {
    const seen: CollectionChange[] = [];
    const stop = server.db.changes.subscribe((c) => seen.push(c));
    try {
      await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 });
      await call('PUT', `/api/cart/items/${variantOf(p, 0)}`, { quantity: 2 });
      await call('POST', '/api/cart/coupon', { code: 'WELCOME10' });
      await call('DELETE', '/api/cart/coupon');
      await call('DELETE', `/api/cart/items/${variantOf(p, 0)}`);
      await call('DELETE', '/api/cart');
      const before = seen.length;
      await call('POST', '/api/cart/items', { variant_id: variantOf(p, 1), quantity: 1 });
      expect(seen.length).toBe(before);
    } finally {
      stop();
    }
    const carts = seen.filter((c) => c.collection === 'cart');
    expect(carts).toHaveLength(6);
    for (const c of carts) expect(c.userId).toBe(userId);
    const stamps = carts.map((c) => c.checkpoint.updatedAt);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('a cookie session works like the bearer, with CSRF on writes', async () => {
    const u = await registerUser(server.url);
    const session = await cookieSession(server.url, u.token);
    const noCsrf = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, { cookie: `souk_session=${session.session}` });
    expect(noCsrf.status).toBe(419);
    const ok = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, session.headers);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const read = await call('GET', '/api/cart', undefined, authHeaders(u.token));
    expect(read.body.data.items[0]?.quantity).toBe(1);
  });
});
