/** Review summary (average with one decimal out of 5, distribution bars) and the list's query (page 1, limit 5). */
import { describe, expect, it } from 'vitest';
import { formatRating } from '../../src/app/i18n/number-format';
import {
  DEFAULT_REVIEW_LIST,
  distributionRows,
  reviewsQuery,
  roundedAverage,
  withReviewFilters,
} from '../../src/app/reviews/review-summary';

const summary = { average: 4.26, count: 10, distribution: { '1': 1, '2': 0, '3': 1, '4': 3, '5': 5 } };

describe('review summary', () => {
  it('rows from 5 stars down, with whole percents of the count', () => {
    expect(distributionRows(summary)).toEqual([
      { stars: 5, count: 5, percent: 50 },
      { stars: 4, count: 3, percent: 30 },
      { stars: 3, count: 1, percent: 10 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 10 },
    ]);
    const none = { average: 0, count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } };
    expect(distributionRows(none).every((r) => r.percent === 0)).toBe(true);
  });

  it('the average has one decimal, in the interface language', () => {
    expect(roundedAverage(summary)).toBe(4.3);
    expect(roundedAverage({ ...summary, average: 3.04 })).toBe(3);
    expect(roundedAverage({ ...summary, count: 0 })).toBe(0);
    expect(formatRating(roundedAverage(summary), 'en')).toBe('4.3');
    expect(formatRating(roundedAverage(summary), 'fr')).toBe('4,3');
    expect(formatRating(5, 'de')).toBe('5,0');
  });
});

describe('review list query', () => {
  it('defaults to page 1, 5 a page, newest first, no filters', () => {
    expect(reviewsQuery('7', DEFAULT_REVIEW_LIST)).toEqual({ kind: 'reviews', productId: '7', page: 1, limit: 5, sort: 'newest' });
  });

  it('carries the rating and with-images filters and the sort; a change goes back to page 1', () => {
    const state = withReviewFilters({ ...DEFAULT_REVIEW_LIST, page: 3 }, { rating: 4, withImages: true, sort: 'helpful' });
    expect(state.page).toBe(1);
    expect(reviewsQuery('7', { ...state, page: 2 })).toEqual({
      kind: 'reviews',
      productId: '7',
      page: 2,
      limit: 5,
      rating: 4,
      withImages: true,
      sort: 'helpful',
    });
  });
});
