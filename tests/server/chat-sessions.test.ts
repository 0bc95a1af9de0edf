/**
 * The chat socket lives only as long as its session (docs/COMMUNITY.md
 * "Real-time chat"): logout, a password change and an email change close the
 * sockets of the ended sessions with 4401 at once; a session deleted where this
 * instance did not see it (another instance, a direct delete) is caught by the
 * periodic recheck, and by the next typing frame.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRoom } from '../../src/domain/community';
import { login, registerUser } from '../helpers/auth';
import { closeCode, connectChat, type ChatTestClient, type Frame } from './support/chat-client';
import { api, messageWorld, ref, startAuthServer, type MessageWorld } from './support/message-fixtures';

let w: MessageWorld;
const open: ChatTestClient[] = [];
const connect = async (token: string) => {
  const c = await connectChat(w.server.url, token);
  open.push(c);
  return c;
};

beforeAll(async () => {
  // The periodic recheck every 300 ms here (60 s by default).
  w = await messageWorld(await startAuthServer({ products: 10, chat: { sessionCheckMs: 300 } }));
});
afterAll(async () => {
  for (const c of open) await c.close();
  await w?.server.close();
});

/** A fresh buyer with a conversation with shop X, and the room's id. */
async function buyerWithRoom() {
  const user = await registerUser(w.server.url);
  const sent = await api(w.server, user.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'hello', client_ref: ref() });
  expect(sent.status).toBeLessThan(300);
  const room = conversationRoom(Number((sent.body as { data: { conversation_id: number } }).data.conversation_id));
  return { ...user, room };
}

async function joined(token: string, room: string): Promise<ChatTestClient> {
  const c = await connect(token);
  c.send({ type: 'join_room', roomId: room });
  await c.next((f: Frame) => f.type === 'presence');
  return c;
}

describe('a socket ends with its session', () => {
  it('logout closes the socket with 4401 and it receives nothing of the room afterwards', async () => {
    const buyer = await buyerWithRoom();
    const socket = await joined(buyer.token, buyer.room);
    const closed = closeCode(socket);
    expect((await api(w.server, buyer.token, 'POST', '/api/auth/logout')).status).toBe(200);
    expect(await closed).toBe(4401);
    expect(w.server.app.chat.count()).toBe(open.filter((c) => c.ws.readyState === c.ws.OPEN).length);
  });

  it('a password change closes the sockets of the other sessions, not the one that changed it', async () => {
    const buyer = await buyerWithRoom();
    const other = await login(w.server.url, buyer.email, buyer.password);
    const revoked = await joined(other.token, buyer.room);
    const kept = await joined(buyer.token, buyer.room);
    const closed = closeCode(revoked);
    const changed = await api(w.server, buyer.token, 'POST', '/api/user/password', {
      current_password: buyer.password,
      password: 'another horse 2',
      password_confirmation: 'another horse 2',
    });
    expect(changed.status).toBe(200);
    expect(await closed).toBe(4401);
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
  });

  it('an email change closes the sockets of the other sessions', async () => {
    const buyer = await buyerWithRoom();
    const other = await login(w.server.url, buyer.email, buyer.password);
    const revoked = await joined(other.token, buyer.room);
    const closed = closeCode(revoked);
    const changed = await api(w.server, buyer.token, 'POST', '/api/user/profile', { email: `moved-${Date.now()}@example.test`, current_password: buyer.password });
    expect(changed.status).toBe(200);
    expect(await closed).toBe(4401);
  });

  it('a session deleted elsewhere (another instance) is caught by the periodic recheck', async () => {
    const buyer = await buyerWithRoom();
    const socket = await joined(buyer.token, buyer.room);
    const closed = closeCode(socket, 3000);
    await w.server.db.kysely.deleteFrom('sessions').where('user_id', '=', Number(buyer.user.id)).execute();
    expect(await closed).toBe(4401);
  });

  it('typing checks the session too', async () => {
    const buyer = await buyerWithRoom();
    const socket = await joined(buyer.token, buyer.room);
    const closed = closeCode(socket, 3000);
    await w.server.db.kysely.deleteFrom('sessions').where('user_id', '=', Number(buyer.user.id)).execute();
    socket.send({ type: 'typing', roomId: buyer.room, isTyping: true });
    expect(await closed).toBe(4401);
  });
});
