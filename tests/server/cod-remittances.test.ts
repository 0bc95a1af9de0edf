/**
 * COD remittances (docs/OPERATOR.md "COD remittances"): the operator records the cash a courier handed over
 * against the cash collected on delivery of its orders, and reads the reconciliation report (per remittance and
 * in total: expected, remitted, difference; the cash not remitted yet). An order is remitted once: a second
 * claim, even a concurrent one, is 409 and writes nothing. A short remittance leaves every seller's ledger as it
 * was. Admins only (a manager, a seller, a buyer 403; a guest 401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { toCentimes } from '../../src/domain/money';
import { login, registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';
import { ledgerOf, moveAs, order, ship, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let admin: RegisteredUser;
let manager: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
let clock = Date.UTC(2026, 9, 5, 10, 0); // 5 October 2026
const orders: OrderDoc[] = [];
let notCollected: OrderDoc;

interface RemittanceOrder {
  order_id: number;
  order_number: string;
  cod_collected: number;
}
interface Remittance {
  id: number;
  courier: string;
  received_at: number;
  remitted: number;
  expected: number;
  difference: number;
  orders: RemittanceOrder[];
}
interface Report {
  remittances: Remittance[];
  not_remitted: RemittanceOrder[];
  totals: { expected: number; remitted: number; difference: number; not_remitted: number };
}
type Answer<T> = { data: T; code?: string; message?: string; order_ids?: number[]; errors?: { parameter: string }[] };

const remit = (body: unknown, token = admin.token) => as<Answer<Remittance>>(server.url, token, 'POST', '/api/admin/cod-remittances', body);
const report = (query: string, token = admin.token) => as<Answer<Report> & { meta: { from: string; to: string } }>(server.url, token, 'GET', `/api/admin/cod-remittances/report${query}`);
const cents = (mad: number) => toCentimes(mad);

beforeAll(async () => {
  server = await startAuthServer({ products: 60, auth: { now: () => clock } });
  buyer = await registerUser(server.url);
  admin = await registerUser(server.url, { first_name: 'Operator' });
  manager = await registerUser(server.url, { first_name: 'Manager' });
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', Number(manager.user.id)).execute();
  admin = { ...admin, token: (await login(server.url, admin.email, admin.password)).token };
  manager = { ...manager, token: (await login(server.url, manager.email, manager.password)).token };
  [x, y] = await twoShops(server);
  for (const [i, lines] of [[{ v: x.variant, quantity: 1 }], [{ v: x.variant, quantity: 2 }, { v: y.variant, quantity: 1 }], [{ v: y.variant, quantity: 2 }], [{ v: x.variant, quantity: 1 }]].entries()) {
    const o = await order(server, buyer.token, lines);
    await ship(server, admin.token, o.order_id);
    const delivered = await moveAs(server, admin.token, o.order_id, i === 3 ? { status: 'delivered' } : { status: 'delivered', cod_collected: o.total_amount });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    if (i === 3) notCollected = o;
    else orders.push(o);
  }
});
afterAll(async () => {
  await server?.close();
});

const [A, B, C] = [0, 1, 2];
const o = (i: number): OrderDoc => {
  const found = orders[i];
  if (!found) throw new Error(`order ${i}`);
  return found;
};

describe('recording a remittance', () => {
  it("sets it against its orders' collected cash; a short one shows its difference and leaves every seller's ledger unchanged", async () => {
    const ledgerRows = await server.db.kysely.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
    const ledgerX = await ledgerOf(server, x.token);
    const ledgerY = await ledgerOf(server, y.token);
    const expected = cents(o(A).total_amount) + cents(o(B).total_amount);

    clock += 60 * 60 * 1000;
    const res = await remit({ courier: 'Amana Casablanca', amount: (expected - 1050) / 100, received_at: clock - 1000, order_ids: [o(B).order_id, o(A).order_id] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.data).toMatchObject({ courier: 'Amana Casablanca', received_at: clock - 1000, remitted: (expected - 1050) / 100, expected: expected / 100, difference: -10.5 });
    expect(res.body.data.orders.map((r) => r.order_id)).toEqual([o(A).order_id, o(B).order_id].sort((a, b) => a - b));
    expect(res.body.data.orders.find((r) => r.order_id === o(A).order_id)).toMatchObject({ order_number: o(A).order_number, cod_collected: o(A).total_amount });

    expect(await server.db.kysely.selectFrom('ledger_entries').selectAll().orderBy('id').execute()).toEqual(ledgerRows);
    expect((await ledgerOf(server, x.token)).totals).toEqual(ledgerX.totals);
    expect((await ledgerOf(server, y.token)).totals).toEqual(ledgerY.totals);

    const audit = await server.db.kysely.selectFrom('audit_log').selectAll().where('object_type', '=', 'remittance').where('object_id', '=', String(res.body.data.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'remittance.record', actor_user_id: Number(admin.user.id), actor_role: 'admin' });
    expect(JSON.parse(audit[0]?.after_json ?? 'null')).toMatchObject({ difference: -10.5, expected: expected / 100 });
  });

  it('refuses an order remitted already (409, naming it) and writes nothing of the remittance', async () => {
    const before = await server.db.kysely.selectFrom('cod_remittances').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await remit({ courier: 'Amana', amount: 10, received_at: clock, order_ids: [o(C).order_id, o(B).order_id] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ORDER_ALREADY_REMITTED');
    expect(res.body.order_ids).toEqual([o(B).order_id]);
    const after = await server.db.kysely.selectFrom('cod_remittances').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const linked = await server.db.kysely.selectFrom('cod_remittance_orders').select('order_id').where('order_id', '=', o(C).order_id).execute();
    expect(linked).toEqual([]);
  });

  it('refuses orders without cash collected, or unknown, 422 naming them', async () => {
    const res = await remit({ courier: 'Amana', amount: 10, received_at: clock, order_ids: [o(C).order_id, notCollected.order_id, 999_999] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ORDER_NOT_COLLECTED');
    expect(res.body.order_ids).toEqual([notCollected.order_id, 999_999]);
  });

  it('refuses bad bodies with 422 naming the field, never a 5xx', async () => {
    const good = { courier: 'Amana', amount: 10, received_at: clock, order_ids: [o(C).order_id] };
    const cases: [unknown, string][] = [
      [{ ...good, courier: '' }, 'courier'],
      [{ ...good, courier: 'a\u0000b' }, 'courier'],
      [{ ...good, amount: -1 }, 'amount'],
      [{ ...good, amount: 1.005 }, 'amount'],
      [{ ...good, amount: '10' }, 'amount'],
      [{ ...good, received_at: 'yesterday' }, 'received_at'],
      [{ ...good, received_at: clock + 3 * 24 * 60 * 60 * 1000 }, 'received_at'],
      [{ ...good, order_ids: [] }, 'order_ids'],
      [{ ...good, order_ids: [o(C).order_id, o(C).order_id] }, 'order_ids'],
      [{ ...good, order_ids: ['1'] }, 'order_ids'],
      [{ ...good, order_ids: [0] }, 'order_ids'],
      [{ ...good, order_ids: undefined }, 'order_ids'],
    ];
    for (const [body, field] of cases) {
      const res = await remit(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors?.map((e) => e.parameter.split('.')[0]), JSON.stringify(body)).toContain(field);
    }
    expect((await remit([1, 2])).status).toBe(422);
    const linked = await server.db.kysely.selectFrom('cod_remittance_orders').select('order_id').where('order_id', '=', o(C).order_id).execute();
    expect(linked).toEqual([]);
  });

  it('two remittances of the same order at once: one is recorded, the other 409', async () => {
    const body = { courier: 'Courier 2', amount: o(C).total_amount, received_at: clock, order_ids: [o(C).order_id] };
    const [one, two] = await Promise.all([remit(body), remit({ ...body, courier: 'Courier 3' })]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const links = await server.db.kysely.selectFrom('cod_remittance_orders').selectAll().where('order_id', '=', o(C).order_id).execute();
    expect(links).toHaveLength(1);
    const remittances = await server.db.kysely.selectFrom('cod_remittances').select('id').where('courier', 'in', ['Courier 2', 'Courier 3']).execute();
    expect(remittances).toHaveLength(1);
  });

  it('is the admin’s only: manager, seller and buyer 403, guest 401', async () => {
    const body = { courier: 'Amana', amount: 1, received_at: clock, order_ids: [notCollected.order_id] };
    for (const token of [manager.token, x.token, buyer.token]) {
      const res = await remit(body, token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect((await report('', token)).status).toBe(403);
    }
    const guest = await fetch(`${server.url}/api/admin/cod-remittances/report`);
    expect(guest.status).toBe(401);
  });
});

describe('the reconciliation report', () => {
  it('gives each remittance of the range and the totals, and the cash not remitted yet', async () => {
    const res = await report('?from=2026-10-01&to=2026-10-15');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ from: '2026-10-01', to: '2026-10-15' });
    const data = res.body.data;
    expect(data.remittances).toHaveLength(2);
    const [first, second] = data.remittances;
    const ab = cents(o(A).total_amount) + cents(o(B).total_amount);
    expect(first).toMatchObject({ courier: 'Amana Casablanca', expected: ab / 100, remitted: (ab - 1050) / 100, difference: -10.5 });
    expect(second).toMatchObject({ expected: o(C).total_amount, remitted: o(C).total_amount, difference: 0 });
    expect(data.totals).toEqual({
      expected: (ab + cents(o(C).total_amount)) / 100,
      remitted: (ab - 1050 + cents(o(C).total_amount)) / 100,
      difference: -10.5,
      not_remitted: 0,
    });
    expect(data.not_remitted).toEqual([]);

    // Defaults: the current period (1–15 October).
    expect((await report('')).body.meta).toEqual({ from: '2026-10-01', to: '2026-10-15' });
    // September: nothing received, nothing collected yet.
    const september = await report('?from=2026-09-01&to=2026-09-30');
    expect(september.body.data).toEqual({ remittances: [], not_remitted: [], totals: { expected: 0, remitted: 0, difference: 0, not_remitted: 0 } });
  });

  it('lists a delivery collected and not remitted', async () => {
    clock += 60 * 60 * 1000;
    const late = await order(server, buyer.token, [{ v: y.variant, quantity: 1 }]);
    await ship(server, y.token, late.order_id);
    expect((await moveAs(server, y.token, late.order_id, { status: 'delivered', cod_collected: 12.34 })).status).toBe(200);
    const res = await report('?to=2026-10-05');
    expect(res.body.data.not_remitted).toEqual([expect.objectContaining({ order_id: late.order_id, order_number: late.order_number, cod_collected: 12.34 })]);
    expect(res.body.data.totals.not_remitted).toBe(12.34);
  });

  it('refuses a bad range with 400 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['?from=2026-10-16&to=2026-10-01', 'from'],
      ['?from=2025-01-01&to=2026-10-01', 'to'],
      ['?from=soon', 'from'],
      ['?to=2026-02-30', 'to'],
    ] as const) {
      const res = await report(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.map((e) => e.parameter), query).toContain(parameter);
    }
  });
});
