/**
 * The shop's replies to reviews (docs/SELLERS.md "Replies to reviews"): one reply per review, by the seller who
 * owns the reviewed product's shop, written and edited with the same call; and the seller's list of the reviews
 * of their products. A reply is a column of the review (0025), so it travels with it: the review gets a new
 * updated_at from the reviews clock and the change is announced, and REST reads, the reviews pull and the live
 * stream carry it.
 */
import type { ReviewDoc } from '../../domain/social';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import { replicationClock, writeTransaction } from '../db/write-transaction';
import { textsOf } from './text-columns';
import type { LocalizedText } from '../../domain/catalog-text';
import { reviewJson, toReviewDocs } from './review-docs';

export type ReplyOutcome = { kind: 'created' | 'updated' | 'unchanged'; review: ReviewDoc } | { kind: 'not_found' };

/** The live, shown review `id` of a product of the shop `userId` owns; undefined otherwise. */
async function ownReview(tx: Tx, userId: number, id: number) {
  return tx
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .selectAll('reviews')
    .where('reviews.id', '=', id)
    .where('reviews.deleted', '=', 0)
    .where('reviews.hidden', '=', 0)
    .where('shops.owner_user_id', '=', userId)
    .where('shops.deleted', '=', 0)
    .executeTakeFirst();
}

/** Writes (or replaces) the reply of the seller's shop to review `id`. `content` is trimmed and checked. */
export async function replyToReview(db: Database, userId: number, id: number, content: string, now: number): Promise<ReplyOutcome> {
  let change: CollectionChange | null = null;
  const outcome = await writeTransaction<ReplyOutcome>(db, ['reviews'], async (tx) => {
    change = null;
    const row = await ownReview(tx, userId, id);
    if (!row) return { kind: 'not_found' };
    const kind = row.reply === null ? 'created' : row.reply === content ? 'unchanged' : 'updated';
    if (kind !== 'unchanged') {
      const updatedAt = (await replicationClock(tx, 'reviews', now)).next();
      await tx
        .updateTable('reviews')
        .set({ reply: content, reply_created_at: row.reply_created_at ?? now, reply_updated_at: now, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
      change = { collection: 'reviews', checkpoint: { updatedAt, id: String(id) } };
    }
    const fresh = await tx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [doc] = await toReviewDocs(tx, [fresh]);
    if (!doc) throw new Error(`review ${id} vanished inside its own transaction`);
    return { kind, review: reviewJson(doc) };
  });
  if (change) db.changes.publish(change);
  return outcome;
}

/** A review in the seller's list: the review, and the product it is about. */
export interface SellerReview extends ReviewDoc {
  product: { id: number; names: LocalizedText; published: boolean };
}

export interface SellerReviewPage {
  items: SellerReview[];
  total: number;
  unreplied: number;
  page: number;
  perPage: number;
  lastPage: number;
}

/** The reviews of the products of the shop `userId` owns, newest first; only those without a reply when asked. */
export async function sellerReviews(db: Database, userId: number, q: { unreplied: boolean; page: number; perPage: number }): Promise<SellerReviewPage> {
  const base = () =>
    db.kysely
      .selectFrom('reviews')
      .innerJoin('products', 'products.id', 'reviews.product_id')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .where('shops.owner_user_id', '=', userId)
      .where('shops.deleted', '=', 0)
      .where('reviews.deleted', '=', 0)
      .where('reviews.hidden', '=', 0);
  const listed = () => (q.unreplied ? base().where('reviews.reply', 'is', null) : base());
  const [countRow, unrepliedRow] = await Promise.all([
    listed().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base().where('reviews.reply', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const rows = await listed()
    .selectAll('reviews')
    .select(['products.names_json as product_names_json', 'products.name as product_name', 'products.name_ar as product_name_ar', 'products.published as product_published'])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  const docs = await toReviewDocs(db.kysely, rows);
  const items = docs.map((doc, i) => {
    const row = rows[i]!;
    return {
      ...reviewJson(doc),
      product: { id: Number(row.product_id), names: textsOf(row.product_names_json, row.product_name, row.product_name_ar), published: Number(row.product_published) === 1 },
    };
  });
  const total = Number(countRow?.n ?? 0);
  return { items, total, unreplied: Number(unrepliedRow?.n ?? 0), page: q.page, perPage: q.perPage, lastPage: Math.max(1, Math.ceil(total / q.perPage)) };
}
