/**
 * The matrix rows of issue 24's operator inbox, COD remittances, adjustments and returns (docs/OPERATOR.md,
 * docs/MONEY.md): the inbox is the admin's and the manager's (decisions.md "Roles"); money (remittances, their
 * report, the payouts CSV, adjustments, returns) the admin's only. Guests get 401 everywhere.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import { freshOrderOfA } from './authz-orders';
import type { AuthzRow, CellRequest } from './authz-table';

/** The operators of the inbox: the admin, and the manager when the matrix has one. */
const INBOX: readonly SignedIn[] = SIGNED_IN.filter((who) => who === 'admin' || (who as string) === 'manager');

let made = 0;

/** A new open contact message, written straight to the table; returns its id. */
async function openMessage(world: World): Promise<number> {
  made += 1;
  const row = await world.server.db.kysely
    .insertInto('contact_messages')
    .values({ user_id: null, first_name: 'Matrix', last_name: 'Sender', email: `matrix-${made}@example.test`, phone: null, subject: 'Matrix', message: 'Hello', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Buyer A's order of shop X delivered by the admin (with its cash collected when `cod`); returns its id. */
async function deliveredOrder(world: World, cod: boolean): Promise<number> {
  const id = await freshOrderOfA(world);
  for (const status of ['processing', 'shipped']) expect((await world.as('admin', 'PATCH', `/api/seller/orders/${id}`, { status })).status).toBe(200);
  const delivered = await world.as('admin', 'PATCH', `/api/seller/orders/${id}`, cod ? { status: 'delivered', cod_collected: 1 } : { status: 'delivered' });
  expect(delivered.status, delivered.text).toBe(200);
  return id;
}

const idInPath = (req: CellRequest, pattern: RegExp): number => Number(pattern.exec(req.path)?.[1]);
const count = async (world: World, table: 'cod_remittances' | 'ledger_entries') =>
  Number((await world.server.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function orderAsA(world: World, id: number): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', `/api/orders/${id}`);
  return reply.status === 200 ? field(reply.json, 'data') : null;
}

export const OPERATOR_MONEY_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/admin/contact-messages',
    allowed: INBOX,
    refused: 403,
    request: async (world) => {
      await openMessage(world);
      return { path: '/api/admin/contact-messages?status=open' };
    },
    check: (_world, _who, reply) => {
      const list = field(reply.json, 'data') as unknown[];
      expect(list.length).toBeGreaterThan(0);
      for (const m of list) expect(field(m, 'status')).toBe('open');
    },
  },
  {
    method: 'POST',
    route: '/api/admin/contact-messages/:id/reply',
    allowed: INBOX,
    refused: 403,
    request: async (world) => ({ path: `/api/admin/contact-messages/${await openMessage(world)}/reply`, body: { body: 'Thank you for writing.' } }),
    target: (world, req) =>
      world.server.db.kysely.selectFrom('contact_messages').selectAll().where('id', '=', idInPath(req, /contact-messages\/(\d+)/)).executeTakeFirst(),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'status')).toBe('answered');
    },
  },
  {
    method: 'GET',
    route: '/api/admin/newsletter-subscribers.csv',
    allowed: INBOX,
    refused: 403,
    request: () => ({ path: '/api/admin/newsletter-subscribers.csv' }),
    check: (_world, _who, reply) => {
      expect(reply.headers.get('content-type')).toContain('text/csv');
      expect(reply.text).toContain('email,subscribed_at');
    },
  },
  {
    method: 'POST',
    route: '/api/admin/cod-remittances',
    allowed: ['admin'],
    refused: 403,
    request: async (world) => ({
      path: '/api/admin/cod-remittances',
      body: { courier: 'Matrix courier', amount: 1, received_at: Date.now(), order_ids: [await deliveredOrder(world, true)] },
    }),
    target: (world) => count(world, 'cod_remittances'),
    check: (_world, _who, reply) => {
      expect(reply.status).toBe(201);
      expect(field(reply.json, 'data', 'difference')).toBe(0);
    },
  },
  {
    method: 'GET',
    route: '/api/admin/cod-remittances/report',
    allowed: ['admin'],
    refused: 403,
    request: () => ({ path: '/api/admin/cod-remittances/report' }),
    check: (_world, _who, reply) => {
      expect(Object.keys(field(reply.json, 'data', 'totals') as object).sort()).toEqual(['difference', 'expected', 'not_remitted', 'remitted']);
    },
  },
  {
    method: 'GET',
    route: '/api/admin/payouts.csv',
    allowed: ['admin'],
    refused: 403,
    request: () => ({ path: '/api/admin/payouts.csv?status=pending' }),
    check: (_world, _who, reply) => {
      expect(reply.headers.get('content-type')).toContain('text/csv');
      const [header, ...rows] = reply.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(header).toBe('id,shop_id,shop_name,period_start,period_end,gross,commission,net,status,paid_at,reference');
      for (const row of rows) expect(row).toMatch(/,pending,,/);
    },
  },
  {
    method: 'POST',
    route: '/api/admin/shops/:id/adjustments',
    allowed: ['admin'],
    refused: 403,
    request: (world) => ({ path: `/api/admin/shops/${world.shopX.id}/adjustments`, body: { amount: -1.5, reason: 'Matrix' } }),
    target: (world) => count(world, 'ledger_entries'),
    check: (world, _who, reply) => {
      expect(reply.status).toBe(201);
      expect(field(reply.json, 'data')).toMatchObject({ shop_id: world.shopX.id, kind: 'adjustment', amount: -1.5 });
    },
  },
  {
    method: 'PATCH',
    route: '/api/seller/orders/:id',
    label: "returning buyer A's delivered order of shop X",
    // A return reverses every shop's lines: the admin's only, even for the order's own seller (403).
    allowed: ['admin'],
    refused: 403,
    request: async (world) => ({ path: `/api/seller/orders/${await deliveredOrder(world, false)}`, body: { status: 'returned' } }),
    target: (world, req) => orderAsA(world, idInPath(req, /orders\/(\d+)/)),
    check: async (world, _who, _reply, req) => {
      expect(await orderAsA(world, idInPath(req, /orders\/(\d+)/))).toMatchObject({ status: 'returned', payment_status: 'refunded' });
    },
  },
];
