/**
 * The operator's payouts as CSV (docs/MONEY.md "Endpoints"): GET /api/admin/payouts.csv?status=&period_end=
 * answers the payouts GET /api/admin/payouts lists, one row each with the shop's name, as RFC 4180 UTF-8 with a
 * byte order mark; text cells a spreadsheet would run as a formula get an apostrophe. The same filters (a bad one
 * 400 naming it); admins only (a guest 401; a buyer, a seller, a manager 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, login, registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { twoShops, type LedgerShop } from './support/ledger-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let admin: RegisteredUser;
let manager: RegisteredUser;
let x: LedgerShop;
let y: LedgerShop;
const ids: Record<string, number> = {};
const PAID_AT = Date.UTC(2026, 4, 20, 9, 30);

const HEADER = 'id,shop_id,shop_name,period_start,period_end,gross,commission,net,status,paid_at,reference';

async function csv(query: string, token: string | null = admin.token): Promise<{ status: number; headers: Headers; bytes: Uint8Array; text: string }> {
  const res = await fetch(`${server.url}/api/admin/payouts.csv${query}`, { headers: token === null ? {} : authHeaders(token) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

async function payout(key: string, shopId: number, start: string, end: string, cents: [number, number, number], status: string, paidAt: number | null, reference: string | null): Promise<void> {
  const row = await server.db.kysely
    .insertInto('payouts')
    .values({ shop_id: shopId, period_start: start, period_end: end, gross_cents: cents[0], commission_cents: cents[1], net_cents: cents[2], status, paid_at: paidAt, reference, created_at: PAID_AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = Number(row.id);
}

beforeAll(async () => {
  server = await startAuthServer({ products: 20 });
  buyer = await registerUser(server.url);
  admin = await registerUser(server.url, { first_name: 'Operator' });
  manager = await registerUser(server.url, { first_name: 'Manager' });
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', Number(manager.user.id)).execute();
  admin = { ...admin, token: (await login(server.url, admin.email, admin.password)).token };
  manager = { ...manager, token: (await login(server.url, manager.email, manager.password)).token };
  [x, y] = await twoShops(server);
  // A name a spreadsheet would run as a formula, with a comma and quotes; an Arabic one.
  await server.db.kysely.updateTable('shops').set({ name: '=HYPERLINK("http://evil.test"), Atelier' }).where('id', '=', x.id).execute();
  await server.db.kysely.updateTable('shops').set({ name: 'دار الصناعة' }).where('id', '=', y.id).execute();
  await payout('xMay15', x.id, '2026-05-01', '2026-05-15', [120_000, -12_000, 108_000], 'paid', PAID_AT, '+VIR-2026-05');
  await payout('yMay15', y.id, '2026-05-01', '2026-05-15', [5_050, -505, 4_545], 'pending', null, null);
  await payout('xMay31', x.id, '2026-05-16', '2026-05-31', [1_000, -100, 900], 'failed', null, 'RIB wrong');
  await payout('yMay31', y.id, '2026-05-16', '2026-05-31', [2_000, -200, 1_800], 'pending', null, null);
});
afterAll(async () => {
  await server?.close();
});

const line = {
  xMay15: () => `${ids.xMay15},${x.id},"'=HYPERLINK(""http://evil.test""), Atelier",2026-05-01,2026-05-15,1200.00,-120.00,1080.00,paid,2026-05-20T09:30:00.000Z,'+VIR-2026-05`,
  yMay15: () => `${ids.yMay15},${y.id},دار الصناعة,2026-05-01,2026-05-15,50.50,-5.05,45.45,pending,,`,
  xMay31: () => `${ids.xMay31},${x.id},"'=HYPERLINK(""http://evil.test""), Atelier",2026-05-16,2026-05-31,10.00,-1.00,9.00,failed,,RIB wrong`,
  yMay31: () => `${ids.yMay31},${y.id},دار الصناعة,2026-05-16,2026-05-31,20.00,-2.00,18.00,pending,,`,
};
const body = (...rows: (keyof typeof line)[]) => `\uFEFF${[HEADER, ...rows.map((r) => line[r]())].join('\r\n')}\r\n`;

describe('GET /api/admin/payouts.csv', () => {
  it('answers every payout, newest period first, as UTF-8 CSV with a byte order mark and formulas defused', async () => {
    const res = await csv('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payouts.csv"');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toBe(body('xMay31', 'yMay31', 'xMay15', 'yMay15'));
  });

  it('keeps the same filters as the payouts list', async () => {
    const pending = await csv('?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.text).toBe(body('yMay31', 'yMay15'));
    const period = await csv('?period_end=2026-05-15');
    expect(period.text).toBe(body('xMay15', 'yMay15'));
    expect(period.headers.get('content-disposition')).toBe('attachment; filename="payouts-2026-05-15.csv"');
    const both = await csv('?status=paid&period_end=2026-05-15');
    expect(both.text).toBe(body('xMay15'));
    const none = await csv('?status=paid&period_end=2026-05-31');
    expect(none.status).toBe(200);
    expect(none.text).toBe(body());
  });

  it('refuses a bad filter with 400 naming it', async () => {
    for (const [query, parameter] of [
      ['?status=settled', 'status'],
      ['?period_end=2026-13-01', 'period_end'],
      ['?period_end=%00', 'period_end'],
    ] as const) {
      const res = await csv(query);
      expect(res.status, query).toBe(400);
      const answer = JSON.parse(res.text) as { errors?: { parameter: string }[] };
      expect(answer.errors?.map((e) => e.parameter), query).toContain(parameter);
    }
  });

  it('is the admin’s only: a guest 401, a buyer, a seller and a manager 403', async () => {
    expect((await csv('', null)).status).toBe(401);
    for (const token of [buyer.token, x.token, manager.token]) {
      const res = await csv('', token);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('HYPERLINK');
    }
  });
});
