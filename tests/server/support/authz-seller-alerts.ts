/**
 * The matrix rows of issue 23's seller alerts and replies to reviews (docs/SELLERS.md "Alerts", "Replies to
 * reviews"): a seller reads and marks its own alerts, lists its own products' reviews and replies to them; another
 * shop's seller gets 404 for a review of shop X's product; buyers and the operator 403; guests 401.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { World } from './authz-identities';
import type { AuthzRow, CellRequest } from './authz-table';

const reviewOfShopX = new WeakMap<World, number>();

/** Buyer B's review of a product of shop X (made once): what the reply row targets. */
async function reviewOnShopX(world: World): Promise<number> {
  const known = reviewOfShopX.get(world);
  if (known !== undefined) return known;
  const reviewed = await world.server.db.kysely.selectFrom('reviews').select('product_id').where('user_id', '=', world.actors.buyerB.userId).execute();
  const product = await world.server.db.kysely
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', world.shopX.id)
    .where('published', '=', 1)
    .$if(reviewed.length > 0, (q) => q.where('id', 'not in', reviewed.map((r) => Number(r.product_id))))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const reply = await world.as('buyerB', 'POST', '/api/reviews', { product_id: Number(product.id), rating: 5, title: 'Lovely', content: 'Lovely work, for the reply row' });
  expect(reply.status, reply.text).toBe(201);
  const id = Number(field(reply.json, 'data', 'id'));
  reviewOfShopX.set(world, id);
  return id;
}

const reviewIdOf = (req: CellRequest): number => Number(/\/reviews\/(\d+)\/reply/.exec(req.path)?.[1]);

async function replyOf(world: World, id: number): Promise<unknown> {
  const row = await world.server.db.kysely.selectFrom('reviews').select(['reply', 'reply_updated_at']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export const SELLER_ALERT_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/seller/alerts',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/seller/alerts' }),
    check: (_world, _who, reply) => {
      expect(Array.isArray(field(reply.json, 'data'))).toBe(true);
      expect(typeof field(reply.json, 'meta', 'unread')).toBe('number');
    },
  },
  {
    method: 'PATCH',
    route: '/api/seller/alerts/read',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/seller/alerts/read', body: { all: true } }),
  },
  {
    method: 'GET',
    route: '/api/seller/reviews',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: async (world) => {
      await reviewOnShopX(world);
      return { path: '/api/seller/reviews' };
    },
    check: async (world, who, reply) => {
      const ids = (field(reply.json, 'data') as unknown[]).map((r) => Number(field(r, 'id')));
      const mine = await reviewOnShopX(world);
      // Shop X's seller sees the review of its product; shop Y's does not.
      expect(ids.includes(mine), `${who} lists the review of shop X's product`).toBe(who === 'sellerX');
    },
  },
  {
    method: 'POST',
    route: '/api/seller/reviews/:id/reply',
    allowed: ['sellerX'],
    refused: 403,
    refusedAs: { sellerY: 404 },
    notFoundCode: 'REVIEW_NOT_FOUND',
    request: async (world, who) => ({ path: `/api/seller/reviews/${await reviewOnShopX(world)}/reply`, body: { text: `Thank you (${who})` } }),
    target: (world, req) => replyOf(world, reviewIdOf(req)),
  },
];
