/**
 * Returns (docs/MONEY.md "Returns"): `returned` is the one move after delivered, the operator's (admin) only. It
 * reverses every ledger entry of the order, of every shop, in the current period, refunds the payment and is
 * audited. A return after the payout makes the next period's balance negative, and closing that period creates
 * no payout for the shop: the negative balance carries forward until later sales cover it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { toCentimes } from '../../src/domain/money';
import { login, registerUser, sellerLogin, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';
import { ledgerOf, moveAs, order, ship, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let admin: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
let clock = Date.UTC(2026, 7, 3, 10, 0); // 3 August 2026

interface Payout {
  id: number;
  shop_id: number;
  net: number;
  status: string;
}

async function at(instant: number): Promise<void> {
  clock = instant;
  buyer = { ...buyer, token: (await login(server.url, buyer.email, buyer.password)).token };
  admin = { ...admin, token: (await login(server.url, admin.email, admin.password)).token };
  for (const shop of [x, y]) {
    const slug = (await server.db.kysely.selectFrom('shops').select('slug').where('id', '=', shop.id).executeTakeFirstOrThrow()).slug;
    shop.token = (await sellerLogin(server.url, slug)).token;
  }
}

async function deliver(o: OrderDoc, token: string): Promise<void> {
  await ship(server, token, o.order_id);
  const res = await moveAs(server, token, o.order_id, { status: 'delivered', cod_collected: o.total_amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const entriesOf = (orderId: number) =>
  server.db.kysely.selectFrom('ledger_entries').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

const orderRow = (orderId: number) => server.db.kysely.selectFrom('orders').select(['status', 'payment_status', 'history_json']).where('id', '=', orderId).executeTakeFirstOrThrow();

const close = (periodEnd: string) =>
  as<{ data: { created: Payout[] }; code?: string }>(server.url, admin.token, 'POST', '/api/admin/periods/close', { period_end: periodEnd });

beforeAll(async () => {
  server = await startAuthServer({ products: 60, auth: { now: () => clock } });
  buyer = await registerUser(server.url);
  admin = await registerUser(server.url, { first_name: 'Operator' });
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  [x, y] = await twoShops(server);
  await at(clock);
});
afterAll(async () => {
  await server?.close();
});

describe('returning an order', () => {
  it("is the operator's move: a seller of the order 403, an order not delivered or already returned 422, unknown 404", async () => {
    const o = await order(server, buyer.token, [{ v: x.variant, quantity: 1 }]);
    await ship(server, x.token, o.order_id);
    const early = await moveAs(server, admin.token, o.order_id, { status: 'returned' });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('ORDER_TRANSITION_INVALID');
    expect(early.body.message).toBe('An order cannot move from shipped to returned.');
    expect((await moveAs(server, x.token, o.order_id, { status: 'delivered', cod_collected: o.total_amount })).status).toBe(200);
    const entriesBefore = await entriesOf(o.order_id);
    const rowBefore = await orderRow(o.order_id);

    const bySeller = await moveAs(server, x.token, o.order_id, { status: 'returned' });
    expect(bySeller.status).toBe(403);
    expect(bySeller.body.code).toBe('FORBIDDEN');
    expect((await moveAs(server, y.token, o.order_id, { status: 'returned' })).status).toBe(403);
    expect(await entriesOf(o.order_id)).toEqual(entriesBefore);
    expect(await orderRow(o.order_id)).toEqual(rowBefore);

    expect((await moveAs(server, admin.token, 999_999, { status: 'returned' })).status).toBe(404);
    const ok = await moveAs(server, admin.token, o.order_id, { status: 'returned' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const twice = await moveAs(server, admin.token, o.order_id, { status: 'returned' });
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('ORDER_TRANSITION_INVALID');
    expect((await moveAs(server, admin.token, o.order_id, { status: 'delivered' })).status).toBe(422);
  });

  it("reverses every shop's entries of the order in the current period, refunds it and records the audit", async () => {
    const o = await order(server, buyer.token, [
      { v: x.variant, quantity: 2 },
      { v: y.variant, quantity: 1 },
    ], 'WELCOME10');
    await deliver(o, x.token);
    const booked = await entriesOf(o.order_id);
    expect(booked.map((e) => e.kind).sort()).toEqual(['commission', 'commission', 'sale', 'sale']);
    const balanceX = toCentimes((await ledgerOf(server, x.token)).totals.balance);
    const balanceY = toCentimes((await ledgerOf(server, y.token)).totals.balance);

    await at(Date.UTC(2026, 7, 5, 11, 0));
    const res = await moveAs(server, admin.token, o.order_id, { status: 'returned' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'returned', payment_status: 'refunded' });
    expect(res.body.data.history.at(-1)).toEqual({ status: 'returned', at: clock });

    const after = await entriesOf(o.order_id);
    const reversals = after.filter((e) => e.kind === 'reversal');
    expect(reversals).toHaveLength(4);
    for (const entry of booked) {
      const reversal = reversals.find((r) => Number(r.reverses_entry_id) === Number(entry.id));
      expect(reversal, `entry ${entry.id}`).toMatchObject({ amount_cents: -Number(entry.amount_cents), shop_id: entry.shop_id, period_start: '2026-08-01', created_at: clock });
    }
    const sum = (shopId: number) => after.filter((e) => Number(e.shop_id) === shopId).reduce((s, e) => s + Number(e.amount_cents), 0);
    expect(sum(x.id)).toBe(0);
    expect(sum(y.id)).toBe(0);
    const netOf = (shopId: number) => booked.filter((e) => Number(e.shop_id) === shopId).reduce((s, e) => s + Number(e.amount_cents), 0);
    expect(toCentimes((await ledgerOf(server, x.token)).totals.balance)).toBe(balanceX - netOf(x.id));
    expect(toCentimes((await ledgerOf(server, y.token)).totals.balance)).toBe(balanceY - netOf(y.id));

    const audit = await server.db.kysely.selectFrom('audit_log').selectAll().where('object_type', '=', 'order').where('object_id', '=', String(o.order_id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.return', actor_user_id: Number(admin.user.id), actor_role: 'admin', created_at: clock });
    expect(JSON.parse(audit[0]?.before_json ?? 'null')).toEqual({ status: 'delivered', payment_status: 'paid' });
    expect(JSON.parse(audit[0]?.after_json ?? 'null')).toEqual({ status: 'returned', payment_status: 'refunded' });
  });

  it('after the payout, makes the next period negative and no payout is created for it', async () => {
    // 6 August: an order of shop X alone, delivered; paid out at the close of 15 August (on the 16th).
    await at(Date.UTC(2026, 7, 6, 10, 0));
    const o = await order(server, buyer.token, [{ v: x.variant, quantity: 3 }]);
    await deliver(o, x.token);
    const net = (await entriesOf(o.order_id)).reduce((s, e) => s + Number(e.amount_cents), 0);
    expect(net).toBeGreaterThan(0);

    await at(Date.UTC(2026, 7, 16, 9, 0));
    const first = await close('2026-08-15');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const payout = first.body.data.created.find((p) => p.shop_id === x.id);
    expect(payout?.net).toBe(net / 100);
    const paid = await as(server.url, admin.token, 'PATCH', `/api/admin/payouts/${payout?.id}`, { status: 'paid', reference: 'VIR-0816' });
    expect(paid.status).toBe(200);
    expect(toCentimes((await ledgerOf(server, x.token)).totals.balance)).toBe(0);

    // 17 August: the order comes back. The reversal lands in the period after the paid one.
    await at(Date.UTC(2026, 7, 17, 10, 0));
    expect((await moveAs(server, admin.token, o.order_id, { status: 'returned' })).status).toBe(200);
    const reversals = (await entriesOf(o.order_id)).filter((e) => e.kind === 'reversal');
    expect(reversals.map((r) => r.period_start)).toEqual(['2026-08-16', '2026-08-16']);
    expect(toCentimes((await ledgerOf(server, x.token)).totals.balance)).toBe(-net);

    // 1 September: closing the second half of August pays X nothing; its balance stays negative.
    await at(Date.UTC(2026, 8, 1, 9, 0));
    const second = await close('2026-08-31');
    expect(second.status).toBe(200);
    expect(second.body.data.created.find((p) => p.shop_id === x.id)).toBeUndefined();
    const payouts = await server.db.kysely.selectFrom('payouts').select(['period_end']).where('shop_id', '=', x.id).execute();
    expect(payouts.map((p) => p.period_end)).toEqual(['2026-08-15']);
    expect(toCentimes((await ledgerOf(server, x.token, '?from=2026-09-01&to=2026-09-01')).totals.balance)).toBe(-net);
  });
});
