/** The order-status machine is ORDER_TRANSITIONS: every (status, event) pair steps exactly as the table says. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canMoveOrder, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '../../src/domain/commerce';
import { nextOrderStatus, ORDER_EVENT_TO, orderMoveAllowed, orderStatusMachine, type OrderStatusEventType } from '../../src/machines/order-status';

const EVENTS: OrderStatusEventType[] = ['PROCESS', 'SHIP', 'DELIVER', 'CANCEL', 'RETURN'];

describe('order status machine', () => {
  it('starts pending', () => {
    const actor = createActor(orderStatusMachine).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.stop();
  });

  it.each(ORDER_STATUSES)('from %s: exactly the moves of ORDER_TRANSITIONS', (from) => {
    const reached = EVENTS.map((e) => nextOrderStatus(from, e)).filter((s): s is OrderStatus => s !== null);
    expect(reached.sort()).toEqual([...ORDER_TRANSITIONS[from]].sort());
    for (const to of ORDER_STATUSES) {
      expect(orderMoveAllowed(from, to), `${from} → ${to}`).toBe(canMoveOrder(from, to));
    }
  });

  it('each event names its target status', () => {
    for (const [to, event] of Object.entries(ORDER_EVENT_TO)) {
      const from = ORDER_STATUSES.find((s) => ORDER_TRANSITIONS[s].includes(to as OrderStatus));
      expect(from, to).toBeDefined();
      expect(nextOrderStatus(from as OrderStatus, event)).toBe(to);
    }
  });

  it('a whole life: pending → processing → shipped → delivered → returned, then nothing', () => {
    const actor = createActor(orderStatusMachine).start();
    for (const e of ['PROCESS', 'SHIP', 'DELIVER'] as const) actor.send({ type: e });
    expect(actor.getSnapshot().value).toBe('delivered');
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'RETURN' });
    expect(actor.getSnapshot().value).toBe('returned');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });

  it('refuses illegal moves: shipped cannot be cancelled, delivered and cancelled are final, nothing skips a step', () => {
    expect(nextOrderStatus('shipped', 'CANCEL')).toBeNull();
    expect(nextOrderStatus('delivered', 'CANCEL')).toBeNull();
    expect(nextOrderStatus('shipped', 'RETURN')).toBeNull();
    expect(nextOrderStatus('cancelled', 'RETURN')).toBeNull();
    expect(nextOrderStatus('returned', 'DELIVER')).toBeNull();
    expect(nextOrderStatus('cancelled', 'PROCESS')).toBeNull();
    expect(nextOrderStatus('pending', 'SHIP')).toBeNull();
    expect(nextOrderStatus('pending', 'DELIVER')).toBeNull();
    expect(orderMoveAllowed('processing', 'pending')).toBe(false);
    expect(orderMoveAllowed('pending', 'pending')).toBe(false);
  });

  it('the named guard ties the machine to the table', () => {
    const refusing = orderStatusMachine.provide({ guards: { allowedByTable: () => false } });
    const actor = createActor(refusing).start();
    actor.send({ type: 'PROCESS' });
    expect(actor.getSnapshot().value).toBe('pending');
    actor.stop();
  });
});
