/**
 * The matrix rows of issue 24's money routes (docs/MONEY.md):
 * - GET /api/seller/ledger, GET /api/seller/payouts: a seller's own shop's; buyers and the operator 403;
 * - GET /api/seller/payouts/{id}/statement.csv: shop X's payout for its seller only (shop Y's seller 404);
 * - POST /api/admin/periods/close, GET /api/admin/payouts, PATCH /api/admin/payouts/{id}: the admin only (money
 *   is not the manager's, decisions.md "Roles").
 * Guests get 401 everywhere.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { World } from './authz-identities';
import type { AuthzRow, CellRequest } from './authz-table';

let made = 0;

/** A pending payout of `shopId` for a period end of its own (long past), written straight to the table. */
async function payoutOf(world: World, shopId: number): Promise<number> {
  made += 1;
  const row = await world.server.db.kysely
    .insertInto('payouts')
    .values({
      shop_id: shopId,
      period_start: `${1900 + made}-01-01`,
      period_end: `${1900 + made}-01-15`,
      gross_cents: 10_000,
      commission_cents: 1000,
      net_cents: 9000,
      status: 'pending',
      paid_at: null,
      reference: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const idInPath = (req: CellRequest): number => Number(/\/payouts\/(\d+)/.exec(req.path)?.[1]);

async function payoutRow(world: World, id: number): Promise<unknown> {
  return (await world.server.db.kysely.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Every entry of the caller's shop in the answer is that shop's. */
async function ownEntries(world: World, who: string, ids: number[], table: 'ledger_entries' | 'payouts'): Promise<void> {
  if (ids.length === 0) return;
  const shop = who === 'sellerX' ? world.shopX.id : world.shopY.id;
  const rows = await world.server.db.kysely.selectFrom(table).select('shop_id').where('id', 'in', ids).execute();
  for (const row of rows) expect(Number(row.shop_id), 'only their shop’s money').toBe(shop);
}

const payoutCount = async (world: World) =>
  world.server.db.kysely.selectFrom('payouts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

export const SELLER_LEDGER_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/seller/ledger',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/seller/ledger' }),
    check: async (world, who, reply) => {
      expect(Object.keys(field(reply.json, 'totals') as object).sort()).toEqual(['balance', 'commission', 'net', 'refunds', 'sales']);
      await ownEntries(world, who, (field(reply.json, 'data') as unknown[]).map((e) => Number(field(e, 'id'))), 'ledger_entries');
    },
  },
  {
    method: 'GET',
    route: '/api/seller/payouts',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: async (world) => {
      await payoutOf(world, world.shopX.id);
      return { path: '/api/seller/payouts' };
    },
    check: async (world, who, reply) => {
      const ids = (field(reply.json, 'data') as unknown[]).map((p) => Number(field(p, 'id')));
      if (who === 'sellerX') expect(ids.length).toBeGreaterThan(0);
      await ownEntries(world, who, ids, 'payouts');
    },
  },
  {
    method: 'GET',
    route: '/api/seller/payouts/:id/statement.csv',
    label: "shop X's payout",
    allowed: ['sellerX'],
    refused: 403,
    refusedAs: { sellerY: 404 },
    notFoundCode: 'PAYOUT_NOT_FOUND',
    request: async (world) => ({ path: `/api/seller/payouts/${await payoutOf(world, world.shopX.id)}/statement.csv` }),
    target: (world, req) => payoutRow(world, idInPath(req)),
    check: (_world, _who, reply) => {
      expect(reply.headers.get('content-type')).toContain('text/csv');
      expect(reply.text).toContain('date,kind,order_number,product,quantity,amount');
    },
  },
  {
    method: 'POST',
    route: '/api/admin/periods/close',
    allowed: ['admin'],
    refused: 403,
    request: () => ({ path: '/api/admin/periods/close', body: { period_end: '2000-01-31' } }),
    target: (world) => payoutCount(world),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'period_end')).toBe('2000-01-31');
    },
  },
  {
    method: 'GET',
    route: '/api/admin/payouts',
    allowed: ['admin'],
    refused: 403,
    request: () => ({ path: '/api/admin/payouts?status=pending' }),
    check: (_world, _who, reply) => {
      for (const p of field(reply.json, 'data') as unknown[]) expect(field(p, 'status')).toBe('pending');
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/payouts/:id',
    allowed: ['admin'],
    refused: 403,
    request: async (world) => ({ path: `/api/admin/payouts/${await payoutOf(world, world.shopY.id)}`, body: { status: 'paid', reference: 'MATRIX-1' } }),
    target: (world, req) => payoutRow(world, idInPath(req)),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data')).toMatchObject({ status: 'paid', reference: 'MATRIX-1' });
    },
  },
];
