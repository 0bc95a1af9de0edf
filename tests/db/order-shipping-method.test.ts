/**
 * The shipping method on the client (decisions.md "Shipping in Morocco"): the cart query's totals for a country
 * and a method (free standard delivery in Morocco from the threshold, express = standard + the surcharge, express
 * abroad counted as standard), and an order placed with a method: sent in the body, its optimistic totals and
 * estimated delivery for that method; express abroad is refused before anything is queued.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeCartMeta } from '../../src/db/cart';
import type { SoukDatabase } from '../../src/db/database';
import { queuePlaceOrder } from '../../src/db/orders';
import { findCart } from '../../src/db/queries/cart';
import { findOrder } from '../../src/db/queries/orders';
import { estimatedDeliveryOf, SHIPPING_POLICY, SHIPPING_RATES, totalsOf } from '../../src/domain/commerce';
import type { PlaceOrderBody } from '../../src/domain/commerce-schemas';
import { addMoney } from '../../src/domain/money';
import { cartLine, SHIPPING_MA } from './support/commerce-fixtures';
import { openTestDatabase } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const SHIPPING = SHIPPING_MA;
const ABROAD = { ...SHIPPING, city: 'Riyadh', state: 'Riyadh', postal_code: '11564', country: 'SA' as const };

/** A unit price such that one unit is below the free-delivery threshold and two reach it. */
const UNIT = SHIPPING_POLICY.freeStandardFrom / 2 + 0.5;
const NOW = Date.UTC(2025, 0, 6, 9); // a Monday

async function withLines(quantity: number): Promise<SoukDatabase> {
  db = await openTestDatabase();
  await db.cart_items.insert(cartLine(11, { unit_price: UNIT, quantity, stock_quantity: 10 }));
  return db;
}

describe('cart totals for a shipping method', () => {
  it('in Morocco below the threshold: standard is the cart rule, express the cart rule plus the surcharge', async () => {
    const db = await withLines(1);
    const standard = await findCart(db, 'MA');
    expect(standard.shipping_method).toBe('standard');
    expect(standard.totals.shipping_amount).toBe(SHIPPING_RATES.MA.base);
    const express = await findCart(db, 'MA', 'express');
    expect(express.shipping_method).toBe('express');
    expect(express.totals.shipping_amount).toBe(addMoney(SHIPPING_RATES.MA.base, SHIPPING_POLICY.expressSurcharge));
    expect(express.totals.total_amount).toBe(addMoney(standard.totals.total_amount, SHIPPING_POLICY.expressSurcharge));
  });

  it('in Morocco from the threshold (goods after the coupon): standard is free, express costs the surcharge', async () => {
    const db = await withLines(2);
    expect((await findCart(db, 'MA')).totals.shipping_amount).toBe(0);
    expect((await findCart(db, 'MA', 'express')).totals.shipping_amount).toBe(SHIPPING_POLICY.expressSurcharge);
    // A coupon taking the goods below the threshold brings the cart rule back.
    await writeCartMeta(db, { coupon: { code: 'TEN', kind: 'fixed', value: 10, minSubtotal: 0 }, coupon_code: 'TEN' });
    expect((await findCart(db, 'MA')).totals.shipping_amount).toBe(addMoney(SHIPPING_RATES.MA.base, SHIPPING_RATES.MA.extra));
  });

  it('abroad only standard: express asked is counted as standard, by the cart rule whatever the goods', async () => {
    const db = await withLines(2);
    const cart = await findCart(db, 'SA', 'express');
    expect(cart.shipping_method).toBe('standard');
    expect(cart.totals.shipping_amount).toBe(addMoney(SHIPPING_RATES.default.base, SHIPPING_RATES.default.extra));
  });
});

describe('placing an order with a shipping method', () => {
  it('express in Morocco: sent in the body, the totals and the estimated delivery are express ones', async () => {
    const db = await withLines(1);
    const shown = await findCart(db, 'MA', 'express');
    const { order, entry } = await queuePlaceOrder(db, { shipping_info: SHIPPING, payment_method: 'cod', shipping_method: 'express' }, 42, NOW);
    const body = JSON.parse(entry.body ?? '') as PlaceOrderBody;
    expect(body.shipping_method).toBe('express');
    expect(order.shipping_method).toBe('express');
    const { item_count: _count, ...expressTotals } = shown.totals;
    expect(order).toMatchObject(expressTotals);
    expect(order.shipping_amount).toBe(totalsOf([{ unitPrice: UNIT, quantity: 1 }], 'MA', null, 'express').shipping_amount);
    expect(order.estimated_delivery).toBe(estimatedDeliveryOf(NOW, 'MA', 'express'));
    expect(order.estimated_delivery).toBeLessThan(estimatedDeliveryOf(NOW, 'MA', 'standard'));
    expect((await findOrder(db, order.id))?.shipping_method).toBe('express');
  });

  it('standard in Morocco from the threshold ships free', async () => {
    const db = await withLines(2);
    const { order, entry } = await queuePlaceOrder(db, { shipping_info: SHIPPING, payment_method: 'cod', shipping_method: 'standard' }, 42, NOW);
    expect((JSON.parse(entry.body ?? '') as PlaceOrderBody).shipping_method).toBe('standard');
    expect(order).toMatchObject({ shipping_method: 'standard', shipping_amount: 0, estimated_delivery: estimatedDeliveryOf(NOW, 'MA', 'standard') });
  });

  it('express abroad is refused before anything is queued; the cart keeps its lines', async () => {
    const db = await withLines(1);
    await expect(
      queuePlaceOrder(db, { shipping_info: ABROAD, payment_method: 'cod', shipping_method: 'express' }, 42, NOW),
    ).rejects.toThrow(/Morocco only/);
    expect(await db.outbox.count().exec()).toBe(0);
    expect(await db.orders.count().exec()).toBe(0);
    expect((await findCart(db)).lines).toHaveLength(1);
  });
});
