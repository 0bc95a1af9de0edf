/**
 * The operator console's permissions for every role (issue 24, docs/OPERATOR.md "Permissions", decisions.md
 * "Roles"): a manager does shops, moderation and the inbox; money and roles are the admin's. Every route under
 * /api/admin the app registers (read from Fastify's route tree, as the matrix's completeness check does) is in the
 * table below as 'staff' (admin and manager) or 'admin' (money: payouts, periods, COD remittances, adjustments, a
 * shop's commission rate), and is called as a guest (401), a buyer (403), a seller (403), a manager (allowed for
 * 'staff', 403 for 'admin') and an admin (allowed), with a body valid for the allowed identities and real objects.
 * A refused call writes nothing: no audit row, the account tables and the targeted object unchanged. The big
 * matrix (authz-matrix.test.ts) has no manager identity; this file is the manager's column.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { changedTables, openDigestReader, type DigestReader } from './support/fuzz-digest';
import { moveAs, order, ship, twoShops } from './support/ledger-fixtures';
import { managerLogin } from './support/operator-calls';
import { registeredRoutes, routeKey } from './support/authz-routes';

type Access = 'staff' | 'admin';
const CALLERS = ['guest', 'buyer', 'seller', 'manager', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Method = 'GET' | 'PATCH' | 'POST';

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> | null;
}

interface ConsoleCall {
  path: string;
  body?: unknown;
}

interface ConsoleRow {
  method: Method;
  /** Fastify's path template, as the route tree names it. */
  route: string;
  label?: string;
  access: Access;
  /** The call for `who` (the same call for every caller, a fresh object where an allowed call uses one up). */
  request(who: Caller): Promise<ConsoleCall>;
  /** The targeted object as stored, compared before and after a refused call. */
  target?(call: ConsoleCall): Promise<unknown>;
  /** After an allowed call: what it did, undone where later cells need the world as it was. */
  check?(who: Caller, reply: Reply, call: ConsoleCall): Promise<void>;
}

let server: AccountServer;
let reader: DigestReader;
let registered: Set<string>;
const tokens: Partial<Record<Caller, string>> = {};
let buyer: Account;
let seller: SellerAccount;

beforeAll(async () => {
  server = await startAccountServer({ products: 20 });
  reader = openDigestReader(server.dbUrl);
  buyer = await registerBuyer(server, 'buyer');
  seller = await sellerLogin(server, 0);
  tokens.buyer = buyer.token;
  tokens.seller = seller.token;
  tokens.manager = (await managerLogin(server)).token;
  tokens.admin = (await adminLogin(server)).token;
  registered = new Set(
    (await registeredRoutes(server.app)).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => routeKey(r.method, r.url)),
  );
});
afterAll(async () => {
  await reader?.close();
  await server?.close();
});

async function callAs(who: Caller, method: Method, path: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokens[who];
  if (who !== 'guest' && token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) json = JSON.parse(text) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, text, json };
}

const db = () => server.db.kysely;
const idIn = (call: ConsoleCall, pattern: RegExp): number => Number(pattern.exec(call.path)?.[1]);
const data = (reply: Reply): Record<string, unknown> => (reply.json?.data ?? {}) as Record<string, unknown>;

async function countRows(table: 'audit_log' | 'cod_remittances' | 'ledger_entries' | 'payouts'): Promise<number> {
  return Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

const shopRow = (id: number) => db().selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();

/** The newest live review of the seed. */
async function liveReview(): Promise<number> {
  return Number((await db().selectFrom('reviews').select('id').where('deleted', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
}

/** The newest live product of the seed. */
async function liveProduct(): Promise<number> {
  return Number((await db().selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
}

/** A live category. */
async function category(): Promise<number> {
  return Number((await db().selectFrom('categories').select('id').where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id);
}

/** A new open community request of the buyer's, made through the API. */
async function buyerPost(): Promise<number> {
  const reply = await callAs('buyer', 'POST', '/api/v1/community/posts', {
    title: 'Request for the console',
    description: 'A made-to-measure kaftan.',
    category: 'clothing',
    budget_min: 500,
    budget_max: 900,
    client_ref: randomUUID(),
  });
  expect(reply.status, reply.text).toBe(201);
  return Number(data(reply).post_id);
}

let messages = 0;
/** A new open contact message, written to the table. */
async function openMessage(): Promise<number> {
  messages += 1;
  const row = await db()
    .insertInto('contact_messages')
    .values({ user_id: null, first_name: 'Console', last_name: 'Sender', email: `console-${messages}@example.test`, phone: null, subject: 'Roles', message: 'Hello', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

let payouts = 0;
/** A new pending payout of the seller's shop (one per period of 2024), written to the table. */
async function pendingPayout(): Promise<number> {
  payouts += 1;
  const month = String(payouts).padStart(2, '0');
  const row = await db()
    .insertInto('payouts')
    .values({ shop_id: seller.shop.id, period_start: `2024-${month}-01`, period_end: `2024-${month}-15`, gross_cents: 10_000, commission_cents: -1_000, net_cents: 9_000, paid_at: null, reference: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

let codOrder: { id: number; total: number } | undefined;
/** One delivered cash-on-delivery order with its cash collected (made once: only the admin's call remits it). */
async function collectedOrder(): Promise<{ id: number; total: number }> {
  if (codOrder) return codOrder;
  const [x] = await twoShops(server);
  const placed = await order(server, buyer.token, [{ v: x.variant, quantity: 1 }]);
  await ship(server, x.token, placed.order_id);
  const delivered = await moveAs(server, x.token, placed.order_id, { status: 'delivered', cod_collected: placed.total_amount });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  codOrder = { id: placed.order_id, total: placed.total_amount };
  return codOrder;
}

const CONSOLE_TABLE: readonly ConsoleRow[] = [
  {
    method: 'GET',
    route: '/api/admin/shops',
    access: 'staff',
    request: async () => ({ path: '/api/admin/shops?status=active' }),
    check: async (_who, reply) => {
      expect((reply.json?.data as unknown[]).length).toBeGreaterThan(0);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/shops/:id',
    label: 'texts, status and flags',
    access: 'staff',
    request: async () => ({ path: `/api/admin/shops/${seller.shop.id}`, body: { is_featured: true, name: 'Console roles shop' } }),
    target: (call) => shopRow(idIn(call, /shops\/(\d+)/)),
    check: async (_who, reply) => {
      expect(data(reply).is_featured).toBe(true);
      await db().updateTable('shops').set({ is_featured: 0 }).where('id', '=', seller.shop.id).execute();
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/shops/:id',
    label: 'commission rate (money)',
    access: 'admin',
    request: async () => ({ path: `/api/admin/shops/${seller.shop.id}`, body: { commission_rate: 12.5 } }),
    target: (call) => shopRow(idIn(call, /shops\/(\d+)/)),
    check: async () => {
      expect(Number((await shopRow(seller.shop.id))?.commission_rate_bp)).toBe(1250);
      await db().updateTable('shops').set({ commission_rate_bp: null }).where('id', '=', seller.shop.id).execute();
    },
  },
  {
    method: 'POST',
    route: '/api/admin/shops/:id/adjustments',
    access: 'admin',
    request: async () => ({ path: `/api/admin/shops/${seller.shop.id}/adjustments`, body: { amount: -1.5, reason: 'Console roles' } }),
    target: () => countRows('ledger_entries'),
    check: async (_who, reply) => {
      expect(reply.status).toBe(201);
      expect(data(reply)).toMatchObject({ shop_id: seller.shop.id, kind: 'adjustment', amount: -1.5 });
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/reviews/:id',
    access: 'staff',
    request: async () => ({ path: `/api/admin/reviews/${await liveReview()}`, body: { hidden: true, reason: 'Console roles' } }),
    target: (call) => db().selectFrom('reviews').selectAll().where('id', '=', idIn(call, /reviews\/(\d+)/)).executeTakeFirst(),
    check: async (who, reply, call) => {
      expect(data(reply).hidden).toBe(true);
      expect((await callAs(who, 'PATCH', call.path, { hidden: false })).status).toBe(200);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/products/:id',
    access: 'staff',
    request: async () => ({ path: `/api/admin/products/${await liveProduct()}`, body: { published: false, reason: 'Console roles' } }),
    target: (call) => db().selectFrom('products').selectAll().where('id', '=', idIn(call, /products\/(\d+)/)).executeTakeFirst(),
    check: async (who, reply, call) => {
      expect(data(reply).published).toBe(false);
      expect((await callAs(who, 'PATCH', call.path, { published: true })).status).toBe(200);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/categories/:id',
    access: 'staff',
    request: async (who) => ({ path: `/api/admin/categories/${await category()}`, body: { name_en: `Console roles (${who})` } }),
    target: (call) => db().selectFrom('categories').selectAll().where('id', '=', idIn(call, /categories\/(\d+)/)).executeTakeFirst(),
    check: async (who, _reply, call) => {
      const row = await db().selectFrom('categories').select('name_en').where('id', '=', idIn(call, /categories\/(\d+)/)).executeTakeFirstOrThrow();
      expect(row.name_en).toBe(`Console roles (${who})`);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/community/posts/:id',
    access: 'staff',
    request: async () => ({ path: `/api/admin/community/posts/${await buyerPost()}`, body: { hidden: true, reason: 'Console roles' } }),
    target: (call) => db().selectFrom('community_posts').selectAll().where('id', '=', idIn(call, /posts\/(\d+)/)).executeTakeFirst(),
    check: async (_who, reply) => {
      expect(data(reply).hidden).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/api/admin/audit',
    access: 'staff',
    request: async () => ({ path: `/api/admin/audit?object=shop:${seller.shop.id}` }),
  },
  {
    method: 'GET',
    route: '/api/admin/contact-messages',
    access: 'staff',
    request: async () => {
      await openMessage();
      return { path: '/api/admin/contact-messages?status=open' };
    },
    check: async (_who, reply) => {
      expect((reply.json?.data as unknown[]).length).toBeGreaterThan(0);
    },
  },
  {
    method: 'POST',
    route: '/api/admin/contact-messages/:id/reply',
    access: 'staff',
    request: async () => ({ path: `/api/admin/contact-messages/${await openMessage()}/reply`, body: { body: 'Thank you for writing.' } }),
    target: (call) => db().selectFrom('contact_messages').selectAll().where('id', '=', idIn(call, /contact-messages\/(\d+)/)).executeTakeFirst(),
    check: async (_who, reply) => {
      expect(data(reply).status).toBe('answered');
    },
  },
  {
    method: 'GET',
    route: '/api/admin/newsletter-subscribers.csv',
    access: 'staff',
    request: async () => ({ path: '/api/admin/newsletter-subscribers.csv' }),
    check: async (_who, reply) => {
      expect(reply.headers.get('content-type')).toContain('text/csv');
    },
  },
  {
    method: 'POST',
    route: '/api/admin/cod-remittances',
    access: 'admin',
    request: async () => {
      const o = await collectedOrder();
      return { path: '/api/admin/cod-remittances', body: { courier: 'Console courier', amount: o.total, received_at: Date.now(), order_ids: [o.id] } };
    },
    target: () => countRows('cod_remittances'),
    check: async (_who, reply) => {
      expect(reply.status).toBe(201);
      expect(data(reply).difference).toBe(0);
    },
  },
  {
    method: 'GET',
    route: '/api/admin/cod-remittances/report',
    access: 'admin',
    request: async () => ({ path: '/api/admin/cod-remittances/report' }),
  },
  {
    method: 'POST',
    route: '/api/admin/periods/close',
    access: 'admin',
    request: async () => ({ path: '/api/admin/periods/close', body: { period_end: '2025-02-15' } }),
    target: () => countRows('payouts'),
  },
  {
    method: 'GET',
    route: '/api/admin/payouts',
    access: 'admin',
    request: async () => ({ path: '/api/admin/payouts?status=pending' }),
  },
  {
    method: 'PATCH',
    route: '/api/admin/payouts/:id',
    access: 'admin',
    request: async () => ({ path: `/api/admin/payouts/${await pendingPayout()}`, body: { status: 'paid', reference: 'CONSOLE-1' } }),
    target: (call) => db().selectFrom('payouts').selectAll().where('id', '=', idIn(call, /payouts\/(\d+)/)).executeTakeFirst(),
    check: async (_who, reply) => {
      expect(data(reply)).toMatchObject({ status: 'paid', reference: 'CONSOLE-1' });
    },
  },
  {
    method: 'GET',
    route: '/api/admin/payouts.csv',
    access: 'admin',
    request: async () => ({ path: '/api/admin/payouts.csv' }),
    check: async (_who, reply) => {
      expect(reply.headers.get('content-type')).toContain('text/csv');
    },
  },
];

const allowed = (row: ConsoleRow, who: Caller): boolean => who === 'admin' || (who === 'manager' && row.access === 'staff');
const rowName = (row: ConsoleRow): string => `${row.method} ${row.route}${row.label ? ` (${row.label})` : ''} [${row.access}]`;

describe.each(CONSOLE_TABLE.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
  it.for(CALLERS)('as %s', async (who) => {
    expect(registered.has(routeKey(row.method, row.route)), 'the app registers this route').toBe(true);
    const call = await row.request(who);
    const isAllowed = allowed(row, who);
    const auditBefore = await countRows('audit_log');
    const digestBefore = await reader.digest();
    const targetBefore = await row.target?.(call);

    const reply = await callAs(who, row.method, call.path, call.body);
    const what = `${who}: ${row.method} ${call.path} ${JSON.stringify(call.body ?? null)} → ${reply.status} ${reply.text.slice(0, 300)}`;
    expect(reply.headers.get('cache-control'), `${what}\nCache-Control`).toContain('no-store');

    if (isAllowed) {
      expect(reply.status, what).toBeGreaterThanOrEqual(200);
      expect(reply.status, what).toBeLessThan(300);
      await row.check?.(who, reply, call);
      return;
    }
    expect(reply.status, what).toBe(who === 'guest' ? 401 : 403);
    expect(reply.json?.code, what).toBe(who === 'guest' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    expect(reply.json?.success, what).toBe(false);
    expect(await countRows('audit_log'), `${what}\na refusal writes no audit row`).toBe(auditBefore);
    expect(changedTables(digestBefore, await reader.digest()), `${what}\nno account table may change on a refusal`).toEqual([]);
    if (row.target) expect(await row.target(call), `${what}\nthe target is unchanged`).toEqual(targetBefore);
  });
});

describe('completeness', () => {
  it('every route under /api/admin the app registers is classified in the table, and every row is a route', () => {
    // The parser reads the real tree (routes it must find).
    expect([...registered]).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/admin/shops', 'PATCH /api/admin/shops/:id']));
    const classified = new Set(CONSOLE_TABLE.map((r) => routeKey(r.method, r.route)));
    const admin = [...registered].filter((k) => / \/api\/admin(\/|$)/.test(k));
    expect(admin.filter((k) => !classified.has(k)), 'classify these in CONSOLE_TABLE (staff or admin)').toEqual([]);
    expect([...classified].filter((k) => !registered.has(k)), 'table rows for routes the app does not register').toEqual([]);
  });

  it('a manager may change a shop but not its commission rate in one PATCH', async () => {
    const before = await shopRow(seller.shop.id);
    const auditBefore = await countRows('audit_log');
    const mixed = await callAs('manager', 'PATCH', `/api/admin/shops/${seller.shop.id}`, { is_featured: true, commission_rate: 3 });
    expect(mixed.status, mixed.text).toBe(403);
    expect(mixed.json?.code).toBe('FORBIDDEN');
    expect(await shopRow(seller.shop.id)).toEqual(before);
    expect(await countRows('audit_log')).toBe(auditBefore);
  });

  it('the callers are who they claim to be', async () => {
    const roles: Record<Exclude<Caller, 'guest'>, string> = { buyer: 'user', seller: 'seller', manager: 'manager', admin: 'admin' };
    for (const who of ['buyer', 'seller', 'manager', 'admin'] as const) {
      const reply = await callAs(who, 'GET', '/api/user/profile');
      expect((reply.json?.user as Record<string, unknown> | undefined)?.role, who).toBe(roles[who]);
    }
  });
});
