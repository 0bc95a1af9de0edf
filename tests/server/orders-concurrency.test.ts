/**
 * THE stock race (docs/COMMERCE.md, "Placing an order"): 50 buyers order the
 * last 5 units of one variant at once. Exactly 5 orders are placed (201), the
 * 45 others are refused with 422 OUT_OF_STOCK_ITEMS (available 0), the stock
 * ends at 0 (never negative) and the product's stock_quantity, in_stock and
 * sales_count agree. Then the idempotency guards: one POST replayed 10 times
 * with one Idempotency-Key is one order and ten identical answers; the same
 * key with another body is 422 IDEMPOTENCY_KEY_REUSED. On SQLite (BEGIN
 * IMMEDIATE) and on PostgreSQL (advisory locks; skipped with SOUK_SKIP_PG=1
 * like postgres.test.ts). Then the rest of the API once per dialect (search,
 * cancel, moves, verified reviews, the pull).
 */
import { expect } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import type { Database } from '../../src/server/db/database';
import { registerUser } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { as, orderBody, placeOrder, sellableVariant, stockOf } from './support/order-fixtures';

export interface RaceFigures {
  created: number;
  refused: number;
}

async function race(url: string, db: Database): Promise<RaceFigures> {
  const v = await sellableVariant(db, 5);
  const before = await stockOf(db, v);
  const buyers = await Promise.all(Array.from({ length: 50 }, () => registerUser(url)));
  const answers = await Promise.all(buyers.map((b, i) => placeOrder(url, b.token, orderBody([{ v, quantity: 1 }]), { 'idempotency-key': `race-${i}` })));
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
  const created = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 422);
  expect(created).toHaveLength(5);
  expect(refused).toHaveLength(45);
  for (const r of refused) {
    expect(r.body.code).toBe('OUT_OF_STOCK_ITEMS');
    expect(r.body.message).toBe('Some items are no longer available in the requested quantity.');
    expect(r.body.items).toEqual([{ variant_id: v.variantId, available: 0 }]);
  }
  const after = await stockOf(db, v);
  expect(after.variant).toBe(0);
  expect(after.product).toBe(before.product - 5);
  expect(after.sales).toBe(before.sales + 5);
  // Besides the demo orders the seed made before the race.
  const orders = await db.kysely
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.sum<number>('order_items.quantity').as('q'))
    .where('order_items.variant_id', '=', v.variantId)
    .where('orders.client_ref', 'not like', 'seed-order-%')
    .executeTakeFirstOrThrow();
  expect(Number(orders.q)).toBe(5);
  const numbers = new Set(created.map((c) => c.body.data.order_number));
  expect(numbers.size).toBe(5);
  return { created: created.length, refused: refused.length };
}

async function replay(url: string, db: Database): Promise<void> {
  const v = await sellableVariant(db, 20, 1);
  const buyer = await registerUser(url);
  const body = orderBody([{ v, quantity: 2 }]);
  const key = 'replay-key-1';
  const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(url, buyer.token, body, { 'idempotency-key': key })));
  // A repeat racing the first gets 409 IN_PROGRESS (the client retries); once done, every repeat gets the stored answer.
  for (const a of answers) expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
  const later = await Promise.all(Array.from({ length: 10 }, () => placeOrder(url, buyer.token, body, { 'idempotency-key': key })));
  const first = answers.find((a) => a.status === 201);
  expect(first).toBeDefined();
  for (const a of later) {
    expect(a.status).toBe(201);
    expect(a.body).toEqual(first?.body);
    expect(a.headers.get('idempotent-replayed')).toBe('true');
  }
  const rows = await db.kysely.selectFrom('orders').select('id').where('client_ref', '=', body.client_ref).execute();
  expect(rows).toHaveLength(1);
  expect((await stockOf(db, v)).variant).toBe(18);

  const reused = await placeOrder(url, buyer.token, { ...body, items: [{ ...body.items[0], quantity: 3 }] }, { 'idempotency-key': key });
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

  // The second guard: the same client_ref under a new key answers 200 with the existing order, nothing taken.
  const again = await placeOrder(url, buyer.token, body, { 'idempotency-key': 'replay-key-2' });
  expect(again.status).toBe(200);
  expect(again.body.data.order_id).toBe(first?.body.data.order_id);
  expect((await stockOf(db, v)).variant).toBe(18);
}

/** The rest of the orders API once on each dialect: search (LIKE with escapes), cancel with restock, moves, verified reviews, the pull. */
async function smoke(url: string, db: Database): Promise<void> {
  const v = await sellableVariant(db, 10, 2);
  const buyer = await registerUser(url);
  const adminUser = await registerUser(url);
  await db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(adminUser.user.id)).execute();
  const admin = (await as<{ token: string }>(url, '', 'POST', '/api/auth/login', { email: adminUser.email, password: adminUser.password })).body.token;
  const a = (await placeOrder(url, buyer.token, orderBody([{ v, quantity: 2 }]))).body.data;
  const b = (await placeOrder(url, buyer.token, orderBody([{ v, quantity: 1 }]))).body.data;
  expect((await stockOf(db, v)).variant).toBe(7);

  const found = await as<{ data: OrderDoc[] }>(url, buyer.token, 'GET', `/api/orders?search=${a.order_number.toLowerCase()}`);
  expect(found.body.data.map((o) => o.order_id)).toEqual([a.order_id]);
  expect((await as<{ data: OrderDoc[] }>(url, buyer.token, 'GET', '/api/orders?search=_')).body.data).toEqual([]);
  expect((await as<{ data: OrderDoc[] }>(url, buyer.token, 'GET', `/api/orders?search=${encodeURIComponent(v.name.toUpperCase())}`)).body.data).toHaveLength(2);

  const cancelled = await as<{ data: OrderDoc }>(url, buyer.token, 'POST', `/api/orders/${a.id}/cancel`);
  expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
  expect((await stockOf(db, v)).variant).toBe(9);

  const review = await as<{ data: { id: string; verifiedPurchase: boolean } }>(url, buyer.token, 'POST', '/api/reviews', { product_id: v.productId, rating: 4, content: 'Early' });
  expect(review.body.data.verifiedPurchase).toBe(false);
  const illegal = await as(url, admin, 'PATCH', `/api/seller/orders/${b.order_id}`, { status: 'delivered' });
  expect(illegal.status).toBe(422);
  expect(illegal.body.message).toBe('An order cannot move from pending to delivered.');
  for (const status of ['processing', 'shipped', 'delivered']) {
    expect((await as(url, admin, 'PATCH', `/api/seller/orders/${b.order_id}`, { status })).status).toBe(200);
  }
  const verified = await db.kysely.selectFrom('reviews').select('verified_purchase').where('id', '=', Number(review.body.data.id)).executeTakeFirstOrThrow();
  expect(Number(verified.verified_purchase)).toBe(1);

  const pulled = await as<{ documents: OrderDoc[] }>(url, buyer.token, 'GET', '/api/sync/orders/pull?v=1&limit=1');
  expect(pulled.body.documents).toHaveLength(1);
  const rest = await as<{ documents: OrderDoc[] }>(
    url,
    buyer.token,
    'GET',
    `/api/sync/orders/pull?v=1&updatedAt=${pulled.body.documents[0]?.updatedAt}&id=${pulled.body.documents[0]?.id}`,
  );
  expect([...pulled.body.documents, ...rest.body.documents].map((d) => [d.id, d.status]).sort()).toEqual(
    [
      [a.id, 'cancelled'],
      [b.id, 'delivered'],
    ].sort(),
  );
}

onSqliteAndPostgres(
  '50 buyers, 5 units: 5 placed, 45 refused, stock 0; one key replayed is one order',
  async (url, db, dialect) => {
    const figures = await race(url, db);
    console.info(`orders race on ${dialect}: ${figures.created} placed / ${figures.refused} refused of 50`);
    await replay(url, db);
    await smoke(url, db);
  },
  { sqliteTimeoutMs: 120_000, postgresTimeoutMs: 180_000 },
);
