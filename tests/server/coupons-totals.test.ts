/**
 * Cart totals on the wire (docs/COMMERCE.md; spec §9): shipping and tax per
 * country rule (MA 50 + 10 per extra item, 20 %; US 5.99 + 2, 8 %; elsewhere
 * 14.99 + 3, 10 %) and the seeded coupons (percent, fixed with a minimum,
 * percent with a minimum, expired), each checked against fixed figures and
 * against the shared totalsOf the client uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalsOf, type Coupon } from '../../src/domain/commerce';
import { authHeaders, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { cartCall, fixProduct, productWithVariants, variantOf, type CartBody, type FixedProduct } from './support/cart-fixtures';

let server: AuthServer;
let p: FixedProduct;

beforeAll(async () => {
  server = await startAuthServer();
  p = await fixProduct(server.db, await productWithVariants(server.db, 0), 100, [20]);
});
afterAll(async () => {
  await server?.close();
});

/** A fresh buyer with `quantity` units at 100 MAD. */
async function cartWith(quantity: number): Promise<Record<string, string>> {
  const h = authHeaders((await registerUser(server.url)).token);
  const r = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity }, h);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return h;
}

function expectTotals(cart: CartBody, figures: Partial<CartBody>): void {
  expect(cart).toMatchObject(figures);
  // The client's function gives the same figures from the same lines and coupon.
  const lines = cart.items.map((i) => ({ unitPrice: i.unit_price, quantity: i.quantity }));
  const coupon: Coupon | null = cart.coupon === null ? null : { ...cart.coupon, kind: cart.coupon.kind as Coupon['kind'] };
  expect(totalsOf(lines, cart.country, coupon)).toEqual({
    subtotal: cart.subtotal,
    discount_amount: cart.discount_amount,
    shipping_amount: cart.shipping_amount,
    tax_amount: cart.tax_amount,
    total_amount: cart.total_amount,
    item_count: cart.item_count,
  });
}

describe('shipping and tax by country', () => {
  it('MA (the default): 50 + 10 per extra item, tax 20 %', async () => {
    const h = await cartWith(2);
    const cart = (await cartCall(server.url, 'GET', '/api/cart', undefined, h)).body.data;
    expectTotals(cart, { country: 'MA', subtotal: 200, shipping_amount: 60, tax_amount: 40, discount_amount: 0, total_amount: 300, item_count: 2 });
    expectTotals((await cartCall(server.url, 'GET', '/api/cart?country=MA', undefined, h)).body.data, { total_amount: 300 });
  });

  it('US: 5.99 + 2 per extra item, tax 8 %', async () => {
    const h = await cartWith(2);
    const cart = (await cartCall(server.url, 'GET', '/api/cart?country=US', undefined, h)).body.data;
    expectTotals(cart, { country: 'US', subtotal: 200, shipping_amount: 7.99, tax_amount: 16, total_amount: 223.99 });
  });

  it('elsewhere: 14.99 + 3 per extra item, tax 10 %', async () => {
    const h = await cartWith(3);
    const cart = (await cartCall(server.url, 'GET', '/api/cart?country=FR', undefined, h)).body.data;
    expectTotals(cart, { country: 'FR', subtotal: 300, shipping_amount: 20.99, tax_amount: 30, total_amount: 350.99 });
  });

  it('the write answers are totalled for ?country= too', async () => {
    const h = authHeaders((await registerUser(server.url)).token);
    const r = await cartCall(server.url, 'POST', '/api/cart/items?country=US', { variant_id: variantOf(p, 0), quantity: 1 }, h);
    expectTotals(r.body.data, { country: 'US', subtotal: 100, shipping_amount: 5.99, tax_amount: 8, total_amount: 113.99 });
  });

  it('a discounted product: the unit price is the variant price less the product discount', async () => {
    const sale = await fixProduct(server.db, await productWithVariants(server.db, 1), 200, [5]);
    await server.db.kysely.updateTable('products').set({ discount_cents: 15_000, effective_cents: 15_000, has_discount: 1 }).where('id', '=', sale.productId).execute();
    const h = authHeaders((await registerUser(server.url)).token);
    const r = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(sale, 0), quantity: 2 }, h);
    expect(r.body.data.items[0]).toMatchObject({ unit_price: 150, line_total: 300 });
    expectTotals(r.body.data, { subtotal: 300, shipping_amount: 60, tax_amount: 60, total_amount: 420 });
  });
});

describe('coupons', () => {
  it('WELCOME10: 10 % off, no minimum; tax on the discounted goods', async () => {
    const h = await cartWith(2);
    const r = await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'WELCOME10' }, h);
    expect(r.status).toBe(200);
    expectTotals(r.body.data, { coupon_code: 'WELCOME10', subtotal: 200, discount_amount: 20, shipping_amount: 60, tax_amount: 36, total_amount: 276 });
    expectTotals((await cartCall(server.url, 'GET', '/api/cart?country=US', undefined, h)).body.data, { discount_amount: 20, tax_amount: 14.4, total_amount: 202.39 });
  });

  it('SOUK50: 50 MAD off from 300 MAD; below → COUPON_INVALID', async () => {
    const low = await cartWith(2);
    const refused = await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'SOUK50' }, low);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Invalid coupon code' });
    const h = await cartWith(3);
    const r = await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'souk50' }, h);
    expect(r.status).toBe(200);
    expect(r.body.data.coupon).toEqual({ code: 'SOUK50', kind: 'fixed', value: 50, minSubtotal: 300 });
    expectTotals(r.body.data, { subtotal: 300, discount_amount: 50, shipping_amount: 70, tax_amount: 50, total_amount: 370 });
  });

  it('RAMADAN20: 20 % from 500 MAD; below → COUPON_INVALID', async () => {
    const low = await cartWith(4);
    expect((await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'RAMADAN20' }, low)).body.code).toBe('COUPON_INVALID');
    const h = await cartWith(5);
    const r = await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'RAMADAN20' }, h);
    expectTotals(r.body.data, { subtotal: 500, discount_amount: 100, shipping_amount: 90, tax_amount: 80, total_amount: 570 });
  });

  it('EXPIRED5 and unknown codes are invalid; an inactive coupon too', async () => {
    const h = await cartWith(1);
    for (const code of ['EXPIRED5', 'expired5', 'NOT-A-CODE', 'x'.repeat(51)]) {
      const r = await cartCall(server.url, 'POST', '/api/cart/coupon', { code }, h);
      expect(r.status, code).toBe(422);
      expect(r.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Invalid coupon code' });
    }
    await server.db.kysely.updateTable('coupons').set({ active: 0 }).where('code', '=', 'WELCOME10').execute();
    try {
      expect((await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'WELCOME10' }, h)).body.code).toBe('COUPON_INVALID');
    } finally {
      await server.db.kysely.updateTable('coupons').set({ active: 1 }).where('code', '=', 'WELCOME10').execute();
    }
  });

  it('a coupon that expires after it was applied stops counting (coupon null, no discount)', async () => {
    const h = await cartWith(2);
    await server.db.kysely
      .insertInto('coupons')
      .values({ code: 'SHORT5', kind: 'percent', value: 5, min_subtotal_cents: 0, expires_at: Date.now() + 60_000, active: 1, created_at: Date.now() })
      .execute();
    expect((await cartCall(server.url, 'POST', '/api/cart/coupon', { code: 'SHORT5' }, h)).body.data.discount_amount).toBe(10);
    await server.db.kysely.updateTable('coupons').set({ expires_at: Date.now() - 1 }).where('code', '=', 'SHORT5').execute();
    expectTotals((await cartCall(server.url, 'GET', '/api/cart', undefined, h)).body.data, { coupon: null, coupon_code: null, discount_amount: 0, total_amount: 300 });
  });
});
