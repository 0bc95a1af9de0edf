/**
 * The app's ChatSocket (src/app/community/chat-socket.ts) against a real server on loopback, with the `ws`
 * package's WebSocket as the constructor (Origin = the server's own): join, send and receive on the other
 * side, typing (throttled, `false` after idle), a refused token reported as 'unauthorized', frames that do
 * not match the contract ignored and counted, rooms joined again after a reconnect; and the chat-connection
 * machine with the real actors (chat-connection-actors.ts), headless: connects, the server closes, it
 * reconnects; a refused token stops it.
 */
import WS from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/app/auth/api-client';
import { startChatConnection, UNAUTHORIZED, type ChatConnection } from '../../src/app/community/chat-connection-actors';
import { ChatFrameError, ChatSocket, ChatSocketError, type ChatCloseInfo, type ChatFrameType, type WebSocketConstructor } from '../../src/app/community/chat-socket';
import { createMessagesApi } from '../../src/app/community/messages-api';
import { conversationRoom } from '../../src/domain/community';
import type { ChatServerFrame } from '../../src/domain/community-schemas';
import { connectionStatus } from '../../src/machines/chat-connection';
import { registerUser } from '../helpers/auth';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from '../server/support/message-fixtures';

let w: MessageWorld;
let room: string;
let conversationId: number;
let OriginWS: WebSocketConstructor;
const sockets: ChatSocket[] = [];
const connections: ChatConnection[] = [];

beforeAll(async () => {
  w = await messageWorld(await startAuthServer({ products: 10 }));
  const origin = w.server.url;
  OriginWS = class extends WS {
    constructor(url: string) {
      super(url, { origin });
    }
  };
  const first = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'first', client_ref: ref() });
  conversationId = Number((first.body as { data: { conversation_id: number } }).data.conversation_id);
  room = conversationRoom(conversationId);
});
afterEach(() => {
  for (const c of connections.splice(0)) c.stop();
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await w?.server.close();
});

/** A socket that records every frame it hears, with a waiter. */
function chat(token: string | null, options: { typingThrottleMs?: number; typingIdleMs?: number } = {}) {
  const socket = new ChatSocket({ base: w.server.url, token: () => token, WebSocket: OriginWS, ...options });
  sockets.push(socket);
  const frames: ChatServerFrame[] = [];
  const closes: ChatCloseInfo[] = [];
  for (const type of ['message', 'typing', 'presence', 'error'] as ChatFrameType[]) socket.on(type, (f) => frames.push(f));
  socket.onClose((info) => closes.push(info));
  const next = async <K extends ChatFrameType>(type: K, match: (f: Extract<ChatServerFrame, { type: K }>) => boolean = () => true, timeoutMs = 5000) => {
    const found = await until(() => {
      const i = frames.findIndex((f) => f.type === type && match(f as Extract<ChatServerFrame, { type: K }>));
      return i < 0 ? undefined : frames.splice(i, 1)[0];
    }, timeoutMs);
    return found as Extract<ChatServerFrame, { type: K }>;
  };
  return { socket, frames, closes, next };
}

async function until<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 15));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's end of every open socket (the hub's private set; each test's earlier sockets are closed). */
function serverSockets(): WS[] {
  const hub = w.server.app.chat as unknown as { clients: Set<{ socket: WS }> };
  return [...hub.clients].map((c) => c.socket);
}

/** The server closes every open socket, as a restart would. */
function serverCloses(code = 1012) {
  for (const socket of serverSockets()) socket.close(code, 'test');
}

describe('ChatSocket', () => {
  it('joins, sends a message that the other side receives, and types (throttled, false after idle)', async () => {
    const buyer = chat(w.buyer.token, { typingThrottleMs: 400, typingIdleMs: 300 });
    const seller = chat(w.sellerX.token);
    await Promise.all([buyer.socket.connect(), seller.socket.connect()]);
    expect(buyer.socket.state).toBe('open');
    buyer.socket.join(room);
    seller.socket.join(room);
    // A join is answered with the other side's presence: both joins were handled.
    expect(await buyer.next('presence', (f) => f.userId === w.sellerX.userId)).toMatchObject({ shopId: w.sellerX.shopId });
    await seller.next('presence', (f) => f.userId === w.buyer.userId);

    // Typing: one `true`, the next within the throttle not sent, `false` after the idle time.
    expect(buyer.socket.typing(room, true)).toBe(true);
    expect(buyer.socket.typing(room, true)).toBe(false);
    expect(await seller.next('typing')).toEqual({ type: 'typing', roomId: room, userId: w.buyer.userId, isTyping: true });
    expect(await seller.next('typing')).toEqual({ type: 'typing', roomId: room, userId: w.buyer.userId, isTyping: false });
    // After the throttle window a `true` goes again (the server forwards one start per second); an explicit
    // false ends it at once.
    await sleep(1100);
    expect(buyer.socket.typing(room, true)).toBe(true);
    expect(buyer.socket.typing(room, false)).toBe(true);
    expect(buyer.socket.typing(room, false)).toBe(false);
    expect((await seller.next('typing')).isTyping).toBe(true);
    expect((await seller.next('typing')).isTyping).toBe(false);

    const client_ref = ref();
    expect(buyer.socket.sendMessage({ roomId: room, content: 'Hello over the socket', client_ref, post_id: null })).toBe(true);
    const mine = await buyer.next('message');
    expect(mine).toMatchObject({ roomId: room, message: { id: client_ref, content: 'Hello over the socket', sender: 'buyer', conversation_id: conversationId } });
    const theirs = await seller.next('message');
    expect(theirs.message).toEqual(mine.message);

    // The seller answers; the buyer hears it.
    seller.socket.sendMessage({ roomId: room, content: 'Salam', client_ref: ref() });
    expect((await buyer.next('message', (f) => f.message.sender === 'shop')).message.content).toBe('Salam');
    expect(buyer.socket.invalidFrames).toBe(0);
    expect(seller.socket.invalidFrames).toBe(0);
  });

  it('checks frames before sending them; sends nothing while closed', async () => {
    const buyer = chat(w.buyer.token);
    expect(() => buyer.socket.sendMessage({ roomId: room, content: 'x', client_ref: 'short' })).toThrow(ChatFrameError);
    expect(() => buyer.socket.join('r'.repeat(65))).toThrow(ChatFrameError);
    expect(() => buyer.socket.sendMessage({ roomId: room, content: 'x'.repeat(5001), client_ref: ref() })).toThrow(ChatFrameError);
    expect(buyer.socket.sendMessage({ roomId: room, content: 'not yet', client_ref: ref() })).toBe(false);
    expect(buyer.socket.state).toBe('idle');
  });

  it('a refused token is reported as unauthorized (4401); no token is refused without a socket', async () => {
    const bad = chat('junk-token');
    await bad.socket.connect().catch(() => undefined);
    // The handshake succeeds and the server closes 4401 once it has checked the token.
    const info = await until(() => bad.closes[0]);
    expect(info).toMatchObject({ code: 4401, unauthorized: true, intentional: false });

    const none = chat(null);
    const error = await none.socket.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChatSocketError);
    expect((error as ChatSocketError).reason).toBe('unauthorized');
  });

  it('ignores and counts frames that are not the contract, and still delivers the valid ones', async () => {
    const buyer = chat(w.buyer.token);
    const seller = chat(w.sellerX.token);
    const ignored: string[] = [];
    const watched = new ChatSocket({ base: w.server.url, token: () => w.buyer.token, WebSocket: OriginWS, onInvalidFrame: (_raw, problem) => ignored.push(problem) });
    sockets.push(watched);
    await Promise.all([buyer.socket.connect(), seller.socket.connect(), watched.connect()]);
    for (const client of serverSockets()) {
      client.send('not json {');
      client.send(JSON.stringify({ type: 'message', roomId: room, message: { id: 'x', content: 'no ids' } }));
      client.send(JSON.stringify({ type: 'shout', text: 'hi' }));
      client.send(JSON.stringify({ type: 'typing', roomId: room, userId: -1, isTyping: true }));
    }
    buyer.socket.join(room);
    seller.socket.join(room);
    await buyer.next('presence');
    await seller.next('presence');
    seller.socket.typing(room, true);
    expect((await buyer.next('typing')).userId).toBe(w.sellerX.userId);
    expect(buyer.socket.invalidFrames).toBe(4);
    expect(buyer.frames.every((f) => f.type !== 'message')).toBe(true);
    await until(() => watched.invalidFrames === 4);
    expect(ignored).toHaveLength(4);
  });

  it('joins its rooms again after a reconnect', async () => {
    const seller = chat(w.sellerX.token);
    await seller.socket.connect();
    seller.socket.join(room);
    await seller.next('presence');
    serverCloses();
    const lost = await until(() => seller.closes[0]);
    expect(lost).toMatchObject({ code: 1012, wasOpen: true, unauthorized: false });
    expect(seller.socket.state).toBe('closed');

    await seller.socket.connect();
    expect(seller.socket.rooms).toEqual([room]);
    // Joined again without a new join(): a REST message from the buyer reaches the seller's socket.
    await seller.next('presence');
    const rest = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'after reconnect', client_ref: ref() });
    expect(rest.status).toBe(201);
    expect((await seller.next('message')).message.content).toBe('after reconnect');

    seller.socket.leave(room);
    await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'after leaving', client_ref: ref() });
    await sleep(300);
    expect(seller.frames.some((f) => f.type === 'message')).toBe(false);
  });
});

describe('the chat-connection machine with the real actors', () => {
  function messagesApiFor(token: string) {
    const client = createApiClient({
      fetch: (input, init) => fetch(input, init),
      session: { token: () => token, clear: () => undefined },
      navigate: () => undefined,
      location: () => ({ pathname: '/', search: '' }),
      language: () => 'en',
      cookies: () => '',
      warn: () => undefined,
    });
    return createMessagesApi({ request: client.request, bases: () => [w.server.url] });
  }

  it('connects, polls unread while not connected, loses the connection when the server closes it, and reconnects after 2 s', async () => {
    const socket = new ChatSocket({ base: w.server.url, token: () => w.sellerX.token, WebSocket: OriginWS });
    sockets.push(socket);
    // A buyer of their own with a known number of unread answers: one question to shop X, three replies.
    const reader = await registerUser(w.server.url);
    const asked = await api(w.server, reader.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'a question', client_ref: ref() });
    expect(asked.status).toBe(201);
    for (const content of ['reply 1', 'reply 2', 'reply 3']) {
      const reply = await api(w.server, w.sellerX.token, 'POST', '/api/v1/seller/messages', { user_id: Number(reader.user.id), content, client_ref: ref() });
      expect(reply.status).toBe(201);
    }
    const unreadApi = messagesApiFor(reader.token);
    const connection = startChatConnection({ socket, unreadCount: unreadApi.unreadCount });
    connections.push(connection);
    const status = () => connectionStatus(connection.actor.getSnapshot().value);

    // Not connected yet: an unread poll (300 ms debounce) against the real server.
    await until(() => connection.actor.getSnapshot().context.unreadCount !== null);
    expect(connection.actor.getSnapshot().context.unreadCount).toBe(3);

    connection.actor.send({ type: 'CONNECT' });
    await until(() => status() === 'connected');
    expect(socket.state).toBe('open');

    serverCloses(1012);
    await until(() => status() === 'error');
    expect(connection.actor.getSnapshot().context.error).toBe('closed 1012');
    // The first reconnect attempt comes after 2 s.
    await sleep(1500);
    expect(status()).toBe('error');
    await until(() => status() === 'connected', 3000);
    expect(socket.state).toBe('open');
    expect(connection.actor.getSnapshot().context.attempts).toBe(0);

    // DISCONNECT (logout) closes the socket.
    connection.actor.send({ type: 'DISCONNECT' });
    await until(() => socket.state === 'closed');
  });

  it('a refused token stops it (no retry) and is reported', async () => {
    const socket = new ChatSocket({ base: w.server.url, token: () => 'junk-token', WebSocket: OriginWS });
    sockets.push(socket);
    let refused = 0;
    const connection = startChatConnection({ socket, unreadCount: messagesApiFor(w.buyer.token).unreadCount, onUnauthorized: () => (refused += 1) });
    connections.push(connection);
    const opened: number[] = [];
    socket.onOpen(() => opened.push(Date.now()));
    connection.actor.send({ type: 'CONNECT' });
    await until(() => refused === 1);
    const snapshot = connection.actor.getSnapshot();
    expect(connectionStatus(snapshot.value)).toBe('disconnected');
    expect(snapshot.context.error).toBe(UNAUTHORIZED);
    await sleep(2500);
    expect(opened).toHaveLength(1);
    expect(connectionStatus(connection.actor.getSnapshot().value)).toBe('disconnected');
  });
});
