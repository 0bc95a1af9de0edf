/**
 * What the order page shows of an order's progress (spec §4): the tracking steps placed → processing →
 * shipped → delivered, which are reached, which is the current one and when each was reached (from the
 * order's history; 'placed' is the order's creation), and whether the buyer may still cancel.
 */
import { canMoveOrder, TRACKING_STEPS, trackingStepsReached, type OrderStatus, type TrackingStep } from '../../domain/commerce';
import type { OrderDoc } from '../../domain/commerce-schemas';
import type { LocalOrder } from '../../workers/data-api';

export interface TrackingStepView {
  step: TrackingStep;
  reached: boolean;
  /** The last reached step (aria-current="step"). */
  current: boolean;
  /** When the step was reached (ms), null when not reached or not recorded. */
  at: number | null;
}

const STATUS_OF_STEP: Record<TrackingStep, OrderStatus> = {
  placed: 'pending',
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
};

/** The first time the history shows a status. */
function firstAt(history: OrderDoc['history'], status: OrderStatus): number | null {
  let at: number | null = null;
  for (const entry of history) if (entry.status === status && (at === null || entry.at < at)) at = entry.at;
  return at;
}

export function trackingView(order: Pick<OrderDoc, 'status' | 'history' | 'created_at'>): TrackingStepView[] {
  const reached = trackingStepsReached(order.status);
  return TRACKING_STEPS.map((step, index) => {
    const isReached = index < reached;
    const at = !isReached ? null : step === 'placed' ? order.created_at : firstAt(order.history, STATUS_OF_STEP[step]);
    return { step, reached: isReached, current: index === reached - 1, at };
  });
}

/** When the order was cancelled (from its history), null when it was not. */
export function cancelledAt(order: Pick<OrderDoc, 'status' | 'history'>): number | null {
  return order.status === 'cancelled' ? firstAt(order.history, 'cancelled') : null;
}

/** The buyer may cancel before shipping (ORDER_TRANSITIONS); an order the server refused has nothing to cancel. */
export function canCancelOrder(order: Pick<LocalOrder, 'status' | 'local_state'>): boolean {
  return order.local_state !== 'failed' && canMoveOrder(order.status, 'cancelled');
}

/** 'Rate your order' is offered for a delivered, confirmed order. */
export function canRateOrder(order: Pick<LocalOrder, 'status' | 'local_state'>): boolean {
  return order.local_state === 'confirmed' && order.status === 'delivered';
}
