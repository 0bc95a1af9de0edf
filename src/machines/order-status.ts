/**
 * The status of an order (docs/COMMERCE.md, "Statuses") as an XState machine:
 * the legal moves of ORDER_TRANSITIONS (src/domain/commerce.ts), one event per
 * target status. Every move is also checked against the table by the named
 * guard `allowedByTable`, so the table stays the one source of truth: a move
 * removed from it is refused here too.
 *
 *   pending ──PROCESS──▶ processing ──SHIP──▶ shipped ──DELIVER──▶ delivered ──RETURN──▶ returned (final)
 *      │                     │
 *      └──────CANCEL─────────┴──────────▶ cancelled (final)
 *
 * RETURN is the operator's move (docs/MONEY.md "Returns"): it reverses the order's ledger entries.
 *
 * The server checks every status change with `nextOrderStatus` (a pure step of
 * this machine through xstate's `transition`), so a seller, an admin and a
 * buyer's cancel all obey the same rules.
 */
import { setup, transition } from 'xstate';
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from '../domain/commerce';

export type OrderStatusEvent = { type: 'PROCESS' } | { type: 'SHIP' } | { type: 'DELIVER' } | { type: 'CANCEL' } | { type: 'RETURN' };
export type OrderStatusEventType = OrderStatusEvent['type'];

/** The event that moves an order to each status (pending is only ever the start). */
export const ORDER_EVENT_TO: Readonly<Record<Exclude<OrderStatus, 'pending'>, OrderStatusEventType>> = {
  processing: 'PROCESS',
  shipped: 'SHIP',
  delivered: 'DELIVER',
  cancelled: 'CANCEL',
  returned: 'RETURN',
};

const move = (from: OrderStatus, to: OrderStatus) => ({ target: to, guard: { type: 'allowedByTable' as const, params: { from, to } } });

export const orderStatusMachine = setup({
  types: {
    events: {} as OrderStatusEvent,
  },
  guards: {
    allowedByTable: (_args, params: { from: OrderStatus; to: OrderStatus }) => canMoveOrder(params.from, params.to),
  },
}).createMachine({
  id: 'orderStatus',
  initial: 'pending',
  states: {
    pending: { on: { PROCESS: move('pending', 'processing'), CANCEL: move('pending', 'cancelled') } },
    processing: { on: { SHIP: move('processing', 'shipped'), CANCEL: move('processing', 'cancelled') } },
    shipped: { on: { DELIVER: move('shipped', 'delivered') } },
    delivered: { on: { RETURN: move('delivered', 'returned') } },
    cancelled: { type: 'final' },
    returned: { type: 'final' },
  },
});

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The status an order in `from` reaches on `event`, or null when the machine refuses the move. */
export function nextOrderStatus(from: OrderStatus, event: OrderStatusEventType): OrderStatus | null {
  const at = orderStatusMachine.resolveState({ value: from, context: {} });
  if (!at.can({ type: event })) return null;
  const [next] = transition(orderStatusMachine, at, { type: event });
  const value = String(next.value);
  return isOrderStatus(value) && value !== from ? value : null;
}

/** Whether an order may move from `from` to `to` (by the event that names `to`). */
export function orderMoveAllowed(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'pending') return false;
  return nextOrderStatus(from, ORDER_EVENT_TO[to]) === to;
}
