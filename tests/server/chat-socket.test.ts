/**
 * The chat socket (docs/COMMUNITY.md "Real-time chat") on one instance:
 * handshake refusals (a bad, forged or revoked token closes with 4401; an
 * Origin neither ours nor allowed is refused 403), rooms for participants
 * only, typing, presence, and send_message stored once per client_ref and
 * broadcast to the room, with REST messages reaching the room too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRoom } from '../../src/domain/community';
import { buildApp } from '../../src/server/app';
import { TEST_AUTH_SECRET } from '../helpers/auth';
import { closeCode, connectChat, refusedStatus, type ChatTestClient, type Frame } from './support/chat-client';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from './support/message-fixtures';
import { signTokenLikeTheServer } from './support/fuzz-tokens';

let w: MessageWorld;
let room: string;
let conversationId: number;
const open: ChatTestClient[] = [];
const connect = async (token: string | null, origin?: string) => {
  const c = await connectChat(w.server.url, token, origin);
  open.push(c);
  return c;
};

beforeAll(async () => {
  process.env.CHAT_ALLOWED_ORIGINS = 'https://app.souk.test, https://other.souk.test/';
  w = await messageWorld(await startAuthServer({ products: 10 }));
  const first = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'first', client_ref: ref() });
  conversationId = Number((first.body as { data: { conversation_id: number } }).data.conversation_id);
  room = conversationRoom(conversationId);
});
afterAll(async () => {
  for (const c of open) await c.close();
  await w?.server.close();
  delete process.env.CHAT_ALLOWED_ORIGINS;
});

const isType = (type: string) => (f: Frame) => f.type === type;

describe('handshake', () => {
  it('closes with 4401 without a token, with a junk one, a forged one and a revoked one', async () => {
    for (const token of [null, 'junk', signTokenLikeTheServer(TEST_AUTH_SECRET, { sid: 'nope', uid: w.buyer.userId, iat: Date.now(), exp: Date.now() + 60_000 })]) {
      const c = await connect(token);
      expect(await closeCode(c)).toBe(4401);
    }
    const login = await api(w.server, null, 'POST', '/api/auth/register', { email: `revoked-${Date.now()}@example.test`, password: 'correct horse 1', password_confirmation: 'correct horse 1' });
    const token = String((login.body as { token: string }).token);
    expect((await api(w.server, token, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
    expect(await closeCode(await connect(token))).toBe(4401);
  });

  it('refuses an Origin that is neither ours nor in CHAT_ALLOWED_ORIGINS (403); accepts the listed ones', async () => {
    expect(await refusedStatus(w.server.url, w.buyer.token, 'https://evil.example')).toBe(403);
    expect(await refusedStatus(w.server.url, w.buyer.token, '')).toBe(403);
    const allowed = await connect(w.buyer.token, 'https://app.souk.test');
    const alsoAllowed = await connect(w.buyer.token, 'https://other.souk.test');
    expect(allowed.ws.readyState).toBe(allowed.ws.OPEN);
    expect(alsoAllowed.ws.readyState).toBe(alsoAllowed.ws.OPEN);
    await allowed.close();
    await alsoAllowed.close();
  });
});

describe('rooms, messages, typing and presence', () => {
  it('only participants join; a message sent on the socket is stored once, answered and broadcast', async () => {
    const buyer = await connect(w.buyer.token);
    const seller = await connect(w.sellerX.token);
    const stranger = await connect(w.sellerY.token);
    buyer.send({ type: 'join_room', roomId: room });
    seller.send({ type: 'join_room', roomId: room });
    // Each learns the other is online (from the join's snapshot, or the live event when the join came first).
    expect(await buyer.next((f) => f.type === 'presence' && f.online === true)).toMatchObject({ userId: w.sellerX.userId, shopId: w.sellerX.shopId });
    expect(await seller.next((f) => f.type === 'presence' && f.online === true)).toMatchObject({ userId: w.buyer.userId });
    stranger.send({ type: 'join_room', roomId: room });
    expect(await stranger.next(isType('error'))).toMatchObject({ code: 'FORBIDDEN' });
    stranger.send({ type: 'join_room', roomId: 'conv:999999' });
    expect(await stranger.next(isType('error'))).toMatchObject({ code: 'FORBIDDEN' });
    // A bad frame is an error frame, not a closed socket.
    stranger.send({ type: 'nonsense' });
    expect(await stranger.next(isType('error'))).toMatchObject({ code: 'VALIDATION' });

    // Joined: a round trip through the seller's socket proves the join was handled before sending.
    seller.send({ type: 'typing', roomId: room, isTyping: true });
    expect(await buyer.next(isType('typing'))).toEqual({ type: 'typing', roomId: room, userId: w.sellerX.userId, isTyping: true });

    const client_ref = ref();
    buyer.send({ type: 'send_message', roomId: room, message: { content: 'Over the socket', client_ref } });
    const answer = await buyer.next(isType('message'));
    expect(answer).toMatchObject({ roomId: room, message: { id: client_ref, content: 'Over the socket', sender: 'buyer', conversation_id: conversationId } });
    const received = await seller.next(isType('message'));
    expect(received.message).toEqual(answer.message);
    expect(await stranger.none(isType('message'))).toBe(true);

    // The same client_ref again (a retry): the stored message again, nothing new stored or broadcast.
    buyer.send({ type: 'send_message', roomId: room, message: { content: 'Over the socket', client_ref } });
    expect((await buyer.next(isType('message'))).message).toEqual(answer.message);
    expect(await seller.none(isType('message'))).toBe(true);
    const stored = await w.server.db.kysely.selectFrom('messages').select('id').where('client_ref', '=', client_ref).execute();
    expect(stored.length).toBe(1);

    // REST on the seller's side reaches the buyer's socket.
    const rest = await api(w.server, w.sellerX.token, 'POST', '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'Over REST', client_ref: ref() });
    expect(rest.status).toBe(201);
    expect(await buyer.next(isType('message'))).toMatchObject({ roomId: room, message: { content: 'Over REST', sender: 'shop' } });

    // The REST sender's own sockets in the room get it too (their other devices).
    expect(await seller.next(isType('message'))).toMatchObject({ message: { content: 'Over REST' } });
    // Typing is not echoed to its sender; leaving the room stops the messages.
    expect(await seller.none(isType('typing'))).toBe(true);
    seller.send({ type: 'leave_room', roomId: room });
    seller.send({ type: 'typing', roomId: room, isTyping: false });
    expect(await seller.next(isType('error'))).toMatchObject({ code: 'FORBIDDEN' });
    await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'after leaving', client_ref: ref() });
    expect(await seller.none(isType('message'))).toBe(true);
    await Promise.all([buyer.close(), seller.close(), stranger.close()]);
  });

  it("send_message in the spec's shape (roomId and message, no client_ref of ours) is stored and answered with the server's id", async () => {
    const buyer = await connect(w.buyer.token);
    buyer.send({ type: 'join_room', roomId: room });
    const before = await w.server.db.kysely.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).execute();
    buyer.send({ type: 'send_message', roomId: room, message: { content: 'No reference of yours' } });
    const answer = await buyer.next(isType('message'));
    expect(answer).toMatchObject({ roomId: room, message: { content: 'No reference of yours', sender: 'buyer', conversation_id: conversationId } });
    const stored = await w.server.db.kysely.selectFrom('messages').select(['id', 'client_ref']).where('conversation_id', '=', conversationId).execute();
    expect(stored.length).toBe(before.length + 1);
    const added = stored.find((r) => !before.some((b) => b.id === r.id));
    expect(added?.client_ref ?? null).toBeNull();
    expect((answer.message as { id: string }).id).toBe(String(added?.id));
    await buyer.close();
  });

  it('the socket refuses NUL and empty content', async () => {
    const buyer = await connect(w.buyer.token);
    buyer.send({ type: 'send_message', roomId: room, message: { content: 'a\u0000b', client_ref: ref() } });
    expect(await buyer.next(isType('error'))).toMatchObject({ code: 'VALIDATION' });
    buyer.send({ type: 'send_message', roomId: room, message: { content: '  ', client_ref: ref() } });
    expect(await buyer.next(isType('error'))).toMatchObject({ code: 'VALIDATION' });
    await buyer.close();
  });

  it('presence: the other side of a joined room sees online and then last_seen; the REST lists show it', async () => {
    const buyer = await connect(w.buyer.token);
    buyer.send({ type: 'join_room', roomId: room });
    // Joining tells where the other side is now: the seller is offline.
    expect(await buyer.next(isType('presence'))).toMatchObject({ userId: w.sellerX.userId, shopId: w.sellerX.shopId, online: false });
    const seller = await connect(w.sellerX.token);
    expect(await buyer.next((f) => f.type === 'presence' && f.userId === w.sellerX.userId)).toMatchObject({ online: true, shopId: w.sellerX.shopId });
    const list = await api(w.server, w.buyer.token, 'GET', '/api/v1/buyer/messages/shops');
    expect(((list.body as { conversations: Record<string, unknown>[] }).conversations.find((c) => c.shop_id === w.sellerX.shopId))).toMatchObject({ online: true });
    const before = Date.now();
    await seller.close();
    const gone = await buyer.next((f) => f.type === 'presence' && f.userId === w.sellerX.userId);
    expect(gone).toMatchObject({ online: false });
    expect(Number(gone.last_seen)).toBeGreaterThanOrEqual(before - 1000);
    const page = await api(w.server, w.buyer.token, 'GET', `/api/v1/buyer/messages/shops/${w.sellerX.shopId}`);
    expect((page.body as { otherUser: Record<string, unknown> }).otherUser).toMatchObject({ online: false, last_seen: gone.last_seen });
    await buyer.close();
  });
});

describe('the app', () => {
  it('chooses the bus of its database: in-process on SQLite, LISTEN/NOTIFY on PostgreSQL', async () => {
    const app = await buildApp({ db: w.server.db, logger: false, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, google: null } });
    expect(app.chat.bus.kind).toBe(w.server.db.dialect === 'postgres' ? 'postgres' : 'local');
    await app.close();
  });
});
