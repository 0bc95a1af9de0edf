/**
 * The seller's orders from the seller's mirror in the data worker (GET /api/seller/orders, items of other shops
 * removed by the server), so they also show offline. Moving an order to shipped is a queued write
 * (DataApi.shipOrder, outbox kind seller_order_status): shown at once, sent once after reconnect. The other moves
 * (processing, delivered, cancelled) stay online requests (PATCH /api/seller/orders/{id}), after which the mirror is
 * fetched again.
 */
import { useCallback } from 'react';
import type { SellerOrderView } from '../../workers/data-api';
import { apiRequest } from '../auth/api-client';
import { useDataClient } from '../data/data-context';
import { sellerPatchBody, type SellerMove, type SellerStatusFilter } from './seller-moves';
import { useSellerData } from './use-seller-mirror';

/** How a move went: its order number, and whether it waits on the device (queued) or the server took it. */
export interface MoveOutcome {
  number: string;
  queued: boolean;
}

export function useSellerOrders(filter: SellerStatusFilter) {
  const client = useDataClient();
  const orders = useSellerData({ kind: 'sellerOrders', status: filter });

  /** Moves an order; rejects with the ApiFailure (online moves) or the refusal before queueing (`code`). */
  const move = useCallback(
    async (order: SellerOrderView, next: SellerMove, trackingNumber: string): Promise<MoveOutcome> => {
      if (next.to === 'shipped') {
        const body = sellerPatchBody(next, trackingNumber);
        await client.shipOrder({ orderId: order.order_id, trackingNumber: body.tracking_number });
        return { number: order.order_number, queued: true };
      }
      const body = await apiRequest<{ data: { order_number: string } }>('PATCH', `/api/seller/orders/${order.order_id}`, sellerPatchBody(next, trackingNumber));
      await client.refreshSellerMirror();
      return { number: body.data.order_number, queued: false };
    },
    [client],
  );

  return { orders, move };
}
