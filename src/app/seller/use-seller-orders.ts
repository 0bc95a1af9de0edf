/**
 * The seller's orders, online only: GET /api/seller/orders?status= (items of other shops already removed by
 * the server), with retry, and PATCH /api/seller/orders/{id} whose answer replaces the order in the list.
 */
import { useCallback, useEffect, useState } from 'react';
import type { OrderDoc } from '../../domain/commerce-schemas';
import { apiRequest } from '../auth/api-client';
import { sellerOrdersPath, sellerPatchBody, type SellerMove, type SellerStatusFilter } from './seller-moves';

export type SellerOrdersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; orders: OrderDoc[] };

export function useSellerOrders(filter: SellerStatusFilter, enabled: boolean) {
  const [state, setState] = useState<SellerOrdersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ status: 'loading' });
    apiRequest<{ data: OrderDoc[] }>('GET', sellerOrdersPath(filter), undefined, { signal: abort.signal }).then(
      (body) => setState({ status: 'ready', orders: body.data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => abort.abort();
  }, [filter, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Moves an order; resolves with the updated order (already in the list), rejects with the ApiFailure. */
  const move = useCallback(async (order: OrderDoc, next: SellerMove, trackingNumber: string): Promise<OrderDoc> => {
    const body = await apiRequest<{ data: OrderDoc }>(
      'PATCH',
      `/api/seller/orders/${order.order_id}`,
      sellerPatchBody(next, trackingNumber),
    );
    const updated = body.data;
    setState((s) =>
      s.status === 'ready' ? { status: 'ready', orders: s.orders.map((o) => (o.order_id === updated.order_id ? { ...o, ...updated } : o)) } : s,
    );
    return updated;
  }, []);

  return { state, retry, move };
}
