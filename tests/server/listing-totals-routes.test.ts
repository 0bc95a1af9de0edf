/**
 * GET /api/products/all keeps its totals across writes that cannot change them (src/server/repositories/
 * listing-totals.ts), on SQLite and PostgreSQL: an order keeps every total but those filtered by in stock, a
 * review keeps them all, a product edit drops them all. To tell a kept total from a fresh count, a product
 * leaves the catalogue behind every notifier's back: only a fresh count shows it.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { registerUser } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { as, orderBody, placeOrder, sellableVariant, type SellableVariant } from './support/order-fixtures';

/** Sets every variant of v's product to 0, but v itself to `left`. */
async function leaveOnly(db: Database, v: SellableVariant, left: number): Promise<void> {
  const variants = await db.kysely.selectFrom('product_variants').select('id').where('product_id', '=', v.productId).execute();
  await updateProduct(db, v.productId, { stock: variants.map((r) => ({ variantId: Number(r.id), quantity: Number(r.id) === v.variantId ? left : 0 })) });
}

async function check(url: string, db: Database): Promise<void> {
  const total = async (query: string) => {
    const res = await fetch(`${url}/api/products/all?per_page=1&${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { meta: { total: number } }).meta.total;
  };
  const last = await sellableVariant(db, 1, 2);
  await leaveOnly(db, last, 1);
  const gone = await sellableVariant(db, 0, 3);
  await leaveOnly(db, gone, 0);
  const all = await total('sort=newest');
  const inStock = await total('inStock=true');

  // Out of stock, so no in-stock total counts it: only totals without that filter change, and only when counted.
  await sql`update products set deleted = 1 where id = ${gone.productId}`.execute(db.kysely);
  const buyer = await registerUser(url);
  expect((await placeOrder(url, buyer.token, orderBody([{ v: last, quantity: 1 }]))).status).toBe(201);
  expect(await total('sort=price-low-high')).toBe(all);
  expect(await total('inStock=true&sort=rating')).toBe(inStock - 1);

  const review = await as(url, buyer.token, 'POST', '/api/reviews', { product_id: last.productId, rating: 5, content: 'Kept' });
  expect(review.status).toBe(201);
  expect(await total('sort=rating')).toBe(all);

  // A product edit may change anything: every total is counted afresh, and the silent delete shows.
  await updateProduct(db, last.productId, { price: 321, discountPrice: null });
  expect(await total('sort=newest&page=2')).toBe(all - 1);
  expect(await total('inStock=true')).toBe(inStock - 1);
}

onSqliteAndPostgres('listing totals: kept through orders and reviews, counted afresh after a product edit', check);
