/**
 * The operator's adjustments (docs/MONEY.md "Adjustments"): POST /api/admin/shops/{id}/adjustments books a signed
 * `adjustment` entry in the shop's ledger, in the current period, audited with its reason; it counts in the
 * seller's net and balance and in the next payout. Admins only (a manager, a seller, a buyer 403; guest 401); an
 * unknown shop 404; a zero, fractional-centime or huge amount, or a missing reason, 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCentimes } from '../../src/domain/money';
import { login, registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';
import { ledgerOf, twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let admin: RegisteredUser;
let manager: RegisteredUser;
let buyer: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
const clock = Date.UTC(2026, 10, 20, 10, 0); // 20 November 2026

interface Adjustment {
  id: number;
  shop_id: number;
  kind: string;
  amount: number;
  reason: string;
  period_start: string;
  created_at: number;
}

const adjust = (shopId: number | string, body: unknown, token = admin.token) =>
  as<{ data: Adjustment; code?: string; message?: string; errors?: { parameter: string }[] }>(server.url, token, 'POST', `/api/admin/shops/${shopId}/adjustments`, body);

beforeAll(async () => {
  server = await startAuthServer({ products: 30, auth: { now: () => clock } });
  admin = await registerUser(server.url, { first_name: 'Operator' });
  manager = await registerUser(server.url, { first_name: 'Manager' });
  buyer = await registerUser(server.url);
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', Number(manager.user.id)).execute();
  admin = { ...admin, token: (await login(server.url, admin.email, admin.password)).token };
  manager = { ...manager, token: (await login(server.url, manager.email, manager.password)).token };
  [x, y] = await twoShops(server);
});
afterAll(async () => {
  await server?.close();
});

describe('operator adjustments', () => {
  it("books a signed entry in the shop's ledger, counted in its net and balance, and audited with the reason", async () => {
    const before = await ledgerOf(server, x.token);
    const beforeY = await ledgerOf(server, y.token);
    const credit = await adjust(x.id, { amount: 25.5, reason: 'Courier damaged a parcel' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.data).toMatchObject({ shop_id: x.id, kind: 'adjustment', amount: 25.5, reason: 'Courier damaged a parcel', period_start: '2026-11-16', created_at: clock });
    const debit = await adjust(x.id, { amount: -10, reason: 'Packaging fee agreed by phone' });
    expect(debit.status).toBe(201);

    const after = await ledgerOf(server, x.token);
    const adjustments = after.data.filter((e) => e.kind === 'adjustment');
    expect(adjustments.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-10, 25.5]);
    expect(toCentimes(after.totals.net) - toCentimes(before.totals.net)).toBe(1550);
    expect(toCentimes(after.totals.balance) - toCentimes(before.totals.balance)).toBe(1550);
    expect((await ledgerOf(server, y.token)).totals).toEqual(beforeY.totals);

    const rows = await server.db.kysely.selectFrom('ledger_entries').selectAll().where('kind', '=', 'adjustment').orderBy('id').execute();
    expect(rows.map((r) => [Number(r.shop_id), Number(r.amount_cents), r.order_id])).toEqual([
      [x.id, 2550, null],
      [x.id, -1000, null],
    ]);
    const audit = await server.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'shop.adjust').orderBy('id').execute();
    expect(audit.map((a) => [a.object_type, a.object_id, a.reason, a.actor_role])).toEqual([
      ['shop', String(x.id), 'Courier damaged a parcel', 'admin'],
      ['shop', String(x.id), 'Packaging fee agreed by phone', 'admin'],
    ]);
    expect(JSON.parse(audit[0]?.after_json ?? 'null')).toEqual({ entry_id: credit.body.data.id, amount: 25.5, period_start: '2026-11-16' });
  });

  it('refuses an unknown shop, bad bodies and other roles, writing nothing', async () => {
    const count = async () => Number((await server.db.kysely.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    for (const id of [999_999, 'abc']) {
      const res = await adjust(id, { amount: 5, reason: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SHOP_NOT_FOUND');
    }
    const cases: [unknown, string][] = [
      [{ amount: 0, reason: 'zero' }, 'amount'],
      [{ amount: 1.005, reason: 'fraction' }, 'amount'],
      [{ amount: 2_000_000, reason: 'huge' }, 'amount'],
      [{ amount: '5', reason: 'string' }, 'amount'],
      [{ reason: 'missing' }, 'amount'],
      [{ amount: 5 }, 'reason'],
      [{ amount: 5, reason: '   ' }, 'reason'],
      [{ amount: 5, reason: 'r'.repeat(501) }, 'reason'],
      [{ amount: 5, reason: 'a\u0000b' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(x.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.map((e) => e.parameter), JSON.stringify(body)).toContain(field);
    }
    for (const token of [manager.token, x.token, buyer.token]) {
      const res = await adjust(x.id, { amount: 5, reason: 'not yours' }, token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const guest = await fetch(`${server.url}/api/admin/shops/${x.id}/adjustments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5, reason: 'guest' }) });
    expect(guest.status).toBe(401);
    expect(await count()).toBe(n);
  });
});
