/**
 * The demo orders (src/server/seed/seed-orders.ts): deterministic, valid
 * OrderDocs with the shared totals, every planned state present, each demo
 * buyer with a delivered order whose reviewed products are verified, and a
 * second run adds nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { totalsOf } from '../../src/domain/commerce';
import { orderDocSchema } from '../../src/domain/commerce-schemas';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { toOrderDocs } from '../../src/server/repositories/orders';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { DEMO_ORDER_BUYERS, seedDemoOrders } from '../../src/server/seed/seed-orders';
import { openTestDatabase, type OpenTestDatabase } from '../helpers/test-database';

const opened: OpenTestDatabase[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

async function seeded(products: number): Promise<Database> {
  const o = await openTestDatabase();
  opened.push(o);
  const { db } = o;
  await migrateToLatest(db);
  await seedDemo(db, { products });
  return db;
}

async function docs(db: Database) {
  const rows = await db.kysely.selectFrom('orders').selectAll().orderBy('user_id').orderBy('client_ref').execute();
  return (await toOrderDocs(db.kysely, rows)).map(({ updatedAt: _, ...d }) => d);
}

describe('demo orders', () => {
  it('are deterministic, valid and totalled by the shared rules; every state appears; a second run adds nothing', async () => {
    const a = await seeded(80);
    const b = await seeded(120);
    const orders = await docs(a);
    expect(orders.length).toBeGreaterThanOrEqual(DEMO_ORDER_BUYERS * 2);
    expect(orders, 'the same orders whatever the product count (products 1–60 only)').toEqual(await docs(b));
    for (const o of orders) {
      orderDocSchema.parse({ ...o, updatedAt: 0 });
      const t = totalsOf(o.items.map((i) => ({ unitPrice: i.unit_price, quantity: i.quantity })), 'MA', null);
      expect(o.total_amount).toBe(t.total_amount);
      expect(o.order_number).toMatch(/^SK-\d{6}-[A-Z0-9]{6}$/);
      expect(o.history[0]?.status).toBe('pending');
      expect(o.history.at(-1)?.status).toBe(o.status);
      expect(o.payment_status).toBe(o.status === 'delivered' ? 'paid' : o.status === 'cancelled' ? 'failed' : 'pending');
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']));
    expect(new Set(orders.filter((o) => o.status === 'delivered').map((o) => o.customer_id)).size).toBe(DEMO_ORDER_BUYERS);

    const verified = await a.kysely.selectFrom('reviews').select(['user_id', 'product_id']).where('verified_purchase', '=', 1).execute();
    expect(verified.length).toBeGreaterThan(0);
    for (const r of verified) {
      expect(orders.some((o) => o.status === 'delivered' && o.customer_id === Number(r.user_id) && o.items.some((i) => i.product_id === Number(r.product_id)))).toBe(true);
    }

    expect(await seedDemoOrders(a)).toBe(orders.length);
    expect(await docs(a)).toEqual(orders);
  }, 60_000);
});
