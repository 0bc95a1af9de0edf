/**
 * Review writes (docs/REVIEWS-FOLLOWS.md, "Reviews"): create, edit and delete
 * by the author, reactions by anyone else. Each runs in one write transaction
 * holding the products and reviews replication locks: the review row, its
 * images, the reaction counters and the product's rating and count commit
 * together or not at all. Pokes go out after COMMIT.
 */
import type { ReviewDoc, ReviewReaction } from '../../domain/social';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { lockProductRows, replicationClock, writeTransaction, type Tx } from '../db/write-transaction';
import { reviewJson, toReviewDocs } from './review-docs';
import { insertReviewImages, type StoredReviewImage } from './review-images';
import { recomputeProductRating } from './review-rating';

export interface NewReviewInput {
  productId: number;
  userId: number;
  rating: number;
  title: string;
  content: string;
  images: readonly StoredReviewImage[];
}

export interface ReviewPatch {
  rating?: number;
  title?: string;
  content?: string;
}

export type ReviewWrite<T> = { kind: 'ok'; value: T } | { kind: 'product_not_found' } | { kind: 'not_found' } | { kind: 'forbidden' } | { kind: 'exists' };

const TABLES = ['products', 'reviews'] as const;

async function readDoc(tx: Tx, id: number): Promise<ReviewDoc> {
  const row = await tx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const [doc] = await toReviewDocs(tx, [row]);
  if (!doc) throw new Error(`review ${id} vanished inside its own transaction`);
  return reviewJson(doc);
}

/** The name shown with a review: the user's first and last name, else their username. */
async function authorName(tx: Tx, userId: number): Promise<string | null> {
  const user = await tx.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.username : name;
}

/**
 * Runs a review write. `productOf` names the product whose rating the write recomputes (or null): its row is
 * locked before the clocks (lockProductRows), so the write never holds the clocks while it queues behind an
 * order for that row.
 */
async function run<T>(
  db: Database,
  fn: (tx: Tx, changes: CollectionChange[]) => Promise<ReviewWrite<T>>,
  productOf: (tx: Tx) => Promise<number | null> = () => Promise.resolve(null),
): Promise<ReviewWrite<T>> {
  const changes: CollectionChange[] = [];
  const rowsFirst = async (tx: Tx): Promise<void> => {
    const productId = await productOf(tx);
    if (productId !== null) await lockProductRows(db, tx, [productId]);
  };
  const result = await writeTransaction(
    db,
    TABLES,
    (tx) => {
      changes.length = 0; // a deadlock victim runs again (writeTransaction)
      return fn(tx, changes);
    },
    { rowsFirst },
  );
  if (result.kind === 'ok') for (const change of changes) db.changes.publish(change);
  return result;
}

async function productOfReview(tx: Tx, id: number): Promise<number | null> {
  const row = await tx.selectFrom('reviews').select('product_id').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.product_id) : null;
}

async function liveReview(tx: Tx, id: number) {
  return tx.selectFrom('reviews').select(['id', 'user_id', 'product_id']).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

/**
 * Verified purchase (docs/COMMERCE.md): the author has a delivered order containing the product.
 * Read under the reviews lock, which a delivery holds too, so a review and a delivery cannot miss each other.
 */
export async function hasDeliveredOrder(tx: Tx, userId: number, productId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', 'delivered')
    .where('order_items.product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An order of `userId` became delivered: their live, not yet verified reviews of `productIds` become verified
 * purchases, each with a new updated_at from the reviews clock so clients pull the badge. Returns the reviews poke.
 */
export async function markPurchasesVerified(tx: Tx, userId: number, productIds: readonly number[], now: number): Promise<CollectionChange | null> {
  if (productIds.length === 0) return null;
  const reviews = await tx
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .where('deleted', '=', 0)
    .where('verified_purchase', '=', 0)
    .orderBy('id')
    .execute();
  if (reviews.length === 0) return null;
  const clock = await replicationClock(tx, 'reviews', now);
  let last: CollectionChange | null = null;
  for (const r of reviews) {
    const updatedAt = clock.next();
    await tx.updateTable('reviews').set({ verified_purchase: 1, updated_at: updatedAt }).where('id', '=', Number(r.id)).execute();
    last = { collection: 'reviews', checkpoint: { updatedAt, id: String(r.id) } };
  }
  return last;
}

/**
 * Writes a new review inside the caller's write transaction (holding the products and reviews locks); the pokes
 * to send after COMMIT go to `changes`. Used by createReview and by the reviews of a delivered order.
 */
export async function createReviewIn(tx: Tx, changes: CollectionChange[], input: NewReviewInput, now: number): Promise<ReviewWrite<ReviewDoc>> {
  const product = await tx.selectFrom('products').select('id').where('id', '=', input.productId).where('deleted', '=', 0).executeTakeFirst();
  if (!product) return { kind: 'product_not_found' };
  const existing = await tx
    .selectFrom('reviews')
    .select('id')
    .where('product_id', '=', input.productId)
    .where('user_id', '=', input.userId)
    // Issue 24: a review the operator hid still counts as the author's one review.
    .where((eb) => eb.or([eb('deleted', '=', 0), eb('hidden', '=', 1)]))
    .executeTakeFirst();
  if (existing) return { kind: 'exists' };
  const name = await authorName(tx, input.userId);
  if (name === null) return { kind: 'forbidden' };
  const verified = await hasDeliveredOrder(tx, input.userId, input.productId);
  const updatedAt = (await replicationClock(tx, 'reviews', now)).next();
  const inserted = await tx
    .insertInto('reviews')
    .values({
      product_id: input.productId,
      user_id: input.userId,
      author_name: name,
      rating: input.rating,
      title: input.title,
      content: input.content,
      verified_purchase: verified ? 1 : 0,
      helpful_count: 0,
      not_helpful_count: 0,
      created_at: now,
      updated_at: updatedAt,
      deleted: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await insertReviewImages(tx, id, input.images, now);
  changes.push({ collection: 'reviews', checkpoint: { updatedAt, id: String(id) } });
  changes.push(await recomputeProductRating(tx, input.productId, now));
  return { kind: 'ok', value: await readDoc(tx, id) };
}

export function createReview(db: Database, input: NewReviewInput, now: number): Promise<ReviewWrite<ReviewDoc>> {
  return run<ReviewDoc>(db, (tx, changes) => createReviewIn(tx, changes, input, now), () => Promise.resolve(input.productId));
}

export function updateReview(db: Database, userId: number, id: number, patch: ReviewPatch, now: number): Promise<ReviewWrite<ReviewDoc>> {
  return run<ReviewDoc>(db, async (tx, changes) => {
    const review = await liveReview(tx, id);
    if (!review) return { kind: 'not_found' };
    if (Number(review.user_id) !== userId) return { kind: 'forbidden' };
    const updatedAt = (await replicationClock(tx, 'reviews', now)).next();
    await tx
      .updateTable('reviews')
      .set({ ...patch, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
    changes.push({ collection: 'reviews', checkpoint: { updatedAt, id: String(id) } });
    if (patch.rating !== undefined) changes.push(await recomputeProductRating(tx, Number(review.product_id), now));
    return { kind: 'ok', value: await readDoc(tx, id) };
  }, (tx) => (patch.rating === undefined ? Promise.resolve(null) : productOfReview(tx, id)));
}

export function deleteReview(db: Database, userId: number, id: number, now: number): Promise<ReviewWrite<null>> {
  return run<null>(db, async (tx, changes) => {
    const review = await liveReview(tx, id);
    if (!review) return { kind: 'not_found' };
    if (Number(review.user_id) !== userId) return { kind: 'forbidden' };
    const updatedAt = (await replicationClock(tx, 'reviews', now)).next();
    // Soft delete (replicated); the images and reactions go with it.
    await tx.updateTable('reviews').set({ deleted: 1, updated_at: updatedAt, helpful_count: 0, not_helpful_count: 0 }).where('id', '=', id).execute();
    await tx.deleteFrom('review_images').where('review_id', '=', id).execute();
    await tx.deleteFrom('review_reactions').where('review_id', '=', id).execute();
    changes.push({ collection: 'reviews', checkpoint: { updatedAt, id: String(id) } });
    changes.push(await recomputeProductRating(tx, Number(review.product_id), now));
    return { kind: 'ok', value: null };
  }, (tx) => productOfReview(tx, id));
}

export interface ReactionResult {
  helpfulCount: number;
  notHelpfulCount: number;
  reaction: ReviewReaction | null;
}

export function reactToReview(db: Database, userId: number, id: number, reaction: ReviewReaction | null, now: number): Promise<ReviewWrite<ReactionResult>> {
  return run<ReactionResult>(db, async (tx, changes) => {
    const review = await liveReview(tx, id);
    if (!review) return { kind: 'not_found' };
    if (Number(review.user_id) === userId) return { kind: 'forbidden' };
    await tx.deleteFrom('review_reactions').where('review_id', '=', id).where('user_id', '=', userId).execute();
    if (reaction !== null) await tx.insertInto('review_reactions').values({ review_id: id, user_id: userId, reaction, created_at: now }).execute();
    const counts = await tx
      .selectFrom('review_reactions')
      .where('review_id', '=', id)
      .select(['reaction', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('reaction')
      .execute();
    const helpfulCount = Number(counts.find((c) => c.reaction === 'helpful')?.n ?? 0);
    const notHelpfulCount = Number(counts.find((c) => c.reaction === 'not_helpful')?.n ?? 0);
    const updatedAt = (await replicationClock(tx, 'reviews', now)).next();
    await tx.updateTable('reviews').set({ helpful_count: helpfulCount, not_helpful_count: notHelpfulCount, updated_at: updatedAt }).where('id', '=', id).execute();
    changes.push({ collection: 'reviews', checkpoint: { updatedAt, id: String(id) } });
    return { kind: 'ok', value: { helpfulCount, notHelpfulCount, reaction } };
  });
}
