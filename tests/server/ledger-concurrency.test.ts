/**
 * Booking under load (docs/MONEY.md): 50 orders delivered at once book each line's sale and commission exactly
 * once; the same order delivered by many requests at once is delivered (and booked) by one of them only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/server/db/write-transaction';
import { bookDelivery, resolveMoney } from '../../src/server/repositories/ledger-booking';
import { startAuthServer, registerUser, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { moveAs, order, ship, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;

beforeAll(async () => {
  server = await startAuthServer({ products: 60 });
  buyer = await registerUser(server.url);
  [x, y] = await twoShops(server, 1000);
});
afterAll(async () => {
  await server?.close();
});

async function entriesOfOrders(orderIds: readonly number[]) {
  return server.db.kysely.selectFrom('ledger_entries').select(['kind', 'order_item_id', 'booking_key']).where('order_id', 'in', [...orderIds]).execute();
}

describe('concurrent deliveries', () => {
  it('50 orders delivered at once: every line booked once (sale and commission), nothing twice', async () => {
    const orders = [];
    for (let i = 0; i < 50; i++) {
      const placed = await order(server, buyer.token, [
        { v: x.variant, quantity: 1 },
        { v: y.variant, quantity: 1 + (i % 3) },
      ]);
      await ship(server, x.token, placed.order_id);
      orders.push(placed);
    }
    const answers = await Promise.all(orders.map((o, i) => moveAs(server, i % 2 === 0 ? x.token : y.token, o.order_id, { status: 'delivered' })));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));

    const ids = orders.map((o) => o.order_id);
    const entries = await entriesOfOrders(ids);
    const items = await server.db.kysely.selectFrom('order_items').select('id').where('order_id', 'in', ids).execute();
    expect(items).toHaveLength(100);
    expect(entries).toHaveLength(200);
    for (const kind of ['sale', 'commission']) {
      const booked = entries.filter((e) => e.kind === kind).map((e) => Number(e.order_item_id));
      expect(new Set(booked).size, kind).toBe(100);
      expect(new Set(booked)).toEqual(new Set(items.map((i) => Number(i.id))));
    }

    // Delivering them all again at once changes nothing.
    const again = await Promise.all(orders.map((o) => moveAs(server, x.token, o.order_id, { status: 'delivered' })));
    expect(again.map((a) => a.status)).toEqual(orders.map(() => 422));
    expect(await entriesOfOrders(ids)).toHaveLength(200);

    // Booking a delivered order a second time (a retry) writes nothing: the booking keys are taken.
    const first = orders[0];
    if (!first) throw new Error('no order');
    const rewritten = await writeTransaction(server.db, ['orders'], async (tx) => {
      const row = await tx.selectFrom('orders').selectAll().where('id', '=', first.order_id).executeTakeFirstOrThrow();
      const items = await tx.selectFrom('order_items').selectAll().where('order_id', '=', first.order_id).execute();
      return bookDelivery(tx, row, items, Date.now(), resolveMoney(undefined));
    });
    expect(rewritten).toBe(0);
    expect(await entriesOfOrders(ids)).toHaveLength(200);
  });

  it('one order delivered by 20 requests at once is delivered and booked once', async () => {
    const placed = await order(server, buyer.token, [
      { v: x.variant, quantity: 2 },
      { v: y.variant, quantity: 1 },
    ]);
    await ship(server, y.token, placed.order_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => moveAs(server, i % 2 === 0 ? x.token : y.token, placed.order_id, { status: 'delivered', cod_collected: placed.total_amount })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(19);
    const entries = await entriesOfOrders([placed.order_id]);
    expect(entries.map((e) => e.booking_key).sort()).toEqual(
      entries
        .filter((e) => e.kind === 'sale')
        .flatMap((e) => [`commission:${String(e.order_item_id)}`, `sale:${String(e.order_item_id)}`])
        .sort(),
    );
    expect(entries).toHaveLength(4);
    const cod = await server.db.kysely.selectFrom('cod_collections').select('id').where('order_id', '=', placed.order_id).execute();
    expect(cod).toHaveLength(1);
  });
});
