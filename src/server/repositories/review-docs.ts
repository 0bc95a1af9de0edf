/** Reviews as ReviewDoc, the one mapping from rows used by REST and replication (images read alongside). */
import type { ReviewDoc } from '../../domain/social';
import type { ReviewRow } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { reviewImageUrl } from '../media/review-image-urls';

export interface ReviewDocWithFlag extends ReviewDoc {
  _deleted: boolean;
}

/** Image URLs per review id, in upload order. */
async function imagesOf(tx: Tx, reviewIds: readonly number[]): Promise<Map<number, string[]>> {
  const byReview = new Map<number, string[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await tx
    .selectFrom('review_images')
    .select(['review_id', 'file'])
    .where('review_id', 'in', [...reviewIds])
    .orderBy('review_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const id = Number(row.review_id);
    byReview.set(id, [...(byReview.get(id) ?? []), reviewImageUrl(row.file)]);
  }
  return byReview;
}

/** The shop's reply (0025's columns), or null. */
function replyOf(row: ReviewRow): ReviewDoc['reply'] {
  if (row.reply === null || row.reply === undefined) return null;
  const createdAt = Number(row.reply_created_at);
  return { content: row.reply, createdAt, updatedAt: Number(row.reply_updated_at ?? createdAt) };
}

export function toReviewDoc(row: ReviewRow, images: string[]): ReviewDocWithFlag {
  return {
    id: String(row.id),
    productId: Number(row.product_id),
    userId: Number(row.user_id),
    authorName: row.author_name,
    rating: Number(row.rating),
    title: row.title,
    content: row.content,
    images,
    verifiedPurchase: Number(row.verified_purchase) === 1,
    helpfulCount: Number(row.helpful_count),
    notHelpfulCount: Number(row.not_helpful_count),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    reply: replyOf(row),
    _deleted: Number(row.deleted) === 1,
  };
}

export async function toReviewDocs(tx: Tx, rows: readonly ReviewRow[]): Promise<ReviewDocWithFlag[]> {
  const images = await imagesOf(tx, rows.map((r) => Number(r.id)));
  return rows.map((r) => toReviewDoc(r, images.get(Number(r.id)) ?? []));
}

/** The public JSON of a review: the document without the replication flag. */
export function reviewJson(doc: ReviewDocWithFlag): ReviewDoc {
  const { _deleted: _ignored, ...json } = doc;
  return json;
}
