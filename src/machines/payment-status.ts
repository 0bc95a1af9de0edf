/**
 * The payment status of an order (docs/COMMERCE.md, "Statuses"; spec §4) as an
 * XState machine. Only cash on delivery is taken (AVAILABLE_PAYMENT_METHODS),
 * so the money changes hands with the parcel:
 *
 *   pending ──ORDER_DELIVERED [cashOnDelivery]──▶ paid ──REFUND──▶ refunded (final)
 *      │                                          └────COMPLETE──▶ completed (final)
 *      └──ORDER_CANCELLED──▶ failed (final)
 *
 * - paid: the courier collected the cash when the order was delivered.
 * - failed: the order was cancelled while the payment was still pending
 *   (nothing was collected).
 * - refunded: the order was returned after payment (the operator's move to
 *   `returned`, docs/MONEY.md "Returns").
 * - completed: the seller's payout settled (spec §9: payouts every two weeks);
 *   it appears only in text in the spec; no endpoint sets it yet.
 *
 * The server derives every payment change from an order change with
 * `nextPaymentStatus`; an event the machine does not take leaves the status
 * as it is (e.g. cancelling an order whose payment already failed).
 */
import { setup, transition } from 'xstate';
import { PAYMENT_STATUSES, type OrderStatus, type PaymentMethod, type PaymentStatus } from '../domain/commerce';

export type PaymentStatusEvent = { type: 'ORDER_DELIVERED' } | { type: 'ORDER_CANCELLED' } | { type: 'REFUND' } | { type: 'COMPLETE' };
export type PaymentStatusEventType = PaymentStatusEvent['type'];

export interface PaymentStatusContext {
  method: PaymentMethod;
}

export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    input: {} as { method: PaymentMethod },
  },
  guards: {
    cashOnDelivery: ({ context }) => context.method === 'cod',
  },
}).createMachine({
  id: 'paymentStatus',
  initial: 'pending',
  context: ({ input }) => ({ method: input.method }),
  states: {
    pending: {
      on: {
        ORDER_DELIVERED: { target: 'paid', guard: 'cashOnDelivery' },
        ORDER_CANCELLED: { target: 'failed' },
      },
    },
    paid: { on: { REFUND: { target: 'refunded' }, COMPLETE: { target: 'completed' } } },
    failed: { type: 'final' },
    refunded: { type: 'final' },
    completed: { type: 'final' },
  },
});

function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The payment status after `event`, or null when the machine does not take it from `from`. */
export function nextPaymentStatus(from: PaymentStatus, event: PaymentStatusEventType, method: PaymentMethod = 'cod'): PaymentStatus | null {
  const at = paymentStatusMachine.resolveState({ value: from, context: { method } });
  if (!at.can({ type: event })) return null;
  const [next] = transition(paymentStatusMachine, at, { type: event });
  const value = String(next.value);
  return isPaymentStatus(value) && value !== from ? value : null;
}

/** The payment event an order's move to `to` raises, if any. */
export function paymentEventOf(to: OrderStatus): PaymentStatusEventType | null {
  if (to === 'delivered') return 'ORDER_DELIVERED';
  if (to === 'cancelled') return 'ORDER_CANCELLED';
  if (to === 'returned') return 'REFUND';
  return null;
}

/** The payment status once an order with `payment` moved to `to`: the machine's next, else unchanged. */
export function paymentAfterOrderMove(payment: PaymentStatus, to: OrderStatus, method: PaymentMethod = 'cod'): PaymentStatus {
  const event = paymentEventOf(to);
  return event === null ? payment : (nextPaymentStatus(payment, event, method) ?? payment);
}
