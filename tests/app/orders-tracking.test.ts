/** The order page's tracking steps (spec §4), their dates from the history, and cancel/rate availability. */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/domain/commerce';
import { cancelledAt, canCancelOrder, canRateOrder, trackingView } from '../../src/app/orders/order-tracking';

const T0 = Date.UTC(2025, 0, 6, 10);
const H = 3_600_000;

describe('trackingView', () => {
  it('a pending order has reached placed only, dated at its creation', () => {
    const steps = trackingView({ status: 'pending', created_at: T0, history: [{ status: 'pending', at: T0 }] });
    expect(steps.map((s) => [s.step, s.reached, s.current, s.at])).toEqual([
      ['placed', true, true, T0],
      ['processing', false, false, null],
      ['shipped', false, false, null],
      ['delivered', false, false, null],
    ]);
  });

  it('a delivered order has every step with the first time of each status', () => {
    const history = [
      { status: 'pending' as const, at: T0 },
      { status: 'processing' as const, at: T0 + H },
      { status: 'shipped' as const, at: T0 + 2 * H },
      { status: 'delivered' as const, at: T0 + 3 * H },
    ];
    const steps = trackingView({ status: 'delivered', created_at: T0, history: [...history].reverse() });
    expect(steps.map((s) => s.at)).toEqual([T0, T0 + H, T0 + 2 * H, T0 + 3 * H]);
    expect(steps.filter((s) => s.current).map((s) => s.step)).toEqual(['delivered']);
  });

  it('a step reached without a history entry has no date; a cancelled order shows placed only', () => {
    expect(trackingView({ status: 'shipped', created_at: T0, history: [] }).map((s) => s.at)).toEqual([T0, null, null, null]);
    const cancelled = { status: 'cancelled' as const, created_at: T0, history: [{ status: 'cancelled' as const, at: T0 + H }] };
    expect(trackingView(cancelled).map((s) => s.reached)).toEqual([true, false, false, false]);
    expect(cancelledAt(cancelled)).toBe(T0 + H);
    expect(cancelledAt({ status: 'pending', history: [] })).toBeNull();
  });
});

describe('cancel and rate', () => {
  it('cancel only before shipping and never for a refused order', () => {
    const cancellable = ORDER_STATUSES.filter((status) => canCancelOrder({ status, local_state: 'confirmed' }));
    expect(cancellable).toEqual(['pending', 'processing']);
    expect(canCancelOrder({ status: 'pending', local_state: 'queued' })).toBe(true);
    expect(canCancelOrder({ status: 'pending', local_state: 'failed' })).toBe(false);
  });

  it('rate only a delivered order the server confirmed', () => {
    expect(ORDER_STATUSES.filter((status) => canRateOrder({ status, local_state: 'confirmed' }))).toEqual(['delivered']);
    expect(canRateOrder({ status: 'delivered', local_state: 'queued' })).toBe(false);
  });
});
