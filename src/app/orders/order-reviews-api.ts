/** Rating a delivered order (docs/COMMERCE.md): both calls need the network. */
import { apiRequest } from '../auth/api-client';
import type { OrderReviewsBody } from './order-review-drafts';

export interface OrderReviewStatus {
  order_id: number;
  delivered: boolean;
  items: { product_id: number; reviewed: boolean; review_id: string | number | null }[];
}

export async function fetchOrderReviewStatus(orderId: number, signal?: AbortSignal): Promise<OrderReviewStatus> {
  const body = await apiRequest<{ data: OrderReviewStatus }>('GET', `/api/orders/${orderId}/review-status`, undefined, { signal });
  return body.data;
}

export async function submitOrderReviews(body: OrderReviewsBody): Promise<void> {
  await apiRequest('POST', '/api/reviews/order', body);
}
