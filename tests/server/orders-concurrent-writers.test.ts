/**
 * Orders placed while other writers touch the same rows (docs/COMMERCE.md, "Placing an order"). On
 * PostgreSQL an order takes its clocks late (src/server/db/write-transaction.ts, lateClockTransaction), so it
 * runs beside the stock edits that take theirs up front and may meet them in a lock cycle, and two requests
 * for one order may both miss the other's uncommitted row. Whatever meets: no 5xx, one order per client_ref,
 * and stock, stock_quantity, sales_count and reviews_count agree at the end. On SQLite (one write lock) the
 * same answers.
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { registerUser, type HttpAnswer } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { as, orderBody, placeOrder, sellableVariant, stockOf, type SellableVariant } from './support/order-fixtures';

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

  // The same client_ref naming different products: no shared row orders the requests, so the later ones
  // collide on (user_id, client_ref) with the first; they run again and answer with its order.
  const w = await sellableVariant(db, 10, 5);
  const crossed = orderBody([{ v, quantity: 1 }]);
  const bodies = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? crossed : { ...crossed, items: orderBody([{ v: w, quantity: 1 }]).items }));
  const crossedAnswers = await Promise.all(bodies.map((b, i) => placeOrder(url, buyer.token, b, { 'idempotency-key': `crossed-${i}` })));
  expect(crossedAnswers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
  expect(new Set(crossedAnswers.map((a) => a.body.data.order_id)).size).toBe(1);
  const taken = 8 - (await stockOf(db, v)).variant + (10 - (await stockOf(db, w)).variant);
  expect(taken).toBe(1);
}

async function ordersBesideOtherWriters(url: string, db: Database): Promise<void> {
  const v = await sellableVariant(db, 100, 4);
  const sibling = await siblingOf(db, v);
  // Five orders placed before, to be cancelled during the burst (each cancel restocks, under the products clock).
  const earlier = await Promise.all(Array.from({ length: 5 }, () => registerUser(url)));
  const placedBefore = await Promise.all(earlier.map((b) => placeOrder(url, b.token, orderBody([{ v, quantity: 1 }]))));
  for (const p of placedBefore) expect(p.status).toBe(201);
  const before = await stockOf(db, v);
  expect(before.variant).toBe(95);
  const product = async () =>
    db.kysely.selectFrom('products').select(['updated_at', 'reviews_count']).where('id', '=', v.productId).executeTakeFirstOrThrow();
  const productBefore = await product();
  const buyers = await Promise.all(Array.from({ length: 30 }, () => registerUser(url)));

  // At once: 30 orders of one unit; 10 stock edits of the product's other variant (each its own value); the 5
  // cancels; 5 reviews of the product (each recomputes its rating). All but the orders take their clocks up front.
  const orders: ReturnType<typeof placeOrder>[] = [];
  const edits: Promise<{ value: number; updatedAt: number }>[] = [];
  const others: Promise<HttpAnswer<unknown>>[] = [];
  buyers.forEach((b, i) => {
    orders.push(placeOrder(url, b.token, orderBody([{ v, quantity: 1 }]), { 'idempotency-key': `beside-${i}` }));
    if (i % 3 === 0) {
      const value = 10 + i;
      edits.push(updateProduct(db, v.productId, { stock: [{ variantId: sibling, quantity: value }] }).then((doc) => ({ value, updatedAt: Number(doc?.updatedAt) })));
    }
    if (i % 6 === 0) {
      const k = i / 6;
      const buyer = earlier[k];
      const order = placedBefore[k];
      if (buyer && order) others.push(as(url, buyer.token, 'POST', `/api/orders/${order.body.data.id}/cancel`));
      others.push(as(url, b.token, 'POST', '/api/reviews', { product_id: v.productId, rating: 1 + (i % 5), content: `Beside ${i}` }));
    }
  });
  const [answers, edited, otherAnswers] = await Promise.all([Promise.all(orders), Promise.all(edits), Promise.all(others)]);
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
  for (const a of otherAnswers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
  expect(otherAnswers).toHaveLength(10);

  const after = await stockOf(db, v);
  expect(after.variant).toBe(95 - 30 + 5);
  expect(after.sales).toBe(before.sales + 30 - 5);
  // The sibling holds the value of the edit that committed last (the highest updated_at).
  const lastEdit = [...edited].sort((x, y) => y.updatedAt - x.updatedAt)[0];
  const siblingStock = await db.kysely.selectFrom('product_variants').select('stock').where('id', '=', sibling).executeTakeFirstOrThrow();
  expect(Number(siblingStock.stock)).toBe(lastEdit?.value);
  const productAfter = await product();
  expect(Number(productAfter.reviews_count)).toBe(Number(productBefore.reviews_count) + 5);
  expect(Number(productAfter.updated_at)).toBeGreaterThan(Number(productBefore.updated_at));
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
  'orders beside other writers: one order per client_ref under ten keys; orders, stock edits, cancels and reviews of one product at once',
  async (url, db) => {
    await sameOrderUnderManyKeys(url, db);
    await ordersBesideOtherWriters(url, db);
  },
  { sqliteTimeoutMs: 120_000, postgresTimeoutMs: 180_000 },
);
