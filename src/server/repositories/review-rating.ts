/**
 * products.rating_x10 and reviews_count recomputed from the live review rows,
 * inside the transaction of every review write (which holds the products and
 * reviews locks: on PostgreSQL the advisory locks serialise these writers, on
 * SQLite BEGIN IMMEDIATE does), and the product's updated_at bumped so the
 * catalogue sync carries the new numbers.
 */
import type { CollectionChange } from '../changes/change-notifier';
import { replicationClock, type Tx } from '../db/write-transaction';

/** products.rating_x10 for `count` live reviews whose ratings add up to `total`: round(10 × average), in integers. */
export function ratingX10Of(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total * 10) / count);
}

export async function recomputeProductRating(tx: Tx, productId: number, now: number): Promise<CollectionChange> {
  const row = await tx
    .selectFrom('reviews')
    .where('product_id', '=', productId)
    .where('deleted', '=', 0)
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | null>('rating').as('total')])
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  const total = Number(row?.total ?? 0);
  const ratingX10 = ratingX10Of(total, count);
  const updatedAt = (await replicationClock(tx, 'products', now)).next();
  await tx.updateTable('products').set({ rating_x10: ratingX10, reviews_count: count, updated_at: updatedAt }).where('id', '=', productId).execute();
  return { collection: 'products', checkpoint: { updatedAt, id: String(productId) }, scope: 'counters' };
}
