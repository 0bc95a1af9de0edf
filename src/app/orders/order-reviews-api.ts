/** Rating a delivered order (docs/COMMERCE.md): both calls need the network. */
import { apiRequest } from '../auth/api-client';
import type { OrderReviewsBody } from './order-review-drafts';

export interface OrderReviewStatus {
  order_id: number;
  delivered: boolean;
  /** hidden_reason: why Souk hid the buyer's review of it (the operator's reason), else null; absent from older servers. */
  items: { product_id: number; reviewed: boolean; review_id: string | number | null; hidden_reason?: string | null }[];
}

/** What 'Rate your order' needs of the status: the products already reviewed, and why Souk hid a review, by product. */
export function reviewStatusView(status: OrderReviewStatus): { reviewed: Set<number>; hiddenReasons: Map<number, string> } {
  return {
    reviewed: new Set(status.items.filter((i) => i.reviewed).map((i) => i.product_id)),
    hiddenReasons: new Map(status.items.flatMap((i) => (i.hidden_reason ? [[i.product_id, i.hidden_reason] as const] : []))),
  };
}

export async function fetchOrderReviewStatus(orderId: number, signal?: AbortSignal): Promise<OrderReviewStatus> {
  const body = await apiRequest<{ data: OrderReviewStatus }>('GET', `/api/orders/${orderId}/review-status`, undefined, { signal });
  return body.data;
}

export async function submitOrderReviews(body: OrderReviewsBody): Promise<void> {
  await apiRequest('POST', '/api/reviews/order', body);
}
