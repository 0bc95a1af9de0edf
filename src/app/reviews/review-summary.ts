/** Review summary arithmetic (spec §3: a rating shows one decimal out of 5) and the list's query. */
import type { ReviewSort, ReviewSummary } from '../../domain/social';
import { REVIEW_DEFAULT_PAGE_SIZE } from '../../domain/social';

export const STAR_VALUES = [5, 4, 3, 2, 1] as const;

export interface DistributionRow {
  stars: (typeof STAR_VALUES)[number];
  count: number;
  /** Whole percent of all reviews (0 when there are none); the bar's length. */
  percent: number;
}

/** Rows from 5 stars down to 1, with their share of the count. */
export function distributionRows(summary: ReviewSummary): DistributionRow[] {
  return STAR_VALUES.map((stars) => {
    const count = summary.distribution[String(stars) as keyof ReviewSummary['distribution']] ?? 0;
    return { stars, count, percent: summary.count > 0 ? Math.round((count / summary.count) * 100) : 0 };
  });
}

/** The average rounded to one decimal, as the API gives it (0 without reviews). */
export function roundedAverage(summary: ReviewSummary): number {
  return summary.count > 0 ? Math.round(summary.average * 10) / 10 : 0;
}

export interface ReviewListState {
  page: number;
  /** null: every rating. */
  rating: number | null;
  withImages: boolean;
  sort: ReviewSort;
}

export const DEFAULT_REVIEW_LIST: ReviewListState = { page: 1, rating: null, withImages: false, sort: 'newest' };

/** The local query for a state (spec §7: page default 1, limit default 5). */
export function reviewsQuery(productId: string, state: ReviewListState) {
  return {
    kind: 'reviews' as const,
    productId,
    page: state.page,
    limit: REVIEW_DEFAULT_PAGE_SIZE,
    ...(state.rating !== null ? { rating: state.rating } : {}),
    ...(state.withImages ? { withImages: true } : {}),
    sort: state.sort,
  };
}

/** A filter or sort change starts again on page 1. */
export function withReviewFilters(state: ReviewListState, change: Partial<Omit<ReviewListState, 'page'>>): ReviewListState {
  return { ...state, ...change, page: 1 };
}
