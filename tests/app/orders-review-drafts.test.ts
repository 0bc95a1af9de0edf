/** 'Rate your order': one review per product, untouched items left out, started ones checked like the review form. */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, orderReviewsBody, reviewableItems } from '../../src/app/orders/order-review-drafts';
import { reviewStatusView } from '../../src/app/orders/order-reviews-api';
import type { OrderItem } from '../../src/domain/commerce-schemas';

const item = (product_id: number, variant_id: number): OrderItem => ({
  product_id,
  variant_id,
  stock_id: product_id,
  store_id: 1,
  name: `P${product_id}`,
  name_ar: '',
  image: '',
  color: '',
  size: '',
  fabric: '',
  quantity: 1,
  unit_price: 100,
});

describe('reviewableItems', () => {
  it('keeps one item per product, in order', () => {
    expect(reviewableItems([item(1, 10), item(2, 20), item(1, 11)]).map((i) => i.variant_id)).toEqual([10, 20]);
  });
});

describe('orderReviewsBody', () => {
  const good = { rating: 5, title: ' Great ', content: ' Lovely kaftan ' };

  it('sends the started drafts, trimmed, and leaves out untouched and already reviewed ones', () => {
    const { body, problems } = orderReviewsBody(7, { 1: good, 2: EMPTY_DRAFT, 3: good }, new Set([3]));
    expect(problems).toEqual({});
    expect(body).toEqual({ order_id: 7, reviews: [{ product_id: 1, rating: 5, title: 'Great', content: 'Lovely kaftan' }] });
  });

  it('sends nothing while a started draft has problems, and names them', () => {
    const { body, problems } = orderReviewsBody(7, { 1: good, 2: { rating: 0, title: '', content: 'no stars' } }, new Set());
    expect(body).toBeNull();
    expect(problems[2]?.rating?.key).toBe('ratingRequired');
  });

  it('sends nothing when nothing was rated', () => {
    expect(orderReviewsBody(7, { 1: EMPTY_DRAFT }, new Set())).toEqual({ body: null, problems: {} });
  });
});

describe("the order's review status", () => {
  it("gives the products reviewed and why Souk hid a review (the operator's reason), by product", () => {
    const view = reviewStatusView({
      order_id: 9,
      delivered: true,
      items: [
        { product_id: 1, reviewed: true, review_id: 11, hidden_reason: null },
        { product_id: 2, reviewed: true, review_id: 12, hidden_reason: 'Insults the seller' },
        { product_id: 3, reviewed: false, review_id: null, hidden_reason: null },
        { product_id: 4, reviewed: true, review_id: 14 },
      ],
    });
    expect([...view.reviewed]).toEqual([1, 2, 4]);
    expect([...view.hiddenReasons]).toEqual([[2, 'Insults the seller']]);
  });
});
