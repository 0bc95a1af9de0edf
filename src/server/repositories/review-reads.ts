/**
 * GET /api/products/{id}/reviews: a product's live reviews, filtered (rating,
 * with images), sorted (newest, helpful, rating; newest then id break ties so
 * pages never overlap) and paged, with the summary over all its live reviews.
 */
import { sql, type SqlBool } from 'kysely';
import type { ReviewDoc, ReviewSort, ReviewSummary } from '../../domain/social';
import type { Database } from '../db/database';
import { reviewJson, toReviewDocs } from './review-docs';
import { ratingX10Of } from './review-rating';

export interface ReviewListQuery {
  page: number;
  limit: number;
  rating?: number;
  withImages?: boolean;
  sort: ReviewSort;
}

export interface ReviewList {
  items: ReviewDoc[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
  summary: ReviewSummary;
}

async function summaryOf(db: Database, productId: number): Promise<ReviewSummary> {
  const rows = await db.kysely
    .selectFrom('reviews')
    .where('product_id', '=', productId)
    .where('deleted', '=', 0)
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('rating')
    .execute();
  const distribution: ReviewSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let total = 0;
  for (const r of rows) {
    const rating = Number(r.rating);
    const n = Number(r.n);
    const key = String(rating);
    if (key === '1' || key === '2' || key === '3' || key === '4' || key === '5') distribution[key] = n;
    count += n;
    total += rating * n;
  }
  // The same rounding as products.rating_x10, so the two always agree.
  const average = ratingX10Of(total, count) / 10;
  return { average, count, distribution };
}

/** null when the product does not exist (or is deleted). */
export async function listReviews(db: Database, productId: number, q: ReviewListQuery): Promise<ReviewList | null> {
  const product = await db.kysely.selectFrom('products').select('id').where('id', '=', productId).where('deleted', '=', 0).executeTakeFirst();
  if (!product) return null;
  const base = () => {
    let query = db.kysely.selectFrom('reviews').where('reviews.product_id', '=', productId).where('reviews.deleted', '=', 0);
    if (q.rating !== undefined) query = query.where('reviews.rating', '=', q.rating);
    if (q.withImages === true) {
      query = query.where(sql<SqlBool>`exists (select 1 from review_images where review_images.review_id = reviews.id)`);
    } else if (q.withImages === false) {
      query = query.where(sql<SqlBool>`not exists (select 1 from review_images where review_images.review_id = reviews.id)`);
    }
    return query;
  };
  const countRow = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  let listed = base().selectAll('reviews');
  if (q.sort === 'helpful') listed = listed.orderBy('reviews.helpful_count', 'desc');
  if (q.sort === 'rating') listed = listed.orderBy('reviews.rating', 'desc');
  const rows = await listed
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const docs = await toReviewDocs(db.kysely, rows);
  return {
    items: docs.map(reviewJson),
    total,
    page: q.page,
    perPage: q.limit,
    lastPage: Math.max(1, Math.ceil(total / q.limit)),
    summary: await summaryOf(db, productId),
  };
}
