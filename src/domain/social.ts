/**
 * Reviews and shop follows (issue 4, docs/REVIEWS-FOLLOWS.md): constants and
 * document types with no dependencies, so the UI can import them without
 * bundling zod. The zod schemas that check the same shapes on the wire live in
 * src/domain/social-schemas.ts.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_CONTENT_MAX = 2000;
export const REVIEW_IMAGES_MAX = 5;
/** A shop's reply to a review (docs/SELLERS.md "Replies to reviews"), after trimming. */
export const REVIEW_REPLY_MAX = 1000;
/** Each uploaded review image, before re-encoding. */
export const REVIEW_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Re-encoded images are at most this many pixels on their long side. */
export const REVIEW_IMAGE_MAX_SIDE = 1200;

export const REVIEW_SORTS = ['newest', 'helpful', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_DEFAULT_PAGE_SIZE = 5;
export const REVIEW_MAX_PAGE_SIZE = 50;

export const REVIEW_REACTIONS = ['helpful', 'not_helpful'] as const;
export type ReviewReaction = (typeof REVIEW_REACTIONS)[number];

/** A review as the REST API answers it and as the `reviews` collection mirrors it. */
export interface ReviewDoc {
  /** Numeric review id as a string (RxDB primary keys are strings). */
  id: string;
  productId: number;
  userId: number;
  authorName: string;
  /** 1–5. */
  rating: number;
  /** At most 120 characters; may be empty. */
  title: string;
  /** 1–2000 characters. */
  content: string;
  /** Image URLs under /media/reviews/. */
  images: string[];
  verifiedPurchase: boolean;
  helpfulCount: number;
  notHelpfulCount: number;
  createdAt: number;
  /** Server-assigned replication time (ms); with id, the pull checkpoint. */
  updatedAt: number;
  /** The product's shop's reply (issue 23), shown under the review; null while it has none. */
  reply: ReviewReply | null;
}

/** A shop's one reply to a review of its product; editing it keeps createdAt and moves updatedAt. */
export interface ReviewReply {
  /** 1–1000 characters. */
  content: string;
  createdAt: number;
  updatedAt: number;
}

/** One shop the signed-in user follows: the personal `follows` collection (unfollow = soft delete). */
export interface FollowDoc {
  /** The shop id as a string (one document per followed shop). */
  id: string;
  shopId: number;
  createdAt: number;
  updatedAt: number;
}

/** GET /api/products/{id}/reviews summary: average with one decimal, 0 without reviews. */
export interface ReviewSummary {
  average: number;
  count: number;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}
