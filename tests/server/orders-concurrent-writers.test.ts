/**
 * Orders placed while other writers touch the same rows (docs/COMMERCE.md, "Placing an order"). On
 * PostgreSQL an order takes its clocks late (src/server/db/write-transaction.ts, lateClockTransaction), so it
 * runs beside the stock edits that take theirs up front and may meet them in a lock cycle, and two requests
 * for one order may both miss the other's uncommitted row. Whatever meets: no 5xx, one order per client_ref,
 * and stock, stock_quantity and sales_count agree at the end. On SQLite (one write lock) the same answers.
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { registerUser } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { orderBody, placeOrder, sellableVariant, stockOf, type SellableVariant } from './support/order-fixtures';

/** Another variant of v's product. */
async function siblingOf(db: Database, v: SellableVariant): Promise<number> {
  const row = await db.kysely
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', v.productId)
    .where('id', '<>', v.variantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function sameOrderUnderManyKeys(url: string, db: Database): Promise<void> {
  const v = await sellableVariant(db, 10, 3);
  const buyer = await registerUser(url);
  const body = orderBody([{ v, quantity: 2 }]);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => placeOrder(url, buyer.token, body, { 'idempotency-key': `same-ref-${i}` })));
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
  // One creates the order (201); each other one answers with it (200).
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  expect(new Set(answers.map((a) => a.body.data.order_id)).size).toBe(1);
  const rows = await db.kysely.selectFrom('orders').select(['id', 'updated_at']).where('client_ref', '=', body.client_ref).execute();
  expect(rows).toHaveLength(1);
  // Every answer carries the order as committed, its updated_at stamped last included.
  for (const a of answers) expect(a.body.data.updatedAt).toBe(Number(rows[0]?.updated_at));
  expect((await stockOf(db, v)).variant).toBe(8);
}

async function ordersBesideStockEdits(url: string, db: Database): Promise<void> {
  const v = await sellableVariant(db, 100, 4);
  const sibling = await siblingOf(db, v);
  const before = await stockOf(db, v);
  const updatedBefore = await db.kysely.selectFrom('products').select('updated_at').where('id', '=', v.productId).executeTakeFirstOrThrow();
  const buyers = await Promise.all(Array.from({ length: 30 }, () => registerUser(url)));
  // 30 orders of one unit, and between them 10 stock edits of the product's other variant (the product's row
  // and its variants, with the products clock taken up front).
  const work: Promise<unknown>[] = [];
  const orders: ReturnType<typeof placeOrder>[] = [];
  buyers.forEach((b, i) => {
    const order = placeOrder(url, b.token, orderBody([{ v, quantity: 1 }]), { 'idempotency-key': `beside-${i}` });
    orders.push(order);
    work.push(order);
    if (i % 3 === 0) work.push(updateProduct(db, v.productId, { stock: [{ variantId: sibling, quantity: 7 }] }));
  });
  await Promise.all(work);
  const answers = await Promise.all(orders);
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
  const after = await stockOf(db, v);
  expect(after.variant).toBe(70);
  expect(after.sales).toBe(before.sales + 30);
  const siblingStock = await db.kysely.selectFrom('product_variants').select('stock').where('id', '=', sibling).executeTakeFirstOrThrow();
  expect(Number(siblingStock.stock)).toBe(7);
  const updatedAfter = await db.kysely.selectFrom('products').select('updated_at').where('id', '=', v.productId).executeTakeFirstOrThrow();
  expect(Number(updatedAfter.updated_at)).toBeGreaterThan(Number(updatedBefore.updated_at));
  // Every order's updated_at is its own: stamped under the orders clock, strictly increasing.
  const stamps = await db.kysely
    .selectFrom('orders')
    .select('updated_at')
    .where(
      'client_ref',
      'in',
      answers.map((a) => a.body.data.id),
    )
    .execute();
  expect(stamps).toHaveLength(30);
  expect(new Set(stamps.map((s) => Number(s.updated_at))).size).toBe(30);
}

onSqliteAndPostgres(
  'orders beside other writers: one order per client_ref under ten keys; orders and stock edits of one product at once',
  async (url, db) => {
    await sameOrderUnderManyKeys(url, db);
    await ordersBesideStockEdits(url, db);
  },
  { sqliteTimeoutMs: 120_000, postgresTimeoutMs: 180_000 },
);
