/**
 * THE cross-instance chat test (docs/COMMUNITY.md "Real-time chat"): two app
 * instances (each its own pool, bus and sockets) on ONE throwaway PostgreSQL.
 * The buyer's socket is on instance A, the seller's on instance B; events go
 * through LISTEN/NOTIFY on `souk_chat`:
 * - a message sent on A's socket arrives on B's socket (and is stored once);
 * - a POST /api/messages on B arrives on A's socket;
 * - a message too large for a NOTIFY payload still arrives (sent as ids, read by id);
 * - typing and presence cross too.
 * Also on PostgreSQL: NUL in content is a 422, and the personal pulls page.
 * Skipped with SOUK_SKIP_PG=1 like the other PostgreSQL tests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRoom } from '../../src/domain/community';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { authHeaders, registerUser, requestJson, sellerLogin, TEST_AUTH_SECRET, TEST_SCRYPT_LOG2N, TEST_SELLER_PASSWORD } from '../helpers/auth';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { connectChat, type ChatTestClient, type Frame } from './support/chat-client';
import { ref } from './support/message-fixtures';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('chat across two instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  let urlA: string;
  let urlB: string;
  let buyer: { token: string; userId: number };
  let seller: { token: string; userId: number; shopId: number };
  let room: string;
  let conversationId: number;
  const sockets: ChatTestClient[] = [];

  const instance = async (): Promise<string> => {
    const db = openDatabase(pg.url, { poolSize: 4 });
    dbs.push(db);
    const app = await buildApp({ db, auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null } });
    apps.push(app);
    return app.listen({ host: '127.0.0.1', port: 0 });
  };

  beforeAll(async () => {
    pg = await startPostgres();
    const setup = openDatabase(pg.url);
    await migrateToLatest(setup);
    await seedDemo(setup, { products: 10, sellerPassword: TEST_SELLER_PASSWORD, scryptLog2N: TEST_SCRYPT_LOG2N });
    const shop = await setup.kysely.selectFrom('shops').select(['id', 'slug']).where('owner_user_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await setup.close();
    urlA = await instance();
    urlB = await instance();
    const b = await registerUser(urlA);
    buyer = { token: b.token, userId: Number(b.user.id) };
    const s = await sellerLogin(urlB, shop.slug);
    seller = { token: s.token, userId: Number(s.user.id), shopId: Number(shop.id) };
    const first = await requestJson<{ data: { conversation_id: number } }>(urlA, 'POST', '/api/messages', { shop_id: seller.shopId, content: 'Salam', client_ref: ref() }, authHeaders(buyer.token));
    expect(first.status).toBe(201);
    conversationId = first.body.data.conversation_id;
    room = conversationRoom(conversationId);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) await s.close();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await pg?.stop();
  });

  const connect = async (url: string, token: string) => {
    const c = await connectChat(url, token);
    sockets.push(c);
    return c;
  };
  const joined = async (c: ChatTestClient) => {
    c.send({ type: 'join_room', roomId: room });
    // The join answers with the other side's presence: then the room is ours.
    await c.next((f) => f.type === 'presence');
  };
  const isMessage = (content: string) => (f: Frame) => f.type === 'message' && (f.message as { content: string }).content === content;

  it('both instances use the PostgreSQL bus', () => {
    expect(apps.map((a) => a.chat.bus.kind)).toEqual(['postgres', 'postgres']);
  });

  it('a message sent on A’s socket reaches B’s socket; a POST on B reaches A’s socket', async () => {
    const onA = await connect(urlA, buyer.token);
    const onB = await connect(urlB, seller.token);
    await joined(onA);
    await joined(onB);

    const client_ref = ref();
    onA.send({ type: 'send_message', roomId: room, message: { content: 'From instance A', client_ref } });
    const answer = await onA.next(isMessage('From instance A'));
    const arrived = await onB.next(isMessage('From instance A'));
    expect(arrived).toEqual({ type: 'message', roomId: room, message: answer.message });
    expect(answer.message).toMatchObject({ id: client_ref, sender: 'buyer', conversation_id: conversationId, shop_id: seller.shopId });

    const rest = await requestJson(urlB, 'POST', '/api/messages', { shop_id: seller.shopId, content: 'From REST on B', client_ref: ref() }, authHeaders(buyer.token));
    expect(rest.status).toBe(201);
    expect(await onA.next(isMessage('From REST on B'))).toMatchObject({ roomId: room, message: { sender: 'buyer' } });
    expect(await onB.next(isMessage('From REST on B'))).toMatchObject({ roomId: room });

    const reply = await requestJson(urlB, 'POST', '/api/v1/seller/messages', { user_id: buyer.userId, content: 'Seller via B', client_ref: ref() }, authHeaders(seller.token));
    expect(reply.status).toBe(201);
    expect(await onA.next(isMessage('Seller via B'))).toMatchObject({ message: { sender: 'shop', sender_user_id: seller.userId } });

    // Sent twice on A (a retry): stored once, broadcast once.
    onA.send({ type: 'send_message', roomId: room, message: { content: 'From instance A', client_ref } });
    await onA.next(isMessage('From instance A'));
    expect(await onB.none(isMessage('From instance A'), 400)).toBe(true);
    const db = dbs[0] as Database;
    expect((await db.kysely.selectFrom('messages').select('id').where('client_ref', '=', client_ref).execute()).length).toBe(1);
  });

  it('a message too large for a NOTIFY payload crosses as ids and is read by id', async () => {
    const onA = await connect(urlA, buyer.token);
    const onB = await connect(urlB, seller.token);
    await joined(onA);
    await joined(onB);
    const big = 'é'.repeat(2500) + 'ش'.repeat(2500);
    onA.send({ type: 'send_message', roomId: room, message: { content: big, client_ref: ref() } });
    const arrived = await onB.next(isMessage(big));
    expect((arrived.message as { content: string }).content).toBe(big);
  });

  it('typing and presence cross instances', async () => {
    const onA = await connect(urlA, buyer.token);
    await joined(onA);
    const onB = await connect(urlB, seller.token);
    await joined(onB);
    onB.send({ type: 'typing', roomId: room, isTyping: true });
    expect(await onA.next((f) => f.type === 'typing')).toEqual({ type: 'typing', roomId: room, userId: seller.userId, isTyping: true });
    expect(apps[0]?.chat.presence.of(seller.userId).online).toBe(true);
  });

  it('NUL in content is a 422 on PostgreSQL, never a 500; the pulls page by checkpoint', async () => {
    const nul = await requestJson(urlA, 'POST', '/api/messages', { shop_id: seller.shopId, content: 'a\u0000b', client_ref: ref() }, authHeaders(buyer.token));
    expect(nul.status).toBe(422);
    const seen: string[] = [];
    let query = '?v=1&limit=2';
    for (let i = 0; i < 50; i++) {
      const page = await requestJson<{ documents: { id: string }[]; checkpoint: { updatedAt: number; id: string } | null; remaining: number }>(urlB, 'GET', `/api/sync/messages/pull${query}`, undefined, authHeaders(seller.token));
      expect(page.status).toBe(200);
      seen.push(...page.body.documents.map((d) => d.id));
      if (page.body.documents.length === 0 || page.body.checkpoint === null) break;
      query = `?v=1&limit=2&updatedAt=${page.body.checkpoint.updatedAt}&id=${encodeURIComponent(page.body.checkpoint.id)}`;
    }
    const db = dbs[0] as Database;
    const count = await db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('conversation_id', '=', conversationId).executeTakeFirst();
    expect(new Set(seen).size).toBe(Number(count?.n));
  });
});
