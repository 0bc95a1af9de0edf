/**
 * The matrix rows of issue 6's community requests (docs/COMMUNITY.md,
 * "Community"), with the objects they target: buyer A's posts (made through
 * the API, a fresh one where a cell changes it) and shop X's responses to
 * them. Sellers X and Y are the seed's sellers of the first two shops, both
 * verified; the other identities are refused a response with
 * SELLER_NOT_VERIFIED (403).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { field } from './authz-http';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import type { AuthzRow, CellRequest } from './authz-table';

const ALL: readonly SignedIn[] = SIGNED_IN;
const V1 = '/api/v1';

export function communityPostBody(label: string): Record<string, unknown> {
  return {
    title: `Request by ${label}`,
    description: 'A made-to-measure kaftan.',
    category: 'clothing',
    budget_min: 500,
    budget_max: 900,
    client_ref: randomUUID(),
  };
}

/** A new open post of buyer A's; returns its post id. */
export async function freshPostOfA(world: World): Promise<number> {
  const reply = await world.as('buyerA', 'POST', `${V1}/community/posts`, communityPostBody('buyerA'));
  expect(reply.status, reply.text).toBe(201);
  return Number(field(reply.json, 'data', 'post_id'));
}

const sharedPost = new WeakMap<World, number>();

/** Buyer A's post that the read rows target, answered by shop X (made once). */
async function answeredPostOfA(world: World): Promise<number> {
  const known = sharedPost.get(world);
  if (known !== undefined) return known;
  const id = await freshPostOfA(world);
  await responseOfX(world, id);
  sharedPost.set(world, id);
  return id;
}

/** Shop X's response to a post; returns the response id. */
async function responseOfX(world: World, postId: number): Promise<number> {
  const reply = await world.as('sellerX', 'POST', `${V1}/seller/community/posts/${postId}/respond`, {
    message: 'We can make it.',
    price: 700,
    delivery_days: 14,
    client_ref: randomUUID(),
  });
  expect(reply.status, reply.text).toBe(201);
  return Number(field(reply.json, 'data', 'response_id'));
}

/** A post as buyer A reads it. */
async function postAsA(world: World, id: number): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', `${V1}/community/posts/${id}`);
  return reply.status === 200 ? field(reply.json, 'data') : null;
}

/** A post's responses as buyer A (its owner) reads them. */
async function responsesAsA(world: World, postId: number): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', `${V1}/community/posts/${postId}/responses`);
  return reply.status === 200 ? field(reply.json, 'data') : null;
}

const postIdInPath = (req: CellRequest): number => Number(/\/posts\/(\d+)/.exec(req.path)?.[1]);
const responsePosts = new Map<string, number>();

export const COMMUNITY_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: `${V1}/community/posts`,
    label: 'mine=1',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: `${V1}/community/posts?mine=1&per_page=50` }),
    check: (world, who, reply) => {
      for (const p of field(reply.json, 'data') as unknown[]) expect(Number(field(p, 'user_id')), 'only the caller’s posts').toBe(world.actors[who].userId);
    },
  },
  {
    method: 'POST',
    route: `${V1}/community/posts`,
    allowed: ALL,
    refused: 403,
    request: (_world, who) => ({ path: `${V1}/community/posts`, body: communityPostBody(who) }),
    check: (world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(Number(field(reply.json, 'data', 'user_id'))).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'PATCH',
    route: `${V1}/community/posts/:id`,
    label: "buyer A's post",
    allowed: ['buyerA'],
    refused: 403,
    request: async (world) => ({ path: `${V1}/community/posts/${await freshPostOfA(world)}`, body: { status: 'closed' } }),
    target: (world, req) => postAsA(world, postIdInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(field(await postAsA(world, postIdInPath(req)), 'status')).toBe('closed');
    },
  },
  {
    method: 'GET',
    route: `${V1}/community/posts/:id/responses`,
    label: "buyer A's post answered by shop X",
    allowed: ['buyerA', 'sellerX', 'sellerY'],
    refused: 403,
    request: async (world) => ({ path: `${V1}/community/posts/${await answeredPostOfA(world)}/responses` }),
    check: (world, who, reply) => {
      const shops = (field(reply.json, 'data') as unknown[]).map((r) => Number(field(r, 'shop_id')));
      if (who === 'buyerA') expect(shops).toContain(world.shopX.id);
      if (who === 'sellerX') expect(shops).toEqual([world.shopX.id]);
      if (who === 'sellerY') expect(shops).toEqual([]);
    },
  },
  {
    method: 'POST',
    route: `${V1}/seller/community/posts/:id/respond`,
    label: "buyer A's open post",
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    forbiddenCode: 'SELLER_NOT_VERIFIED',
    request: async (world) => ({
      path: `${V1}/seller/community/posts/${await freshPostOfA(world)}/respond`,
      body: { message: 'Made to measure.', price: 650, delivery_days: 10, client_ref: randomUUID() },
    }),
    target: (world, req) => responsesAsA(world, postIdInPath(req)),
    check: (world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(Number(field(reply.json, 'data', 'shop_id'))).toBe(who === 'sellerX' ? world.shopX.id : world.shopY.id);
    },
  },
  {
    method: 'PATCH',
    route: `${V1}/community/responses/:id`,
    label: "shop X's response to buyer A's post",
    allowed: ['buyerA'],
    refused: 403,
    request: async (world) => {
      const postId = await freshPostOfA(world);
      const responseId = await responseOfX(world, postId);
      const path = `${V1}/community/responses/${responseId}`;
      responsePosts.set(path, postId);
      return { path, body: { status: 'accepted' } };
    },
    target: (world, req) => responsesAsA(world, responsePosts.get(req.path) ?? 0),
    check: async (world, _who, reply, req) => {
      expect(field(reply.json, 'data', 'response', 'status')).toBe('accepted');
      expect(field(await postAsA(world, responsePosts.get(req.path) ?? 0), 'status')).toBe('in_progress');
    },
  },
  {
    method: 'GET',
    route: '/api/sync/community_posts/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/community_posts/pull?v=1&limit=2000' }),
    check: async (world, who, reply) => {
      const me = world.actors[who].userId;
      const shopId = who === 'sellerX' ? world.shopX.id : who === 'sellerY' ? world.shopY.id : null;
      for (const d of field(reply.json, 'documents') as unknown[]) {
        const answered = (field(d, 'responses') as unknown[]).some((r) => Number(field(r, 'shop_id')) === shopId);
        const visible = field(d, 'status') === 'open' || Number(field(d, 'user_id')) === me || answered;
        expect(visible, 'only open posts, one’s own, and those one’s shop answered').toBe(true);
        for (const r of field(d, 'responses') as unknown[]) {
          if (Number(field(d, 'user_id')) !== me) expect(Number(field(r, 'shop_id')), 'only one’s own shop’s responses').toBe(shopId);
        }
      }
    },
  },
];
