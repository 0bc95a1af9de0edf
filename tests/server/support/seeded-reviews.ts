/**
 * Checks that a seeded database's products carry the rating and review count
 * their live review rows give (round(10 × average), as every review write
 * leaves them), and that the review rows themselves are consistent: a review
 * is a verified purchase exactly when its author has a delivered (demo) order
 * holding the product (the verification bumps its updated_at, so only the
 * unverified ones keep the insertion order of the clock).
 */
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { SEED_EPOCH_MS } from '../../../src/server/seed/product-generator';

export async function expectSeededRatingsFromRows(db: Database): Promise<{ products: number; reviews: number }> {
  const products = await db.kysely.selectFrom('products').select(['id', 'rating_x10', 'reviews_count', 'created_at']).orderBy('id').execute();
  // What the rows give, computed by the database itself.
  const grouped = await db.kysely
    .selectFrom('reviews')
    .where('deleted', '=', 0)
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('rating').as('total')])
    .groupBy('product_id')
    .execute();
  const byProduct = new Map(grouped.map((g) => [Number(g.product_id), { n: Number(g.n), total: Number(g.total) }]));
  const expected = products.map((p) => {
    const g = byProduct.get(Number(p.id)) ?? { n: 0, total: 0 };
    return { id: Number(p.id), rating_x10: g.n === 0 ? 0 : Math.round((g.total * 10) / g.n), reviews_count: g.n };
  });
  expect(products.map((p) => ({ id: Number(p.id), rating_x10: Number(p.rating_x10), reviews_count: Number(p.reviews_count) }))).toEqual(expected);

  const reviews = await db.kysely.selectFrom('reviews').selectAll().orderBy('id').execute();
  const created = new Map(products.map((p) => [Number(p.id), Number(p.created_at)]));
  const reactions = await db.kysely
    .selectFrom('review_reactions')
    .select(['review_id', 'reaction', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['review_id', 'reaction'])
    .execute();
  const reactionCounts = new Map(reactions.map((r) => [`${Number(r.review_id)}:${r.reaction}`, Number(r.n)]));
  const counted = (id: number, reaction: string) => reactionCounts.get(`${id}:${reaction}`) ?? 0;
  const delivered = await db.kysely
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.user_id', 'order_items.product_id'])
    .where('orders.status', '=', 'delivered')
    .execute();
  const bought = new Set(delivered.map((d) => `${Number(d.user_id)}:${Number(d.product_id)}`));
  // Collected, not asserted row by row: 50,000 products carry well over 100,000 reviews.
  const wrong: string[] = [];
  const stamps = new Set<number>();
  let lastUpdatedAt = -Infinity;
  for (const r of reviews) {
    const id = Number(r.id);
    const createdAt = Number(r.created_at);
    if (stamps.has(Number(r.updated_at))) wrong.push(`${id}: updated_at shared`);
    stamps.add(Number(r.updated_at));
    if (r.verified_purchase === 0) {
      if (!(Number(r.updated_at) > lastUpdatedAt)) wrong.push(`${id}: updated_at not increasing`);
      lastUpdatedAt = Number(r.updated_at);
    }
    if (!(createdAt >= (created.get(Number(r.product_id)) ?? Infinity) && createdAt <= SEED_EPOCH_MS)) wrong.push(`${id}: created_at out of range`);
    if ((r.verified_purchase === 1) !== bought.has(`${Number(r.user_id)}:${Number(r.product_id)}`)) wrong.push(`${id}: verified ≠ a delivered order`);
    if (Number(r.helpful_count) !== counted(id, 'helpful') || Number(r.not_helpful_count) !== counted(id, 'not_helpful')) wrong.push(`${id}: reaction counts`);
  }
  expect(wrong.slice(0, 10)).toEqual([]);
  return { products: products.length, reviews: reviews.length };
}
