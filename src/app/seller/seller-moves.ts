/**
 * The seller's buttons for an order: one per legal next status (ORDER_TRANSITIONS in the domain, the same
 * table the server's order-status machine checks), in the order the table gives; shipping may carry a
 * tracking number. Also the body PATCH /api/seller/orders/{id} takes and the list's status filter.
 */
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '../../domain/commerce';

export type SellerAction = 'process' | 'ship' | 'deliver' | 'cancel';

export interface SellerMove {
  to: OrderStatus;
  action: SellerAction;
  /** Shipping asks for an optional tracking number. */
  withTracking: boolean;
}

const ACTION_OF: Partial<Record<OrderStatus, SellerAction>> = {
  processing: 'process',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
};

export function sellerMoves(status: OrderStatus): SellerMove[] {
  return ORDER_TRANSITIONS[status].flatMap((to) => {
    const action = ACTION_OF[to];
    return action ? [{ to, action, withTracking: to === 'shipped' }] : [];
  });
}

export interface SellerPatchBody {
  status: OrderStatus;
  tracking_number?: string;
}

/** The PATCH body: the new status, and the tracking number when shipping with one typed. */
export function sellerPatchBody(move: SellerMove, trackingNumber = ''): SellerPatchBody {
  const tracking = trackingNumber.trim();
  return move.withTracking && tracking ? { status: move.to, tracking_number: tracking } : { status: move.to };
}

export type SellerStatusFilter = OrderStatus | 'all';
export const SELLER_STATUS_FILTERS: readonly SellerStatusFilter[] = ['all', ...ORDER_STATUSES];

/** GET /api/seller/orders with the status filter ('all' sends none). */
export function sellerOrdersPath(filter: SellerStatusFilter): string {
  return filter === 'all' ? '/api/seller/orders' : `/api/seller/orders?status=${encodeURIComponent(filter)}`;
}

export const TRACKING_NUMBER_MAX = 64;
