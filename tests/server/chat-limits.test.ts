/**
 * The chat socket's limits (docs/COMMUNITY.md "Real-time chat"): frames per
 * socket (20/s, bursts of 40; past that 4429), typing forwarded on changes only
 * and at most once a second, at most 10 sockets per user on an instance (the
 * oldest closes with 4409); and a shutting-down instance announces its users
 * offline on the bus before closing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRoom } from '../../src/domain/community';
import { chatClientFrameSchema } from '../../src/domain/community-schemas';
import { createLocalChatBus, type ChatBus, type ChatEvent } from '../../src/server/chat/chat-bus';
import { registerUser } from '../helpers/auth';
import { closeCode, connectChat, type ChatTestClient, type Frame } from './support/chat-client';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from './support/message-fixtures';

let w: MessageWorld;
let room: string;
const open: ChatTestClient[] = [];
const connect = async (token: string) => {
  const c = await connectChat(w.server.url, token);
  open.push(c);
  return c;
};

beforeAll(async () => {
  w = await messageWorld(await startAuthServer({ products: 10 }));
  const first = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'first', client_ref: ref() });
  room = conversationRoom(Number((first.body as { data: { conversation_id: number } }).data.conversation_id));
});
afterAll(async () => {
  for (const c of open) await c.close();
  await w?.server.close();
});

describe('chat limits', () => {
  it('a socket sending more than its burst of frames is closed with 4429', async () => {
    const c = await connect(w.other.token);
    const closed = closeCode(c);
    for (let i = 0; i < 100; i++) c.send({ type: 'leave_room', roomId: room });
    expect(await closed).toBe(4429);
  });

  it('typing reaches the room on changes only, a start at most once a second', async () => {
    const buyer = await connect(w.buyer.token);
    const seller = await connect(w.sellerX.token);
    buyer.send({ type: 'join_room', roomId: room });
    seller.send({ type: 'join_room', roomId: room });
    await buyer.next((f: Frame) => f.type === 'presence');
    await seller.next((f: Frame) => f.type === 'presence');
    for (const isTyping of [true, true, true, false, true, true, false]) buyer.send({ type: 'typing', roomId: room, isTyping });
    await new Promise((r) => setTimeout(r, 500));
    const typing = seller.frames.filter((f) => f.type === 'typing').map((f) => f.isTyping);
    expect(typing).toEqual([true, false]);
    await buyer.close();
    await seller.close();
  });

  it('an eleventh socket of one user closes the oldest with 4409', async () => {
    const user = await registerUser(w.server.url);
    const sockets: ChatTestClient[] = [];
    for (let i = 0; i < 10; i++) sockets.push(await connect(user.token));
    const first = sockets[0] as ChatTestClient;
    const closed = closeCode(first);
    await connect(user.token);
    expect(await closed).toBe(4409);
    expect(sockets.slice(1).every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
  });
});

describe('frame validation', () => {
  it('a send_message post_id beyond int4 is a VALIDATION error frame (not INTERNAL, not stored)', async () => {
    const buyer = await connect(w.buyer.token);
    buyer.send({ type: 'join_room', roomId: room });
    buyer.send({ type: 'send_message', roomId: room, message: { content: 'hi', client_ref: ref(), post_id: 2_147_483_648 } });
    expect(await buyer.next((f: Frame) => f.type === 'error' || f.type === 'message')).toMatchObject({ type: 'error', code: 'VALIDATION' });
    expect(chatClientFrameSchema.safeParse({ type: 'send_message', roomId: room, message: { content: 'x', client_ref: ref(), post_id: 2_147_483_647 } }).success).toBe(true);
    await buyer.close();
  });
});

describe('shutting down', () => {
  it('announces every local user offline on the bus before the bus closes', async () => {
    const local = createLocalChatBus();
    const seen: (ChatEvent | 'closed')[] = [];
    const bus: ChatBus = {
      kind: 'local',
      publish: (event) => {
        seen.push(event);
        return local.publish(event);
      },
      subscribe: (listener) => local.subscribe(listener),
      close: async () => {
        seen.push('closed');
        await local.close();
      },
    };
    const server = await startAuthServer({ products: 5, chat: { bus } });
    const user = await registerUser(server.url);
    const socket = await connectChat(server.url, user.token);
    await new Promise((r) => setTimeout(r, 100));
    await server.close();
    await socket.close();
    const closedAt = seen.indexOf('closed');
    const offline = seen.findIndex((e) => e !== 'closed' && e.kind === 'presence' && e.userId === Number(user.user.id) && !e.online);
    expect(closedAt).toBeGreaterThan(-1);
    expect(offline).toBeGreaterThan(-1);
    expect(offline).toBeLessThan(closedAt);
  });
});
