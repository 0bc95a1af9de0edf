/**
 * Shipping on the server (issue 21, decisions.md "Shipping in Morocco"): the order and the cart charge what
 * the policy pages promise. In Morocco standard delivery is free from 500 MAD of goods after the coupon,
 * else 50 + 10 per extra item; express is 30 more and arrives sooner; abroad the cart rule stands and
 * express is refused. The expected amounts are written out, not computed with the rule under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays } from '../../src/domain/commerce';
import { EXPRESS_ABROAD_MESSAGE, orderDocSchema } from '../../src/domain/commerce-schemas';
import { registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as, orderBody, placeOrder, SHIPPING, stockOf, type SellableVariant } from './support/order-fixtures';
import { pricedVariant } from './support/priced-variant';

let server: AuthServer;
let buyer: RegisteredUser;
let dear: SellableVariant; // 439 MAD
let cheap: SellableVariant; // 120 MAD
let mid: SellableVariant; // 520 MAD

beforeAll(async () => {
  server = await startAuthServer();
  buyer = await registerUser(server.url);
  dear = await pricedVariant(server.db, 0, 439);
  cheap = await pricedVariant(server.db, 1, 120);
  mid = await pricedVariant(server.db, 2, 520);
});
afterAll(async () => {
  await server?.close();
});

async function place(lines: { v: SellableVariant; quantity: number }[], patch: Record<string, unknown> = {}) {
  const res = await placeOrder(server.url, buyer.token, { ...orderBody(lines), ...patch });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return orderDocSchema.parse(res.body.data);
}

describe('orders in Morocco', () => {
  it('1,317 MAD of goods: standard delivery is free (the reported 50 MAD charge)', async () => {
    const order = await place([{ v: dear, quantity: 3 }]);
    expect(order).toMatchObject({ subtotal: 1317, shipping_amount: 0, tax_amount: 263.4, total_amount: 1580.4, shipping_method: 'standard' });
    expect(order.estimated_delivery).toBe(addBusinessDays(order.created_at, 7));
  });

  it('express on the same order: 30 MAD, and delivery within 4 business days', async () => {
    const order = await place([{ v: dear, quantity: 3 }], { shipping_method: 'express' });
    expect(order).toMatchObject({ subtotal: 1317, shipping_amount: 30, total_amount: 1610.4, shipping_method: 'express' });
    expect(order.estimated_delivery).toBe(addBusinessDays(order.created_at, 4));
    const row = await server.db.kysely.selectFrom('orders').select(['shipping_method', 'shipping_cents']).where('id', '=', order.order_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ shipping_method: 'express', shipping_cents: 3000 });
  });

  it('below 500 MAD: 50 + 10 per extra item; express 30 more', async () => {
    const standard = await place([{ v: cheap, quantity: 2 }]);
    expect(standard).toMatchObject({ subtotal: 240, shipping_amount: 60, tax_amount: 48, total_amount: 348 });
    const express = await place([{ v: cheap, quantity: 2 }], { shipping_method: 'express' });
    expect(express).toMatchObject({ subtotal: 240, shipping_amount: 90, total_amount: 378, shipping_method: 'express' });
  });

  it('the goods after the coupon decide: 520 MAD less SOUK50 (50 off) is 470, so standard costs 50', async () => {
    const plain = await place([{ v: mid, quantity: 1 }]);
    expect(plain).toMatchObject({ subtotal: 520, shipping_amount: 0 });
    const coupon = await place([{ v: mid, quantity: 1 }], { coupon_code: 'SOUK50' });
    expect(coupon).toMatchObject({ subtotal: 520, discount_amount: 50, shipping_amount: 50, tax_amount: 94, total_amount: 614 });
  });

  it('the order list and the personal pull carry the method', async () => {
    const order = await place([{ v: cheap, quantity: 1 }], { shipping_method: 'express' });
    const read = await as<{ data: { shipping_method: string } }>(server.url, buyer.token, 'GET', `/api/orders/${order.id}`);
    expect(read.body.data.shipping_method).toBe('express');
    const pulled = await as<{ documents: { id: string; shipping_method: string }[] }>(server.url, buyer.token, 'GET', '/api/sync/orders/pull?v=1&limit=1000');
    expect(pulled.status).toBe(200);
    expect(pulled.body.documents.find((d) => d.id === order.id)?.shipping_method).toBe('express');
  });
});

describe('orders abroad and refusals', () => {
  it('abroad the cart rule stands whatever the goods: 14.99 + 3 per extra item', async () => {
    const order = await place([{ v: dear, quantity: 3 }], { shipping_info: { ...SHIPPING, country: 'SA' } });
    expect(order).toMatchObject({ subtotal: 1317, shipping_amount: 20.99, shipping_method: 'standard' });
    expect(order.estimated_delivery).toBe(order.created_at + 14 * 24 * 60 * 60 * 1000);
  });

  it('express abroad, or a method that does not exist, is 422 VALIDATION on shipping_method and takes nothing', async () => {
    const before = await stockOf(server.db, dear);
    const abroad = await placeOrder(server.url, buyer.token, { ...orderBody([{ v: dear, quantity: 1 }]), shipping_method: 'express', shipping_info: { ...SHIPPING, country: 'AE' } });
    expect(abroad.status).toBe(422);
    expect(abroad.body).toMatchObject({ code: 'VALIDATION', message: EXPRESS_ABROAD_MESSAGE, errors: [{ parameter: 'shipping_method', message: EXPRESS_ABROAD_MESSAGE }] });
    for (const method of ['overnight', 42, 'EXPRESS']) {
      const bad = await placeOrder(server.url, buyer.token, { ...orderBody([{ v: dear, quantity: 1 }]), shipping_method: method });
      expect(bad.status, String(method)).toBe(422);
      expect(bad.body).toMatchObject({ code: 'VALIDATION', errors: [{ parameter: 'shipping_method' }] });
    }
    expect((await stockOf(server.db, dear)).variant).toBe(before.variant);
  });
});

describe('the cart', () => {
  it('GET /api/cart charges the same rule: free from 500 MAD of goods, the cart rule below', async () => {
    const b = await registerUser(server.url);
    const add = await as(server.url, b.token, 'POST', '/api/cart/items', { variant_id: cheap.variantId, quantity: 2 });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const below = await as<{ data: { subtotal: number; shipping_amount: number } }>(server.url, b.token, 'GET', '/api/cart?country=MA');
    expect(below.body.data).toMatchObject({ subtotal: 240, shipping_amount: 60 });
    await as(server.url, b.token, 'POST', '/api/cart/items', { variant_id: dear.variantId, quantity: 1 });
    const above = await as<{ data: { subtotal: number; shipping_amount: number } }>(server.url, b.token, 'GET', '/api/cart?country=MA');
    expect(above.body.data).toMatchObject({ subtotal: 679, shipping_amount: 0 });
    const abroad = await as<{ data: { shipping_amount: number } }>(server.url, b.token, 'GET', '/api/cart?country=SA');
    expect(abroad.body.data.shipping_amount).toBe(20.99);
  });
});
