/**
 * The matrix rows of issue 6's messages (docs/COMMUNITY.md "Messages"), with
 * the conversation they target: buyer A's conversation with shop X, made
 * through the API. Nobody reads or writes a conversation they are not in: the
 * other shop's seller gets 404 CONVERSATION_NOT_FOUND, buyers and the admin
 * 403 on the seller's side by role, and every list and pull holds only the
 * caller's own conversations.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { field } from './authz-http';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import type { AuthzRow } from './authz-table';

const ALL: readonly SignedIn[] = SIGNED_IN;
const ref = () => `authz-${randomUUID()}`;

const conversations = new WeakMap<World, number>();

/** Buyer A's conversation with shop X (made once, by A's first message). */
async function conversationOfA(world: World): Promise<number> {
  const known = conversations.get(world);
  if (known !== undefined) return known;
  const reply = await world.as('buyerA', 'POST', '/api/messages', { shop_id: world.shopX.id, content: 'Salam from A', client_ref: ref() });
  expect(reply.status, reply.text).toBe(201);
  const id = Number(field(reply.json, 'data', 'conversation_id'));
  conversations.set(world, id);
  return id;
}

/** How many messages A's conversation with shop X holds, as A sees it. */
async function conversationSizeAsA(world: World): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', `/api/v1/buyer/messages/shops/${world.shopX.id}`);
  expect(reply.status, reply.text).toBe(200);
  return field(reply.json, 'pagination', 'total');
}

/** The shop a seller owns, or null. */
const ownShop = (world: World, who: SignedIn): number | null => (who === 'sellerX' ? world.shopX.id : who === 'sellerY' ? world.shopY.id : null);

/** The conversations the caller is in, from the database: as the buyer, or as the seller of their shop. */
async function ownConversationIds(world: World, who: SignedIn): Promise<number[]> {
  const shop = ownShop(world, who);
  const rows = await world.server.db.kysely
    .selectFrom('conversations')
    .select('id')
    .where((eb) => (shop === null ? eb('user_id', '=', world.actors[who].userId) : eb.or([eb('user_id', '=', world.actors[who].userId), eb('shop_id', '=', shop)])))
    .execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export const MESSAGE_ROWS: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/messages',
    allowed: ALL,
    refused: 403,
    // Shop X's seller writes to shop Y (writing to one's own shop is refused as such, not by authorisation).
    request: (world, who) => ({ path: '/api/messages', body: { shop_id: who === 'sellerX' ? world.shopY.id : world.shopX.id, content: `Hello from ${who}`, client_ref: ref() } }),
    check: (world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(Number(field(reply.json, 'data', 'user_id'))).toBe(world.actors[who].userId);
      expect(field(reply.json, 'data', 'sender')).toBe('buyer');
    },
  },
  {
    method: 'GET',
    route: '/api/v1/buyer/messages/shops',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/v1/buyer/messages/shops' }),
    check: (world, who, reply) => {
      for (const c of field(reply.json, 'conversations') as unknown[]) expect(Number(field(c, 'user_id')), 'only the caller’s conversations').toBe(world.actors[who].userId);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/buyer/messages/shops/:shopId',
    allowed: ALL,
    refused: 403,
    request: async (world) => {
      await conversationOfA(world);
      return { path: `/api/v1/buyer/messages/shops/${world.shopX.id}` };
    },
    check: (world, who, reply) => {
      const messages = field(reply.json, 'messages') as unknown[];
      for (const m of messages) expect(Number(field(m, 'user_id')), 'only the caller’s own conversation').toBe(world.actors[who].userId);
      if (who === 'buyerA') expect(messages.length).toBeGreaterThan(0);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/buyer/messages/unread-count',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/v1/buyer/messages/unread-count?last_checked=0' }),
    check: async (world, who, reply) => {
      const mine = new Set(await ownConversationIds(world, who));
      for (const m of field(reply.json, 'new_messages') as unknown[]) expect(mine.has(Number(field(m, 'conversation_id')))).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/seller/messages/conversations',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/v1/seller/messages/conversations' }),
    check: (world, who, reply) => {
      for (const c of field(reply.json, 'conversations') as unknown[]) expect(Number(field(c, 'shop_id')), 'only their shop’s conversations').toBe(ownShop(world, who));
    },
  },
  {
    method: 'GET',
    route: '/api/v1/seller/messages/users/:userId',
    label: "buyer A's conversation with shop X",
    allowed: ['sellerX'],
    refused: 403,
    refusedAs: { sellerY: 404 },
    notFoundCode: 'CONVERSATION_NOT_FOUND',
    request: async (world) => {
      await conversationOfA(world);
      return { path: `/api/v1/seller/messages/users/${world.actors.buyerA.userId}` };
    },
    check: (world, _who, reply) => {
      const messages = field(reply.json, 'messages') as unknown[];
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(Number(field(m, 'shop_id'))).toBe(world.shopX.id);
    },
  },
  {
    method: 'POST',
    route: '/api/v1/seller/messages',
    label: "buyer A's conversation with shop X",
    allowed: ['sellerX'],
    refused: 403,
    refusedAs: { sellerY: 404 },
    notFoundCode: 'CONVERSATION_NOT_FOUND',
    request: async (world, who) => {
      await conversationOfA(world);
      return { path: '/api/v1/seller/messages', body: { user_id: world.actors.buyerA.userId, content: `Answer from ${who}`, client_ref: ref() } };
    },
    target: (world) => conversationSizeAsA(world),
    check: (world, _who, reply) => {
      expect(reply.status).toBe(201);
      expect(field(reply.json, 'data', 'sender')).toBe('shop');
      expect(Number(field(reply.json, 'data', 'shop_id'))).toBe(world.shopX.id);
    },
  },
  {
    method: 'GET',
    route: '/api/sync/conversations/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/conversations/pull?v=1' }),
    check: async (world, who, reply) => {
      const docs = field(reply.json, 'documents') as unknown[];
      expect(docs.map((d) => Number(field(d, 'conversation_id'))).sort((a, b) => a - b)).toEqual(await ownConversationIds(world, who));
    },
  },
  {
    method: 'GET',
    route: '/api/sync/messages/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/messages/pull?v=1&limit=2000' }),
    check: async (world, who, reply) => {
      const mine = new Set(await ownConversationIds(world, who));
      for (const m of field(reply.json, 'documents') as unknown[]) expect(mine.has(Number(field(m, 'conversation_id')))).toBe(true);
    },
  },
];
