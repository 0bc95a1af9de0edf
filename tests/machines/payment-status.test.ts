/** The payment-status machine (docs/COMMERCE.md): cash on delivery is paid on delivery, fails when cancelled while pending. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PAYMENT_STATUSES } from '../../src/domain/commerce';
import { nextPaymentStatus, paymentAfterOrderMove, paymentEventOf, paymentStatusMachine } from '../../src/machines/payment-status';

describe('payment status machine', () => {
  it('starts pending', () => {
    const actor = createActor(paymentStatusMachine, { input: { method: 'cod' } }).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.stop();
  });

  it('cod: pending → paid on delivery, then refunded or completed (final)', () => {
    expect(nextPaymentStatus('pending', 'ORDER_DELIVERED')).toBe('paid');
    expect(nextPaymentStatus('paid', 'REFUND')).toBe('refunded');
    expect(nextPaymentStatus('paid', 'COMPLETE')).toBe('completed');
    for (const final of ['failed', 'refunded', 'completed'] as const) {
      for (const e of ['ORDER_DELIVERED', 'ORDER_CANCELLED', 'REFUND', 'COMPLETE'] as const) expect(nextPaymentStatus(final, e), `${final} ${e}`).toBeNull();
    }
  });

  it('cancelled while pending → failed; a paid order is not failed by a cancel', () => {
    expect(nextPaymentStatus('pending', 'ORDER_CANCELLED')).toBe('failed');
    expect(nextPaymentStatus('paid', 'ORDER_CANCELLED')).toBeNull();
  });

  it('the named guard: only cash on delivery is paid by the delivery', () => {
    expect(nextPaymentStatus('pending', 'ORDER_DELIVERED', 'card')).toBeNull();
    expect(nextPaymentStatus('pending', 'ORDER_DELIVERED', 'cod')).toBe('paid');
  });

  it('refunds and completions only follow a payment', () => {
    expect(nextPaymentStatus('pending', 'REFUND')).toBeNull();
    expect(nextPaymentStatus('pending', 'COMPLETE')).toBeNull();
  });

  it('order moves map to payment events; others leave the payment as it is', () => {
    expect(paymentEventOf('delivered')).toBe('ORDER_DELIVERED');
    expect(paymentEventOf('cancelled')).toBe('ORDER_CANCELLED');
    expect(paymentEventOf('processing')).toBeNull();
    expect(paymentAfterOrderMove('pending', 'delivered')).toBe('paid');
    expect(paymentAfterOrderMove('pending', 'cancelled')).toBe('failed');
    expect(paymentAfterOrderMove('pending', 'shipped')).toBe('pending');
    expect(paymentEventOf('returned')).toBe('REFUND');
    expect(paymentAfterOrderMove('paid', 'returned')).toBe('refunded');
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_STATUSES).toContain(paymentAfterOrderMove(s, 'cancelled'));
  });

  it('runs as an actor', () => {
    const actor = createActor(paymentStatusMachine, { input: { method: 'cod' } }).start();
    actor.send({ type: 'ORDER_DELIVERED' });
    actor.send({ type: 'COMPLETE' });
    expect(actor.getSnapshot().value).toBe('completed');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });
});
