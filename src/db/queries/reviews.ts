/**
 * A product's reviews from the local mirror, with the semantics of the server's
 * GET /api/products/{id}/reviews (src/server/repositories/review-reads.ts):
 * filter by rating and by having images, sort by newest / helpful / rating with
 * newest then id (as numbers, descending) breaking ties, one page, and the summary
 * over all the product's reviews (average rounded to one decimal like
 * products.rating_x10). A product has tens of reviews: they are read through the
 * productId index and shaped in memory.
 */
import type { Observable } from 'rxjs';
import type { RxDocument } from 'rxdb';
import {
  REVIEW_DEFAULT_PAGE_SIZE,
  REVIEW_MAX_PAGE_SIZE,
  REVIEW_SORTS,
  type ReviewDoc,
  type ReviewSort,
  type ReviewSummary,
} from '../../domain/social';
import type { DataQuery, ReviewsPage } from '../../workers/data-api';
import type { ReviewCollection } from '../database';
import { liveRead } from './live';

export type ReviewsQuery = Extract<DataQuery, { kind: 'reviews' }>;

interface NormalizedReviewsQuery {
  productId: number;
  page: number;
  limit: number;
  rating: number | undefined;
  withImages: boolean | undefined;
  sort: ReviewSort;
}

function positiveInt(value: number | undefined, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`reviews: ${name} must be an integer from 1 to ${max}`);
  return value;
}

export function normalizeReviewsQuery(q: ReviewsQuery): NormalizedReviewsQuery {
  if (!/^\d{1,18}$/.test(q.productId)) throw new RangeError('reviews: productId must be a numeric id');
  if (q.sort !== undefined && !REVIEW_SORTS.includes(q.sort)) throw new RangeError(`reviews: unknown sort ${JSON.stringify(q.sort)}`);
  return {
    productId: Number(q.productId),
    page: positiveInt(q.page, 1, 'page'),
    limit: positiveInt(q.limit, REVIEW_DEFAULT_PAGE_SIZE, 'limit', REVIEW_MAX_PAGE_SIZE),
    rating: q.rating === undefined ? undefined : positiveInt(q.rating, 1, 'rating', 5),
    withImages: q.withImages,
    sort: q.sort ?? 'newest',
  };
}

export function summarizeReviews(reviews: readonly ReviewDoc[]): ReviewSummary {
  const distribution: ReviewSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  for (const r of reviews) {
    const key = String(r.rating);
    if (key === '1' || key === '2' || key === '3' || key === '4' || key === '5') distribution[key] += 1;
    total += r.rating;
  }
  const count = reviews.length;
  return { average: count === 0 ? 0 : Math.round((total * 10) / count) / 10, count, distribution };
}

function compareIdsDesc(a: string, b: string): number {
  return a.length !== b.length ? b.length - a.length : a < b ? 1 : a > b ? -1 : 0;
}

function compareReviews(sort: ReviewSort) {
  return (a: ReviewDoc, b: ReviewDoc): number => {
    if (sort === 'helpful' && a.helpfulCount !== b.helpfulCount) return b.helpfulCount - a.helpfulCount;
    if (sort === 'rating' && a.rating !== b.rating) return b.rating - a.rating;
    if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
    return compareIdsDesc(a.id, b.id);
  };
}

/** The listing over all of a product's (live) reviews: the reference the local query and the server agree on. */
export function pageOfReviews(all: readonly ReviewDoc[], query: ReviewsQuery): ReviewsPage {
  const q = normalizeReviewsQuery(query);
  const own = all.filter((r) => r.productId === q.productId);
  const matching = own
    .filter(
      (r) =>
        (q.rating === undefined || r.rating === q.rating) &&
        (q.withImages === undefined || (r.images.length > 0) === q.withImages),
    )
    .sort(compareReviews(q.sort));
  const start = (q.page - 1) * q.limit;
  return {
    items: matching.slice(start, start + q.limit),
    total: matching.length,
    page: q.page,
    perPage: q.limit,
    lastPage: Math.max(1, Math.ceil(matching.length / q.limit)),
    summary: summarizeReviews(own),
  };
}

function toReviewDoc(doc: RxDocument<ReviewDoc>): ReviewDoc {
  const { id, productId, userId, authorName, rating, title, content, images, verifiedPurchase, helpfulCount, notHelpfulCount, createdAt, updatedAt, reply } =
    doc.toJSON();
  return {
    id, productId, userId, authorName, rating, title, content, images: [...images], verifiedPurchase, helpfulCount,
    notHelpfulCount, createdAt, updatedAt, reply: reply ? { content: reply.content, createdAt: reply.createdAt, updatedAt: reply.updatedAt } : null,
  };
}

export async function findReviews(reviews: ReviewCollection, query: ReviewsQuery): Promise<ReviewsPage> {
  const q = normalizeReviewsQuery(query);
  const docs = await reviews.find({ selector: { productId: { $eq: q.productId } } }).exec();
  return pageOfReviews(docs.map(toReviewDoc), query);
}

/** Re-read after every committed write to the collection (page and summary from the same read). */
export function watchReviews(reviews: ReviewCollection, query: ReviewsQuery): Observable<ReviewsPage> {
  normalizeReviewsQuery(query);
  return liveRead(reviews, () => findReviews(reviews, query));
}
