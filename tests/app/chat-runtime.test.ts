/**
 * The chat of a signed-in session (src/app/chat/chat-runtime.ts) against a real server on loopback, with the
 * `ws` package's WebSocket: a buyer's and a seller's runtime connect (status in the ChatStore), join their
 * conversation's room, hear each other's messages (REST-stored, broadcast to the room: handed to `receive`,
 * the data worker's receiveMessage in the app), typing and presence; leaving the room stops the messages;
 * offline/online events drive the machine; stop() closes the socket and forgets the session's state. And the
 * seller's side of the messages API (messagesApi.sellerMessages): the page, the buyer as otherUser, read marks.
 */
import WS from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/app/auth/api-client';
import { ChatRuntime, type ChatEventSource } from '../../src/app/chat/chat-runtime';
import { ChatStore } from '../../src/app/chat/chat-store';
import { ChatSocket, type WebSocketConstructor } from '../../src/app/community/chat-socket';
import { createMessagesApi, type UnreadCountAnswer } from '../../src/app/community/messages-api';
import { conversationRoom } from '../../src/domain/community';
import type { Message } from '../../src/domain/community-schemas';
import { registerUser } from '../helpers/auth';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from '../server/support/message-fixtures';

let w: MessageWorld;
let room: string;
let OriginWS: WebSocketConstructor;
const stops: (() => void)[] = [];

beforeAll(async () => {
  w = await messageWorld(await startAuthServer({ products: 10 }));
  const origin = w.server.url;
  OriginWS = class extends WS {
    constructor(url: string) {
      super(url, { origin });
    }
  };
  const first = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'first', client_ref: ref() });
  room = conversationRoom(Number((first.body as { data: { conversation_id: number } }).data.conversation_id));
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
afterAll(async () => {
  await w?.server.close();
});

function messagesFor(token: string) {
  const client = createApiClient({
    fetch: (url, init) => fetch(url, init),
    session: { token: () => token, clear: vi.fn() },
    navigate: vi.fn(),
    location: () => ({ pathname: '/', search: '' }),
    language: () => 'en',
    cookies: () => '',
    warn: vi.fn(),
  });
  return createMessagesApi({ request: client.request, bases: () => [w.server.url] });
}

/**
 * A session's runtime, started: what it received, how many pulls it asked for, the unread polls answered, its
 * store, and the event source to fire online/offline.
 */
function session(token: string, online = true) {
  const runtime = new ChatRuntime(new ChatStore());
  const received: Message[] = [];
  const pulls = { count: 0 };
  const polls: UnreadCountAnswer[] = [];
  const events = new EventTarget() as EventTarget & ChatEventSource;
  const socket = new ChatSocket({ base: w.server.url, token: () => token, WebSocket: OriginWS });
  const unread = messagesFor(token).unreadCount;
  const stop = runtime.start({
    socket,
    unreadCount: async (lastChecked, options) => {
      const answer = await unread(lastChecked, options);
      polls.push(answer);
      return answer;
    },
    receive: (m) => {
      received.push(m);
      return Promise.resolve();
    },
    pull: () => {
      pulls.count += 1;
      return Promise.resolve();
    },
    events,
    online,
  });
  stops.push(stop);
  return { runtime, store: runtime.store, received, pulls, polls, events, stop, socket };
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

const send = (token: string, path: string, body: Record<string, unknown>) => api(w.server, token, 'POST', path, { ...body, client_ref: ref() });

describe('ChatRuntime', () => {
  it('two sessions in one room hear each other’s messages, typing and presence', async () => {
    const buyer = session(w.buyer.token);
    const leaveBuyer = buyer.runtime.join(room);
    await until(() => buyer.store.getStatus() === 'connected');
    const seller = session(w.sellerX.token);
    seller.runtime.join(room);
    await until(() => seller.store.getStatus() === 'connected');

    // Presence: the buyer learns the shop's seller is online (kept by shop too), and the reverse.
    await until(() => buyer.store.presenceOf({ shopId: w.sellerX.shopId })?.online === true);
    await until(() => seller.store.presenceOf({ userId: w.buyer.userId })?.online === true);

    // A REST-stored message reaches the other side's room (and the sender's own session).
    await send(w.buyer.token, '/api/messages', { shop_id: w.sellerX.shopId, content: 'Is the kaftan in blue?' });
    const atSeller = await until(() => seller.received.find((m) => m.content === 'Is the kaftan in blue?'));
    expect(atSeller).toMatchObject({ sender: 'buyer', shop_id: w.sellerX.shopId, user_id: w.buyer.userId });
    await send(w.sellerX.token, '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'Yes, size M and L.' });
    await until(() => buyer.received.find((m) => m.content === 'Yes, size M and L.'));

    // Typing: the seller sees the buyer typing, then not.
    buyer.runtime.typing(room, true);
    await until(() => seller.store.typingIn(room).includes(w.buyer.userId));
    buyer.runtime.typing(room, false);
    await until(() => seller.store.typingIn(room).length === 0);

    // Left the room: the buyer's session hears no more of it (typing into a room not joined sends nothing).
    leaveBuyer();
    buyer.runtime.typing(room, true);
    await send(w.sellerX.token, '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'After you left' });
    await until(() => seller.received.find((m) => m.content === 'After you left'));
    expect(buyer.received.some((m) => m.content === 'After you left')).toBe(false);
    expect(seller.store.typingIn(room)).toEqual([]);

    // The seller signs out: the socket closes, the buyer sees them offline with a last-seen time.
    buyer.runtime.join(room);
    await until(() => buyer.store.presenceOf({ shopId: w.sellerX.shopId })?.online === true);
    seller.stop();
    expect(seller.store.getStatus()).toBe('off');
    expect(seller.store.presenceOf({ userId: w.buyer.userId })).toBeNull();
    const gone = await until(() => {
      const p = buyer.store.presenceOf({ shopId: w.sellerX.shopId });
      return p?.online === false ? p : undefined;
    });
    expect(gone.last_seen).toEqual(expect.any(Number));
  });

  it('offline it does not connect; `online` connects and joins the rooms asked for before', async () => {
    const buyer = session(w.buyer.token, false);
    buyer.runtime.join(room);
    expect(buyer.store.getStatus()).toBe('disconnected');
    buyer.events.dispatchEvent(new Event('online'));
    await until(() => buyer.store.getStatus() === 'connected');
    expect(buyer.socket.rooms).toEqual([room]);
    await send(w.sellerX.token, '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'You are back' });
    await until(() => buyer.received.find((m) => m.content === 'You are back'));
  });

  it('not connected, a poll with news hands the messages to receive and pulls the personal collections; one without does not pull', async () => {
    // A message from a buyer the shop never heard from: only the pull brings its conversation and unread count.
    const newcomer = await registerUser(w.server.url, { first_name: 'Nadia', last_name: 'New' });
    await send(newcomer.token, '/api/messages', { shop_id: w.sellerY.shopId, content: 'New buyer here' });
    const seller = session(w.sellerY.token, false);
    await until(() => seller.received.find((m) => m.content === 'New buyer here'));
    await until(() => seller.pulls.count >= 1);
    expect(seller.polls[0]?.has_new).toBe(true);

    // Nothing new for this user: the poll is answered, nothing is pulled.
    const quiet = session(w.other.token, false);
    await until(() => quiet.polls.length >= 1);
    expect(quiet.polls[0]).toMatchObject({ has_new: false, new_messages: [] });
    expect(quiet.pulls.count).toBe(0);
  });

  it('a new start replaces the previous session and keeps the rooms the screens still show', async () => {
    const first = session(w.buyer.token);
    first.runtime.join(room);
    await until(() => first.store.getStatus() === 'connected');
    const socket = new ChatSocket({ base: w.server.url, token: () => w.buyer.token, WebSocket: OriginWS });
    const received: Message[] = [];
    stops.push(
      first.runtime.start({
        socket,
        unreadCount: messagesFor(w.buyer.token).unreadCount,
        receive: (m) => {
          received.push(m);
          return Promise.resolve();
        },
        pull: () => Promise.resolve(),
        events: new EventTarget(),
        online: true,
      }),
    );
    expect(first.socket.state).toBe('closed');
    await until(() => first.store.getStatus() === 'connected');
    expect(socket.rooms).toEqual([room]);
    await send(w.sellerX.token, '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'New socket' });
    await until(() => received.find((m) => m.content === 'New socket'));
    expect(first.received.some((m) => m.content === 'New socket')).toBe(false);
  });
});

describe('messagesApi.sellerConversations', () => {
  it('the seller’s shop’s conversations with each buyer’s presence (the list’s Online)', async () => {
    const buyer = session(w.buyer.token);
    await until(() => buyer.store.getStatus() === 'connected');
    const answer = await messagesFor(w.sellerX.token).sellerConversations();
    expect(answer.conversations.find((c) => c.user_id === w.buyer.userId)).toMatchObject({ shop_id: w.sellerX.shopId, online: true });
    buyer.stop();
    await expect
      .poll(async () => (await messagesFor(w.sellerX.token).sellerConversations()).conversations.find((c) => c.user_id === w.buyer.userId)?.online)
      .toBe(false);
  });
});

describe('messagesApi.sellerMessages', () => {
  it('the seller’s page of a conversation: messages, the buyer as otherUser, and the buyer’s messages marked read', async () => {
    await send(w.buyer.token, '/api/messages', { shop_id: w.sellerX.shopId, content: 'Unread for the shop' });
    const seller = messagesFor(w.sellerX.token);
    const before = await api(w.server, w.sellerX.token, 'GET', '/api/v1/seller/messages/conversations');
    const unreadBefore = (before.body as { total_unread: number }).total_unread;
    expect(unreadBefore).toBeGreaterThan(0);
    const page = await seller.sellerMessages(w.buyer.userId, { perPage: 50 });
    expect(page.messages.map((m) => m.content)).toContain('Unread for the shop');
    expect(page.otherUser).toMatchObject({ id: w.buyer.userId, name: w.buyer.name });
    const after = await api(w.server, w.sellerX.token, 'GET', '/api/v1/seller/messages/conversations');
    expect((after.body as { total_unread: number }).total_unread).toBe(0);
    await expect(seller.sellerMessages(w.other.userId)).rejects.toMatchObject({ status: 404 });
  });
});
