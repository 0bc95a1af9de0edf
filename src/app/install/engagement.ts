/** Engagement points for the install prompt's score (threshold 50 + 10 per dismissal). */

export const ENGAGEMENT_POINTS = {
  pageView: 5,
  productView: 15,
  addToCart: 25,
} as const;

/** Points for arriving at a page (path without the language prefix): a product page counts more. */
export function pointsForPage(path: string): number {
  return /^\/products\/[^/]+\/?$/.test(path) ? ENGAGEMENT_POINTS.productView : ENGAGEMENT_POINTS.pageView;
}

/** Points when the cart's item count moves from `before` to `after` (null: not known yet, no points). */
export function pointsForCart(before: number | null, after: number | null): number {
  if (before === null || after === null) return 0;
  return after > before ? ENGAGEMENT_POINTS.addToCart : 0;
}
