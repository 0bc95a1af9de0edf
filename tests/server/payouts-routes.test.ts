/**
 * Fortnightly payouts (docs/MONEY.md "Payouts"): a set of orders (a coupon, two shops in one order, a delivery
 * inside the return window, a cancellation, a return after payout) gives exactly the payouts, statements and
 * balances expected; closing a period twice changes nothing; the operator marks payouts paid or failed; a shop
 * sees only its own payouts and statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { toCentimes } from '../../src/domain/money';
import { writeTransaction } from '../../src/server/db/write-transaction';
import { reverseOrder } from '../../src/server/repositories/ledger-booking';
import { authHeaders, login, registerUser, sellerLogin, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';
import { ledgerOf, moveAs, order, ship, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let admin: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
let clock = Date.UTC(2026, 5, 3, 10, 0); // 3 June 2026

interface Payout {
  id: number;
  shop_id: number;
  period_start: string;
  period_end: string;
  gross: number;
  commission: number;
  net: number;
  status: string;
  paid_at: number | null;
  reference: string | null;
}

/** Moves the app's clock and opens fresh sessions (the old ones may have gone idle). */
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

const close = (periodEnd: string) =>
  as<{ data: { period_start: string; period_end: string; created: Payout[] }; code?: string; message?: string }>(server.url, admin.token, 'POST', '/api/admin/periods/close', {
    period_end: periodEnd,
  });

const sellerPayouts = async (token: string) => {
  const res = await as<{ data: Payout[] }>(server.url, token, 'GET', '/api/seller/payouts');
  expect(res.status).toBe(200);
  return res.body.data;
};

async function statement(token: string, id: number): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${server.url}/api/seller/payouts/${id}/statement.csv`, { headers: authHeaders(token) });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** Net of an order's entries for a shop, in centimes, and its sale and commission. */
async function booked(shop: LedgerShop, orderId: number): Promise<{ sale: number; commission: number; net: number }> {
  const entries = (await ledgerOf(server, shop.token, '?from=2026-06-01&to=2026-07-31')).data.filter((e) => e.order_id === orderId && e.kind !== 'reversal');
  const sale = entries.filter((e) => e.kind === 'sale').reduce((s, e) => s + toCentimes(e.amount), 0);
  const commission = entries.filter((e) => e.kind === 'commission').reduce((s, e) => s + toCentimes(e.amount), 0);
  return { sale, commission, net: sale + commission };
}

let orderA: OrderDoc;
let orderB: OrderDoc;

beforeAll(async () => {
  server = await startAuthServer({ products: 60, auth: { now: () => clock } });
  buyer = await registerUser(server.url);
  admin = await registerUser(server.url, { first_name: 'Operator' });
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  [x, y] = await twoShops(server);
  await at(clock);

  // 3 June: order A, both shops, a coupon; delivered. A cancelled order books nothing.
  orderA = await order(server, buyer.token, [
    { v: x.variant, quantity: 2 },
    { v: y.variant, quantity: 1 },
  ], 'WELCOME10');
  await deliver(orderA, x.token);
  const cancelled = await order(server, buyer.token, [{ v: x.variant, quantity: 5 }]);
  expect((await moveAs(server, x.token, cancelled.order_id, { status: 'cancelled' })).status).toBe(200);

  // 12 June: order B (shop X), delivered inside the return window of the period ending on the 15th.
  await at(Date.UTC(2026, 5, 12, 10, 0));
  orderB = await order(server, buyer.token, [{ v: x.variant, quantity: 1 }]);
  await deliver(orderB, x.token);
  await at(Date.UTC(2026, 5, 16, 9, 0));
});
afterAll(async () => {
  await server?.close();
});

describe('closing a period', () => {
  it('pays each shop its deliveries older than the return window, once', async () => {
    const ax = await booked(x, orderA.order_id);
    const ay = await booked(y, orderA.order_id);
    const first = await close('2026-06-15');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ period_start: '2026-06-01', period_end: '2026-06-15' });
    const byShop = new Map(first.body.data.created.map((p) => [p.shop_id, p]));
    expect(byShop.get(x.id)).toMatchObject({ period_end: '2026-06-15', status: 'pending', gross: ax.sale / 100, commission: -ax.commission / 100, net: ax.net / 100, paid_at: null, reference: null });
    expect(byShop.get(y.id)).toMatchObject({ gross: ay.sale / 100, commission: -ay.commission / 100, net: ay.net / 100 });

    // Again: nothing new, nothing changed.
    const payoutsBefore = await server.db.kysely.selectFrom('payouts').selectAll().orderBy('id').execute();
    const entriesBefore = await server.db.kysely.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
    const again = await close('2026-06-15');
    expect(again.status).toBe(200);
    expect(again.body.data.created).toEqual([]);
    expect(await server.db.kysely.selectFrom('payouts').selectAll().orderBy('id').execute()).toEqual(payoutsBefore);
    expect(await server.db.kysely.selectFrom('ledger_entries').selectAll().orderBy('id').execute()).toEqual(entriesBefore);

    // The payout shows in the seller's ledger as a payout entry; the balance left is order B (in the window).
    const lx = await ledgerOf(server, x.token);
    const payoutEntry = lx.data.find((e) => e.kind === 'payout');
    expect(payoutEntry?.amount).toBe(-ax.net / 100);
    const bx = await booked(x, orderB.order_id);
    expect(toCentimes(lx.totals.balance)).toBe(bx.net);
  });

  it('refuses a date that is not a period end, or a period not over', async () => {
    for (const periodEnd of ['2026-06-14', '2026-02-30', 'soon', '']) {
      const res = await close(periodEnd);
      expect(res.status, periodEnd).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
    }
    const open = await close('2026-06-30');
    expect(open.status).toBe(422);
    expect(open.body.code).toBe('PERIOD_NOT_ENDED');
  });

  it("gives each seller their own payouts and statements; another shop's is 404", async () => {
    const [px] = await sellerPayouts(x.token);
    const [py] = await sellerPayouts(y.token);
    expect(px?.shop_id).toBe(x.id);
    expect(py?.shop_id).toBe(y.id);
    if (!px || !py) throw new Error('no payouts');
    const csv = await statement(x.token, px.id);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('date,kind,order_number,product,quantity,amount');
    const ax = await booked(x, orderA.order_id);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 2).concat(r.split(',').slice(-1)))).toEqual([
      ['2026-06-03', 'sale', (ax.sale / 100).toFixed(2)],
      ['2026-06-03', 'commission', (ax.commission / 100).toFixed(2)],
      ['2026-06-16', 'payout', (-ax.net / 100).toFixed(2)],
    ]);
    expect(rows[1]).toContain(orderA.order_number);
    expect((await statement(y.token, px.id)).status).toBe(404);
    expect((await statement(x.token, 999_999)).status).toBe(404);
    expect((await statement(buyer.token, px.id)).status).toBe(403);
    expect((await as(server.url, buyer.token, 'GET', '/api/seller/payouts')).status).toBe(403);
  });
});

describe('the operator marks payouts', () => {
  it('paid with a reference, once; failed gives the money back to the next close; a return after payout carries a negative balance', async () => {
    const [px] = await sellerPayouts(x.token);
    const [py] = await sellerPayouts(y.token);
    if (!px || !py) throw new Error('no payouts');
    const patch = (id: number, body: unknown) => as<{ data: Payout; code?: string }>(server.url, admin.token, 'PATCH', `/api/admin/payouts/${id}`, body);

    expect((await patch(px.id, { status: 'paid' })).body.code).toBe('VALIDATION');
    expect((await patch(px.id, { status: 'pending', reference: 'x' })).body.code).toBe('VALIDATION');
    const paid = await patch(px.id, { status: 'paid', reference: 'VIR-2026-0616-001' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', reference: 'VIR-2026-0616-001', paid_at: clock });
    const twice = await patch(px.id, { status: 'failed' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('PAYOUT_NOT_PENDING');
    expect((await patch(999_999, { status: 'paid', reference: 'r' })).status).toBe(404);
    const failed = await patch(py.id, { status: 'failed', reference: 'bank refused' });
    expect(failed.body.data).toMatchObject({ status: 'failed', paid_at: null });

    const list = await as<{ data: Payout[] }>(server.url, admin.token, 'GET', '/api/admin/payouts?status=paid&period_end=2026-06-15');
    expect(list.body.data.map((p) => p.id)).toEqual([px.id]);
    expect((await as(server.url, admin.token, 'GET', '/api/admin/payouts?status=lost')).status).toBe(400);
    expect((await as(server.url, x.token, 'GET', '/api/admin/payouts')).status).toBe(403);

    // 16 June: order A comes back after its payout: reversed in the current period.
    const ax = await booked(x, orderA.order_id);
    const bx = await booked(x, orderB.order_id);
    await writeTransaction(server.db, ['orders'], (tx) => reverseOrder(tx, orderA.order_id, clock));
    // And Y sells order C the same day.
    const orderC = await order(server, buyer.token, [{ v: y.variant, quantity: 3 }]);
    await deliver(orderC, y.token);
    const cy = await booked(y, orderC.order_id);

    // 1 July: closing the second half of June. X owes (B − A): no payout, the negative balance carries forward.
    // Y's failed payout is owed again, but its A line was returned too: Y is paid order C alone.
    await at(Date.UTC(2026, 6, 1, 9, 0));
    const ay = await booked(y, orderA.order_id);
    const june30 = await close('2026-06-30');
    expect(june30.status).toBe(200);
    expect(june30.body.data.created.find((p) => p.shop_id === x.id)).toBeUndefined();
    expect(toCentimes((await ledgerOf(server, x.token)).totals.balance)).toBe(bx.net - ax.net);
    expect(ay.net).toBeGreaterThan(0);
    expect(june30.body.data.created.find((p) => p.shop_id === y.id)).toMatchObject({ period_end: '2026-06-30', net: cy.net / 100, status: 'pending' });
    expect(toCentimes((await ledgerOf(server, y.token)).totals.balance)).toBe(0);
    expect((await close('2026-06-30')).body.data.created).toEqual([]);
  });
});
