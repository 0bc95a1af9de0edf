/**
 * Rating a delivered order, the pure part: which items to offer (one per product) and the body of
 * POST /api/reviews/order from the drafts (an untouched item is left out; a started one must pass the
 * review form's checks).
 */
import { hasProblems, validateReviewDraft, type ReviewDraft, type ReviewProblems } from '../reviews/review-validation';
import type { OrderItem } from '../../domain/commerce-schemas';

export interface OrderReviewsBody {
  order_id: number;
  reviews: { product_id: number; rating: number; title: string; content: string }[];
}

export const EMPTY_DRAFT: ReviewDraft = { rating: 0, title: '', content: '' };

/** One entry per product of the order (a product bought in two sizes is reviewed once), in the order's order. */
export function reviewableItems(items: readonly OrderItem[]): OrderItem[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.product_id) ? false : (seen.add(item.product_id), true)));
}

const untouched = (d: ReviewDraft) => d.rating === 0 && d.title.trim() === '' && d.content.trim() === '';

/** The body to send and the problems of each started draft; nothing to send when every draft is untouched. */
export function orderReviewsBody(
  orderId: number,
  drafts: Readonly<Record<number, ReviewDraft>>,
  reviewed: ReadonlySet<number>,
): { body: OrderReviewsBody | null; problems: Record<number, ReviewProblems> } {
  const problems: Record<number, ReviewProblems> = {};
  const reviews: OrderReviewsBody['reviews'] = [];
  for (const [key, draft] of Object.entries(drafts)) {
    const productId = Number(key);
    if (reviewed.has(productId) || untouched(draft)) continue;
    const p = validateReviewDraft(draft);
    if (hasProblems(p)) problems[productId] = p;
    else reviews.push({ product_id: productId, rating: draft.rating, title: draft.title.trim(), content: draft.content.trim() });
  }
  const ok = reviews.length > 0 && Object.keys(problems).length === 0;
  return { body: ok ? { order_id: orderId, reviews } : null, problems };
}
