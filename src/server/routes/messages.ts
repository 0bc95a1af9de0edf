/**
 * Messages (docs/COMMUNITY.md "Messages"): the buyer's side
 * (/api/v1/buyer/messages/…, POST /api/messages), the seller's side
 * (/api/v1/seller/messages/…) and the attachments' files
 * (/media/messages/{file}). A conversation is one (buyer, shop) pair; every
 * read is keyed by the caller (their user id, their own shop), so nobody
 * reaches a conversation they are not in: the seller's view of a buyer they
 * have no conversation with is 404 CONVERSATION_NOT_FOUND. A stored message is
 * announced to the conversation's room on every instance and pushed to the
 * other participant (app.chat, src/server/chat). Every answer is no-store.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, MESSAGES_PER_PAGE } from '../../domain/community';
import type { Conversation } from '../../domain/community-schemas';
import { requireAuth, requireRole } from '../auth/guards';
import { MAX_ID, parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { createLimiter, userRateKey } from '../auth/rate-limits';
import { NO_STORE } from '../http/cache-control';
import { MAX_PAGE } from '../http/product-query-params';
import { positiveInt } from '../http/query-params';
import { parseRequest } from '../http/validation';
import type { MessageSender, SendMessageOutcome } from '../repositories/message-writes';
import { FIELD_MAX_BYTES, MESSAGE_BODY_LIMIT, parseMessageRequest } from './message-bodies';

const MESSAGES_MAX_PAGE_SIZE = 100;
const NEW_MESSAGES_MAX = 20;

const pageQuerySchema = z.object({
  page: positiveInt(MAX_PAGE).optional(),
  per_page: positiveInt(MESSAGES_MAX_PAGE_SIZE).optional(),
  post_id: positiveInt(MAX_ID).optional(),
});

const unreadQuerySchema = z.object({
  last_checked: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, 'must be a time in epoch milliseconds')
    .transform(Number)
    .optional(),
});

const ATTACHMENT_FILE = /^[0-9a-f]{32}\.(jpg|png|gif|webp|pdf)$/;

function sentOrThrow(outcome: SendMessageOutcome) {
  switch (outcome.kind) {
    case 'created':
    case 'existing':
      return outcome;
    case 'shop_not_found':
      throw new ApiError('SHOP_NOT_FOUND');
    case 'own_shop':
      throw new ApiError('MESSAGE_OWN_SHOP');
    case 'client_ref_taken':
      throw new ApiError('CLIENT_REF_TAKEN');
    case 'conversation_not_found':
      throw new ApiError('CONVERSATION_NOT_FOUND');
  }
}

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated: only these routes take multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MESSAGE_ATTACHMENT_MAX_BYTES, files: MESSAGE_ATTACHMENTS_MAX, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 40, headerPairs: 100 },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', NO_STORE);
    return payload;
  });

  const pageOf = (raw: unknown) => {
    const q = parseRequest(pageQuerySchema, 'query', raw);
    return { page: q.page ?? 1, perPage: q.per_page ?? MESSAGES_PER_PAGE, postId: q.post_id };
  };

  const withPresence = async (list: Conversation[], side: 'buyer' | 'shop') => {
    const owners = new Map<number, number | null>();
    const out = [];
    for (const c of list) {
      let other: number | null = c.user_id;
      if (side === 'buyer') {
        if (!owners.has(c.shop_id)) owners.set(c.shop_id, (await app.repos.messages.shopParty(c.shop_id))?.ownerId ?? null);
        other = owners.get(c.shop_id) ?? null;
      }
      out.push({ ...c, ...app.chat.presence.of(other) });
    }
    return out;
  };

  const send = async (reply: FastifyReply, outcome: ReturnType<typeof sentOrThrow>) => {
    if (outcome.kind === 'created') await app.chat.delivered(outcome.message, outcome.notice, null);
    return reply.code(outcome.kind === 'created' ? 201 : 200).send({ success: true, data: outcome.message });
  };

  // --- The buyer's side.

  app.get('/api/v1/buyer/messages/shops', async (request) => {
    const me = requireAuth(request);
    const list = await app.repos.messages.conversations(me.userId, 'buyer');
    return { success: true, conversations: await withPresence(list, 'buyer'), total_unread: list.reduce((n, c) => n + c.unread_count, 0) };
  });

  app.get<{ Params: { shopId: string } }>('/api/v1/buyer/messages/shops/:shopId', async (request) => {
    const me = requireAuth(request);
    const shopId = parseId(request.params.shopId);
    if (shopId === null) throw new ApiError('SHOP_NOT_FOUND');
    const q = pageOf(request.query);
    const shop = await app.repos.messages.shopParty(shopId);
    if (shop === null) throw new ApiError('SHOP_NOT_FOUND');
    const conv = await app.repos.messages.find(me.userId, shopId);
    if (conv) await app.repos.messages.markRead(Number(conv.id), 'buyer', app.authOptions.now());
    const page = await app.repos.messages.page(conv ? Number(conv.id) : null, q);
    return {
      success: true,
      messages: page.messages,
      pagination: { current_page: page.page, last_page: page.lastPage, total: page.total },
      otherUser: { id: shop.id, name: shop.name, avatar: shop.avatar, ...app.chat.presence.of(shop.ownerId) },
    };
  });

  app.get('/api/v1/buyer/messages/unread-count', async (request) => {
    const me = requireAuth(request);
    const q = parseRequest(unreadQuerySchema, 'query', request.query);
    const now = app.authOptions.now();
    const summary = await app.repos.messages.unread(me.userId, q.last_checked ?? 0, NEW_MESSAGES_MAX);
    return {
      success: true,
      unread_count: summary.unreadCount,
      has_new: summary.newMessages.length > 0,
      new_messages: summary.newMessages,
      current_timestamp: now,
    };
  });

  /** Stores a parsed message from `sender` (either side's route); a refusal is thrown as its ApiError. */
  const store = async (body: Awaited<ReturnType<typeof parseMessageRequest>>, sender: MessageSender) =>
    sentOrThrow(
      await app.repos.messages.send({
        sender,
        content: body.content,
        postId: body.postId,
        clientRef: body.clientRef,
        attachments: body.attachments,
        now: app.authOptions.now(),
      }),
    );

  // One counter per user for both send routes.
  const sendLimit = createLimiter(app, 'messageSend', userRateKey);
  app.post('/api/messages', { bodyLimit: MESSAGE_BODY_LIMIT }, async (request, reply) => {
    const me = requireAuth(request);
    await sendLimit(request, reply);
    const body = await parseMessageRequest(request, 'shop_id');
    return send(reply, await store(body, { side: 'buyer', userId: me.userId, shopId: body.target }));
  });

  // --- The seller's side (their own shop's conversations).

  app.get('/api/v1/seller/messages/conversations', async (request) => {
    const me = requireRole(request, 'seller');
    const list = await app.repos.messages.conversations(me.userId, 'shop');
    return { success: true, conversations: await withPresence(list, 'shop'), total_unread: list.reduce((n, c) => n + c.unread_count, 0) };
  });

  app.get<{ Params: { userId: string } }>('/api/v1/seller/messages/users/:userId', async (request) => {
    const me = requireRole(request, 'seller');
    const userId = parseId(request.params.userId);
    if (userId === null) throw new ApiError('CONVERSATION_NOT_FOUND');
    const q = pageOf(request.query);
    const shopId = await app.repos.messages.ownShop(me.userId);
    const conv = shopId === null ? null : await app.repos.messages.find(userId, shopId);
    if (!conv) throw new ApiError('CONVERSATION_NOT_FOUND');
    await app.repos.messages.markRead(Number(conv.id), 'shop', app.authOptions.now());
    const page = await app.repos.messages.page(Number(conv.id), q);
    const user = await app.repos.messages.userParty(userId);
    return {
      success: true,
      messages: page.messages,
      pagination: { current_page: page.page, last_page: page.lastPage, total: page.total },
      otherUser: { id: userId, name: user?.name ?? '', avatar: user?.avatar ?? '', ...app.chat.presence.of(userId) },
    };
  });

  app.post('/api/v1/seller/messages', { bodyLimit: MESSAGE_BODY_LIMIT }, async (request, reply) => {
    const me = requireRole(request, 'seller');
    await sendLimit(request, reply);
    const body = await parseMessageRequest(request, 'user_id');
    return send(reply, await store(body, { side: 'shop', userId: me.userId, buyerId: body.target }));
  });

  // --- Attachment files: random names, known only to the conversation's two sides.

  app.get<{ Params: { file: string } }>('/media/messages/:file', async (request, reply) => {
    const { file } = request.params;
    if (!ATTACHMENT_FILE.test(file)) throw new ApiError('MEDIA_NOT_FOUND');
    const found = await app.repos.messages.attachment(file);
    if (found === null) throw new ApiError('MEDIA_NOT_FOUND');
    const disposition = found.type === 'application/pdf' ? 'attachment' : 'inline';
    return reply
      .header('content-type', found.type)
      .header('content-disposition', `${disposition}; filename="${file}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(found.data);
  });
}
