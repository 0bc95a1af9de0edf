/**
 * Guest carts (docs/COMMERCE.md, "Identities on cart paths"): a guest's first
 * write issues a Guest-Token (32 random bytes, base64url; only its SHA-256 is
 * stored), later requests reuse it, every answer carries it, a merge folds the
 * guest cart into the user's capped by stock and answers an empty token, and
 * the sweep drops guest carts untouched for 30 days.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CART_TTL_MS } from '../../src/server/repositories/carts';
import { authHeaders, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { cartCall, fixProduct, guestHeaders, productWithVariants, variantOf, type FixedProduct } from './support/cart-fixtures';

let server: AuthServer;
let p: FixedProduct;
let q: FixedProduct;

beforeAll(async () => {
  server = await startAuthServer();
  p = await fixProduct(server.db, await productWithVariants(server.db, 0), 100, [5, 2]);
  q = await fixProduct(server.db, await productWithVariants(server.db, 1), 40, [3]);
});
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => cartCall(server.url, method, path, body, headers);

async function newGuestCart(variantId: number, quantity: number): Promise<string> {
  const r = await call('POST', '/api/cart/items', { variant_id: variantId, quantity });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const token = r.headers.get('guest-token');
  if (!token) throw new Error('no Guest-Token in the answer');
  return token;
}

describe('the guest token', () => {
  it('a first write without a token makes a guest cart and answers its token; the database keeps only its hash', async () => {
    const token = await newGuestCart(variantOf(p, 0), 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await server.db.kysely.selectFrom('carts').select(['guest_token_hash', 'user_id']).where('user_id', 'is', null).execute();
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.map((r) => r.guest_token_hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('later requests with the token reuse the cart and answer the same token', async () => {
    const token = await newGuestCart(variantOf(p, 0), 1);
    const add = await call('POST', '/api/cart/items', { variant_id: variantOf(q, 0), quantity: 2 }, guestHeaders(token));
    expect(add.headers.get('guest-token')).toBe(token);
    expect(add.body.data.items.map((i) => [i.variant_id, i.quantity])).toEqual([
      [variantOf(p, 0), 1],
      [variantOf(q, 0), 2],
    ]);
    const read = await call('GET', '/api/cart?country=US', undefined, guestHeaders(token));
    expect(read.status).toBe(200);
    expect(read.headers.get('guest-token')).toBe(token);
    expect(read.body.data).toMatchObject({ country: 'US', subtotal: 180, item_count: 3 });
    const put = await call('PUT', `/api/cart/items/${variantOf(q, 0)}`, { quantity: 3 }, guestHeaders(token));
    expect(put.body.data.item_count).toBe(4);
    const coupon = await call('POST', '/api/cart/coupon', { code: 'WELCOME10' }, guestHeaders(token));
    expect(coupon.body.data.discount_amount).toBe(22);
    expect(coupon.headers.get('guest-token')).toBe(token);
    // A refusal carries the token too.
    const refused = await call('PUT', `/api/cart/items/${variantOf(q, 0)}`, { quantity: 9 }, guestHeaders(token));
    expect(refused.status).toBe(422);
    expect(refused.headers.get('guest-token')).toBe(token);
    const del = await call('DELETE', `/api/cart/items/${variantOf(q, 0)}`, undefined, guestHeaders(token));
    expect(del.body.data.item_count).toBe(1);
  });

  it('each token names its own cart', async () => {
    const a = await newGuestCart(variantOf(p, 0), 1);
    const b = await newGuestCart(variantOf(q, 0), 1);
    expect(a).not.toBe(b);
    expect((await call('GET', '/api/cart', undefined, guestHeaders(a))).body.data.items.map((i) => i.variant_id)).toEqual([variantOf(p, 0)]);
    expect((await call('GET', '/api/cart', undefined, guestHeaders(b))).body.data.items.map((i) => i.variant_id)).toEqual([variantOf(q, 0)]);
  });

  it('an unknown or malformed token: an empty cart and an empty token (the client drops its copy); a write with a malformed one gets a new token', async () => {
    const unknown = 'A'.repeat(43);
    const read = await call('GET', '/api/cart', undefined, guestHeaders(unknown));
    expect(read.status).toBe(200);
    expect(read.body.data.items).toEqual([]);
    expect(read.headers.get('guest-token')).toBe('');
    const malformed = await call('GET', '/api/cart', undefined, guestHeaders('short'));
    expect(malformed.headers.get('guest-token')).toBe('');
    const write = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, guestHeaders('short'));
    expect(write.status).toBe(200);
    expect(write.headers.get('guest-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const clear = await call('DELETE', '/api/cart', undefined, guestHeaders(unknown));
    expect(clear.status).toBe(200);
    expect(clear.headers.get('guest-token')).toBe('');
    const missingLine = await call('DELETE', `/api/cart/items/${variantOf(p, 0)}`);
    expect(missingLine.status).toBe(404);
    expect(missingLine.body.code).toBe('CART_ITEM_NOT_FOUND');
  });

  it('a refused first write makes no cart and hands out no token', async () => {
    const before = await server.db.kysely.selectFrom('carts').select('id').execute();
    const r = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 1), quantity: 3 });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'STOCK_EXCEEDED', message: 'Cannot add 3 items. Only 2 more available in stock', available: 2 });
    expect(r.headers.get('guest-token')).toBe('');
    expect(await server.db.kysely.selectFrom('carts').select('id').execute()).toHaveLength(before.length);
  });

  it('a guest cannot check out or merge (401), and the Guest-Token header does not open the wishlist', async () => {
    const token = await newGuestCart(variantOf(p, 0), 1);
    expect((await call('POST', '/api/cart/checkout', undefined, guestHeaders(token))).body.code).toBe('UNAUTHENTICATED');
    expect((await call('POST', '/api/cart/merge', undefined, guestHeaders(token))).body.code).toBe('UNAUTHENTICATED');
    expect((await call('GET', '/api/wishlist', undefined, guestHeaders(token))).status).toBe(401);
  });
});

describe('merging into the signed-in cart', () => {
  it('adds the quantities, capped by stock, drops lines out of stock, carries the coupon, deletes the guest cart, answers an empty token', async () => {
    const user = await registerUser(server.url);
    const h = authHeaders(user.token);
    // The user has 4 of p[0] (stock 5); the guest 3 of p[0], 2 of p[1] (stock 2), 3 of q[0] (stock 3).
    await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 4 }, h);
    const token = await newGuestCart(variantOf(p, 0), 3);
    await call('POST', '/api/cart/items', { variant_id: variantOf(p, 1), quantity: 2 }, guestHeaders(token));
    await call('POST', '/api/cart/items', { variant_id: variantOf(q, 0), quantity: 3 }, guestHeaders(token));
    await call('POST', '/api/cart/coupon', { code: 'WELCOME10' }, guestHeaders(token));
    // Meanwhile p[1] sells out.
    await server.db.kysely.updateTable('product_variants').set({ stock: 0 }).where('id', '=', variantOf(p, 1)).execute();

    const merged = await call('POST', '/api/cart/merge', undefined, { ...h, ...guestHeaders(token) });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.message).toBe('Cart merged');
    expect(merged.headers.get('guest-token')).toBe('');
    expect(merged.body.data.items.map((i) => [i.variant_id, i.quantity])).toEqual([
      [variantOf(p, 0), 5],
      [variantOf(q, 0), 3],
    ]);
    expect(merged.body.data.coupon_code).toBe('WELCOME10');
    // The guest cart is gone.
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await server.db.kysely.selectFrom('carts').select('id').where('guest_token_hash', '=', hash).execute()).toEqual([]);
    const guestRead = await call('GET', '/api/cart', undefined, guestHeaders(token));
    expect(guestRead.body.data.items).toEqual([]);
    expect(guestRead.headers.get('guest-token')).toBe('');
    // A second merge (or one without a guest cart) answers the same 200 with the user's cart.
    const again = await call('POST', '/api/cart/merge', undefined, { ...h, ...guestHeaders(token) });
    expect(again.status).toBe(200);
    expect(again.body.data.item_count).toBe(8);
    const none = await call('POST', '/api/cart/merge', undefined, h);
    expect(none.status).toBe(200);
    expect(none.headers.get('guest-token')).toBe('');
    await server.db.kysely.updateTable('product_variants').set({ stock: 2 }).where('id', '=', variantOf(p, 1)).execute();
  });

  it("the user's own coupon wins over the guest's; the merge pokes the user's cart", async () => {
    const user = await registerUser(server.url);
    const h = authHeaders(user.token);
    await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 3 }, h);
    await call('POST', '/api/cart/coupon', { code: 'SOUK50' }, h);
    const token = await newGuestCart(variantOf(q, 0), 1);
    await call('POST', '/api/cart/coupon', { code: 'WELCOME10' }, guestHeaders(token));
    const seen: unknown[] = [];
    const stop = server.db.changes.subscribe((c) => {
      if (c.collection === 'cart' && c.userId === Number(user.user.id)) seen.push(c);
    });
    try {
      const merged = await call('POST', '/api/cart/merge', undefined, { ...h, ...guestHeaders(token) });
      expect(merged.body.data.coupon_code).toBe('SOUK50');
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
  });

  it('with a session, a write that carries the Guest-Token lands in the guest cart (queued guest entries)', async () => {
    const user = await registerUser(server.url);
    const h = authHeaders(user.token);
    const token = await newGuestCart(variantOf(q, 0), 1);
    const r = await call('POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, { ...h, ...guestHeaders(token) });
    expect(r.headers.get('guest-token')).toBe(token);
    expect(r.body.data.item_count).toBe(2);
    expect((await call('GET', '/api/cart', undefined, h)).body.data.items).toEqual([]);
  });
});

describe('the sweep', () => {
  it('deletes guest carts untouched for 30 days, with their lines; user carts stay', async () => {
    const old = await newGuestCart(variantOf(q, 0), 1);
    const fresh = await newGuestCart(variantOf(q, 0), 1);
    const user = await registerUser(server.url);
    await call('POST', '/api/cart/items', { variant_id: variantOf(q, 0), quantity: 1 }, authHeaders(user.token));
    const hashOf = (t: string) => createHash('sha256').update(t).digest('hex');
    const longAgo = Date.now() - GUEST_CART_TTL_MS - 1000;
    await server.db.kysely.updateTable('carts').set({ updated_at: longAgo }).where('guest_token_hash', '=', hashOf(old)).execute();
    await server.db.kysely.updateTable('carts').set({ updated_at: longAgo }).where('user_id', '=', Number(user.user.id)).execute();
    const result = await server.app.sweepExpired();
    expect(result.guestCarts).toBe(1);
    expect((await call('GET', '/api/cart', undefined, guestHeaders(old))).headers.get('guest-token')).toBe('');
    expect((await call('GET', '/api/cart', undefined, guestHeaders(fresh))).body.data.item_count).toBe(1);
    expect((await call('GET', '/api/cart', undefined, authHeaders(user.token))).body.data.item_count).toBe(1);
    const orphans = await server.db.kysely
      .selectFrom('cart_items')
      .leftJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select('cart_items.cart_id')
      .where('carts.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });
});
