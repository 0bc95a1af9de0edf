/**
 * The matrix rows of issue 24's operator console, shops, moderation and audit (docs/OPERATOR.md "Console API"):
 * the shop queue, the shops' decisions, moderation of reviews, products and community requests, and the audit log
 * are the admin's and the manager's (decisions.md "Roles"); a shop's commission rate is money, the admin's only.
 * The matrix has no manager identity: tests/server/admin-moderation.test.ts and admin-shops-queue.test.ts call
 * every one of these paths as a manager. Guests get 401 everywhere. Allowed cells undo what they did (show the
 * review, publish the product, show the request again), so the other rows find the world as it was.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import { freshPostOfA } from './authz-community';
import type { AuthzRow, CellRequest } from './authz-table';

/** The operators: the admin, and the manager when the matrix has one. */
const OPERATORS: readonly SignedIn[] = SIGNED_IN.filter((who) => who === 'admin' || (who as string) === 'manager');

const idInPath = (req: CellRequest): number => Number(/\/(\d+)(?:\?|$)/.exec(req.path)?.[1]);

async function row(world: World, table: 'reviews' | 'products' | 'shops' | 'community_posts', id: number): Promise<unknown> {
  return (await world.server.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** A live review of the seed (not buyer A's or B's, which other rows edit). */
async function liveReview(world: World): Promise<number> {
  const r = await world.server.db.kysely.selectFrom('reviews').select('id').where('deleted', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** A public product of shop Y (the rows of orders and carts buy shop X's). */
async function productOfY(world: World): Promise<number> {
  const p = await world.server.db.kysely.selectFrom('products').select('id').where('shop_id', '=', world.shopY.id).where('deleted', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(p.id);
}

export const OPERATOR_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/admin/shops',
    allowed: OPERATORS,
    refused: 403,
    request: () => ({ path: '/api/admin/shops?status=active' }),
    check: (_world, _who, reply) => {
      const list = field(reply.json, 'data') as unknown[];
      expect(list.length).toBeGreaterThan(0);
      for (const s of list) expect(field(s, 'status')).toBe('active');
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/shops/:id',
    label: 'commission rate',
    allowed: ['admin'],
    refused: 403,
    request: (world, who) => ({ path: `/api/admin/shops/${world.shopY.id}`, body: { commission_rate: who === 'admin' ? 12.5 : 1 } }),
    target: (world, req) => row(world, 'shops', idInPath(req)),
    check: async (world) => {
      const shop = await world.server.db.kysely.selectFrom('shops').select('commission_rate_bp').where('id', '=', world.shopY.id).executeTakeFirstOrThrow();
      expect(Number(shop.commission_rate_bp)).toBe(1250);
      await world.server.db.kysely.updateTable('shops').set({ commission_rate_bp: null }).where('id', '=', world.shopY.id).execute();
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/reviews/:id',
    allowed: OPERATORS,
    refused: 403,
    request: async (world) => ({ path: `/api/admin/reviews/${await liveReview(world)}`, body: { hidden: true, reason: 'Matrix' } }),
    target: (world, req) => row(world, 'reviews', idInPath(req)),
    check: async (world, who, reply, req) => {
      expect(field(reply.json, 'data', 'hidden')).toBe(true);
      expect((await world.as(who, 'PATCH', req.path, { hidden: false })).status).toBe(200);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/products/:id',
    label: 'moderation',
    allowed: OPERATORS,
    refused: 403,
    request: async (world) => ({ path: `/api/admin/products/${await productOfY(world)}`, body: { published: false, reason: 'Matrix' } }),
    target: (world, req) => row(world, 'products', idInPath(req)),
    check: async (world, who, reply, req) => {
      expect(field(reply.json, 'data', 'published')).toBe(false);
      expect((await world.as(who, 'PATCH', req.path, { published: true })).status).toBe(200);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/community/posts/:id',
    allowed: OPERATORS,
    refused: 403,
    request: async (world) => ({ path: `/api/admin/community/posts/${await freshPostOfA(world)}`, body: { hidden: true, reason: 'Matrix' } }),
    target: (world, req) => row(world, 'community_posts', idInPath(req)),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'hidden')).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/api/admin/audit',
    allowed: OPERATORS,
    refused: 403,
    request: (world) => ({ path: `/api/admin/audit?object=shop:${world.shopY.id}` }),
    check: (_world, _who, reply) => {
      for (const entry of field(reply.json, 'data') as unknown[]) expect(field(entry, 'object_type')).toBe('shop');
    },
  },
];
