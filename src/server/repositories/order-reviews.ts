/**
 * Reviews from an order (docs/COMMERCE.md, "Orders API"): which of a delivered
 * order's products the buyer has reviewed, and reviewing several at once. The
 * reviews of one submission are written in one transaction (all or nothing);
 * products already reviewed are skipped, not refused. They are verified
 * purchases by construction (the order is delivered and holds the product).
 */
import type { ReviewDoc } from '../../domain/social';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { lockProductRows, writeTransaction, type Tx } from '../db/write-transaction';
import { findOwnOrderRow } from './orders';
import { createReviewIn } from './review-writes';

export interface ReviewStatus {
  order_id: number;
  delivered: boolean;
  /** hidden_reason (issue 24): the operator's reason when they hid the buyer's review of it, else null. */
  items: { product_id: number; reviewed: boolean; review_id: number | null; hidden_reason: string | null }[];
}

async function orderProductIds(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await tx.selectFrom('order_items').select('product_id').where('order_id', '=', orderId).orderBy('position').execute();
  return [...new Set(rows.map((r) => Number(r.product_id)))];
}

/** The user's live reviews of these products, and (issue 24) those the operator hid, with the reason. */
async function liveReviewsOf(tx: Tx, userId: number, productIds: readonly number[]): Promise<Map<number, { id: number; hiddenReason: string | null }>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('reviews')
    .select(['id', 'product_id', 'hidden', 'hidden_reason'])
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .where((eb) => eb.or([eb('deleted', '=', 0), eb('hidden', '=', 1)]))
    .execute();
  return new Map(rows.map((r) => [Number(r.product_id), { id: Number(r.id), hiddenReason: Number(r.hidden) === 1 ? r.hidden_reason : null }]));
}

export async function orderReviewStatus(db: Database, userId: number, key: string): Promise<ReviewStatus | null> {
  const order = await findOwnOrderRow(db.kysely, userId, key);
  if (!order) return null;
  const productIds = await orderProductIds(db.kysely, Number(order.id));
  const reviewed = await liveReviewsOf(db.kysely, userId, productIds);
  return {
    order_id: Number(order.id),
    delivered: order.status === 'delivered',
    items: productIds.map((productId) => {
      const review = reviewed.get(productId) ?? null;
      return { product_id: productId, reviewed: review !== null, review_id: review?.id ?? null, hidden_reason: review?.hiddenReason ?? null };
    }),
  };
}

export interface OrderReviewInput {
  product_id: number;
  rating: number;
  title: string;
  content: string;
}

export type OrderReviewOutcome =
  | { kind: 'ok'; reviews: ReviewDoc[]; skipped: number[] }
  | { kind: 'not_found' }
  | { kind: 'not_delivered' }
  /** Indexes (in the body's list) of products the order does not hold. */
  | { kind: 'not_in_order'; indexes: number[] };

export async function submitOrderReviews(
  db: Database,
  userId: number,
  key: string,
  reviews: readonly OrderReviewInput[],
  now: number,
): Promise<OrderReviewOutcome> {
  const changes: CollectionChange[] = [];
  // The products' rows in id order, before the clocks (lockProductRows), whatever the body's order.
  const rowsFirst = (tx: Tx) => lockProductRows(db, tx, reviews.map((r) => r.product_id));
  const outcome = await writeTransaction(db, ['products', 'reviews'], async (tx): Promise<OrderReviewOutcome> => {
    changes.length = 0; // a deadlock victim runs again (writeTransaction)
    const order = await findOwnOrderRow(tx, userId, key);
    if (!order) return { kind: 'not_found' };
    if (order.status !== 'delivered') return { kind: 'not_delivered' };
    const inOrder = new Set(await orderProductIds(tx, Number(order.id)));
    const strangers = reviews.flatMap((r, i) => (inOrder.has(r.product_id) ? [] : [i]));
    if (strangers.length > 0) return { kind: 'not_in_order', indexes: strangers };
    const written: ReviewDoc[] = [];
    const skipped: number[] = [];
    for (const r of reviews) {
      const result = await createReviewIn(tx, changes, { productId: r.product_id, userId, rating: r.rating, title: r.title, content: r.content, images: [] }, now);
      if (result.kind === 'ok') written.push(result.value);
      // Already reviewed, or the product has left the catalogue since: nothing to write for it.
      else skipped.push(r.product_id);
    }
    return { kind: 'ok', reviews: written, skipped };
  }, { rowsFirst });
  if (outcome.kind === 'ok') for (const change of changes) db.changes.publish(change);
  return outcome;
}
