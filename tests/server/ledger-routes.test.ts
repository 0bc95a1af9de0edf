/**
 * The sellers' ledger (docs/MONEY.md): a delivery books each line's sale (after its share of the coupon) and
 * commission (at the rate frozen on the order), once; COD cash collected is recorded apart; a return after
 * delivery books reversals in the current period; GET /api/seller/ledger shows a seller their own shop's
 * entries and totals only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCentimes } from '../../src/domain/money';
import { writeTransaction } from '../../src/server/db/write-transaction';
import { reverseOrder } from '../../src/server/repositories/ledger-booking';
import { registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';
import { expectedCommission, ledgerOf, moveAs, order, ship, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
const clock = Date.UTC(2026, 5, 10, 10, 0); // 10 June 2026, period 1–15 June

beforeAll(async () => {
  server = await startAuthServer({ products: 60, auth: { now: () => clock } });
  buyer = await registerUser(server.url);
  [x, y] = await twoShops(server);
});
afterAll(async () => {
  await server?.close();
});

/** Entries of shop `token` about order `orderId`. */
async function entriesOf(token: string, orderId: number, query = '') {
  return (await ledgerOf(server, token, query)).data.filter((e) => e.order_id === orderId);
}

describe('booking a delivery', () => {
  it('books each line of both shops once: the coupon shared in proportion, commission at the frozen rate', async () => {
    // Shop Y has its own rate (15 %) when the order is placed; X has the default (10 %).
    await server.db.kysely.updateTable('shops').set({ commission_rate_bp: 1500 }).where('id', '=', y.id).execute();
    const placed = await order(server, buyer.token, [
      { v: x.variant, quantity: 2 },
      { v: y.variant, quantity: 1 },
    ], 'WELCOME10');
    // A rate changed after placing does not touch the order.
    await server.db.kysely.updateTable('shops').set({ commission_rate_bp: 500 }).where('id', '=', y.id).execute();
    await ship(server, x.token, placed.order_id);
    expect(await entriesOf(x.token, placed.order_id), 'nothing is booked before delivery').toEqual([]);

    const delivered = await moveAs(server, y.token, placed.order_id, { status: 'delivered', cod_collected: placed.total_amount });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    // The coupon's discount, shared by hand: floors, then the spare centime to the larger remainder.
    const gx = toCentimes(x.variant.unitPrice) * 2;
    const gy = toCentimes(y.variant.unitPrice);
    const discount = toCentimes(placed.discount_amount);
    expect(discount).toBeGreaterThan(0);
    let sx = Math.floor((discount * gx) / (gx + gy));
    let sy = Math.floor((discount * gy) / (gx + gy));
    if (sx + sy < discount) {
      if ((discount * gx) % (gx + gy) >= (discount * gy) % (gx + gy)) sx += 1;
      else sy += 1;
    }
    expect(sx + sy).toBe(discount);

    const ex = await entriesOf(x.token, placed.order_id);
    expect(ex.map((e) => [e.kind, toCentimes(e.amount)])).toEqual([
      ['sale', gx - sx],
      ['commission', -expectedCommission(gx - sx, 1000)],
    ]);
    const ey = await entriesOf(y.token, placed.order_id);
    expect(ey.map((e) => [e.kind, toCentimes(e.amount)])).toEqual([
      ['sale', gy - sy],
      ['commission', -expectedCommission(gy - sy, 1500)],
    ]);
    for (const e of [...ex, ...ey]) {
      expect(e).toMatchObject({ order_number: placed.order_number, period_start: '2026-06-01', created_at: clock, reverses_entry_id: null });
    }
    expect(ex[0]).toMatchObject({ product_name: x.variant.name, quantity: 2 });
    // The sales of all shops are exactly what the buyer paid for the goods (shipping and tax are not in them).
    expect(toCentimes(ex[0]?.amount ?? 0) + toCentimes(ey[0]?.amount ?? 0)).toBe(toCentimes(placed.subtotal) - discount);

    // The cash collected is recorded once, by its collector, and stays out of the sellers' ledgers.
    const cod = await server.db.kysely.selectFrom('cod_collections').selectAll().where('order_id', '=', placed.order_id).execute();
    expect(cod.map((c) => [Number(c.amount_cents), Number(c.collected_at)])).toEqual([[toCentimes(placed.total_amount), clock]]);
    expect(ex.concat(ey).some((e) => e.kind === 'cod_collected')).toBe(false);

    // Delivering again is refused and books nothing.
    const again = await moveAs(server, x.token, placed.order_id, { status: 'delivered' });
    expect(again.status).toBe(422);
    expect(await entriesOf(x.token, placed.order_id)).toEqual(ex);
  });

  it('totals the range: sales, commission, net, and the balance of the whole ledger', async () => {
    const placed = await order(server, buyer.token, [{ v: x.variant, quantity: 3 }]);
    await ship(server, x.token, placed.order_id);
    expect((await moveAs(server, x.token, placed.order_id, { status: 'delivered' })).status).toBe(200);
    const ledger = await ledgerOf(server, x.token);
    expect(ledger.meta).toEqual({ from: '2026-06-01', to: '2026-06-15', period: { start: '2026-06-01', end: '2026-06-15' }, next_payout_date: '2026-06-16' });
    const sum = (kind: string) => ledger.data.filter((e) => e.kind === kind).reduce((s, e) => s + toCentimes(e.amount), 0);
    expect(sum('sale')).toBeGreaterThan(0);
    expect(ledger.totals).toEqual({
      sales: sum('sale') / 100,
      commission: sum('commission') / 100,
      refunds: 0,
      net: (sum('sale') + sum('commission')) / 100,
      balance: (sum('sale') + sum('commission')) / 100,
    });
    for (const e of ledger.data) expect(e.order_id === null ? true : e.period_start === '2026-06-01').toBe(true);
  });

  it('reverses a return after delivery in the current period, once, and the balance follows', async () => {
    const placed = await order(server, buyer.token, [{ v: x.variant, quantity: 1 }]);
    await ship(server, x.token, placed.order_id);
    expect((await moveAs(server, x.token, placed.order_id, { status: 'delivered' })).status).toBe(200);
    const booked = await entriesOf(x.token, placed.order_id);
    const before = await ledgerOf(server, x.token);

    const returnedAt = Date.UTC(2026, 5, 20, 9, 0); // in the next period
    for (let i = 0; i < 2; i++) await writeTransaction(server.db, ['orders'], (tx) => reverseOrder(tx, placed.order_id, returnedAt));
    const next = await ledgerOf(server, x.token, '?from=2026-06-16&to=2026-06-30');
    const reversals = next.data.filter((e) => e.order_id === placed.order_id);
    expect(reversals.map((e) => [e.kind, e.amount, e.reverses_entry_id, e.period_start])).toEqual(
      booked.map((e) => ['reversal', -e.amount, e.id, '2026-06-16']),
    );
    const sale = toCentimes(booked[0]?.amount ?? 0);
    const commission = toCentimes(booked[1]?.amount ?? 0);
    expect(next.totals).toMatchObject({ sales: 0, refunds: -sale / 100, commission: -commission / 100, net: -(sale + commission) / 100 });
    expect(toCentimes(next.totals.balance)).toBe(toCentimes(before.totals.balance) - sale - commission);
    // The first period still shows what it booked.
    expect((await entriesOf(x.token, placed.order_id, '?from=2026-06-01&to=2026-06-15')).map((e) => e.id)).toEqual(booked.map((e) => e.id));
  });

  it('records a cancellation before delivery as nothing', async () => {
    const placed = await order(server, buyer.token, [{ v: y.variant, quantity: 1 }]);
    expect((await moveAs(server, y.token, placed.order_id, { status: 'cancelled' })).status).toBe(200);
    expect(await server.db.kysely.selectFrom('ledger_entries').select('id').where('order_id', '=', placed.order_id).execute()).toEqual([]);
  });

  it('takes cod_collected only with a delivery, as a MAD amount', async () => {
    const placed = await order(server, buyer.token, [{ v: x.variant, quantity: 1 }]);
    for (const body of [
      { status: 'processing', cod_collected: 10 },
      { status: 'delivered', cod_collected: -1 },
      { status: 'delivered', cod_collected: 1.234 },
      { status: 'delivered', cod_collected: '12' },
    ]) {
      const res = await moveAs(server, x.token, placed.order_id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors?.[0]?.parameter).toBe('cod_collected');
    }
    expect((await as(server.url, buyer.token, 'GET', `/api/orders/${placed.order_id}`)).body).toMatchObject({ data: { status: 'pending' } });
  });
});

describe('GET /api/seller/ledger', () => {
  it("shows a seller their own shop's entries only; buyers and the operator are refused, guests 401", async () => {
    const lx = await ledgerOf(server, x.token, '?from=2026-01-01&to=2026-12-31');
    const ly = await ledgerOf(server, y.token, '?from=2026-01-01&to=2026-12-31');
    expect(lx.data.length).toBeGreaterThan(0);
    expect(ly.data.length).toBeGreaterThan(0);
    const xIds = new Set(lx.data.map((e) => e.id));
    expect(ly.data.some((e) => xIds.has(e.id))).toBe(false);
    const shopOf = async (ids: number[]) =>
      new Set((await server.db.kysely.selectFrom('ledger_entries').select('shop_id').where('id', 'in', ids).execute()).map((r) => Number(r.shop_id)));
    expect(await shopOf(lx.data.map((e) => e.id))).toEqual(new Set([x.id]));
    expect(await shopOf(ly.data.map((e) => e.id))).toEqual(new Set([y.id]));

    expect((await as(server.url, buyer.token, 'GET', '/api/seller/ledger')).status).toBe(403);
    const guest = await fetch(`${server.url}/api/seller/ledger`);
    expect(guest.status).toBe(401);
  });

  it('reads a range of Casablanca dates and refuses a bad one with a 400 naming it', async () => {
    expect((await ledgerOf(server, x.token, '?from=2026-07-01&to=2026-07-15')).data).toEqual([]);
    expect((await ledgerOf(server, x.token, '?to=2026-05-31')).meta).toMatchObject({ from: '2026-05-16', to: '2026-05-31' });
    expect((await ledgerOf(server, x.token, '?from=2026-07-16')).meta).toMatchObject({ from: '2026-07-16', to: '2026-07-31' });
    for (const [query, parameter] of [
      ['?from=2026-02-30', 'from'],
      ['?to=tomorrow', 'to'],
      ['?from=2026-06-10&to=2026-06-01', 'from'],
      ['?from=2020-01-01&to=2026-06-01', 'to'],
      ['?from=2026-06-01&from=2026-06-02', 'from'],
    ] as const) {
      const res = await as<{ errors?: { parameter: string }[]; message?: string }>(server.url, x.token, 'GET', `/api/seller/ledger${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(parameter);
    }
  });
});
