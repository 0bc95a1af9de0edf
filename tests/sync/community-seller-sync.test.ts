/**
 * The rest of issue 6 against the real server (docs/COMMUNITY.md), through the DataService on fake-indexeddb:
 * a verified seller's response made offline is stored once (its lost answer replayed under the same key) and the
 * pulled post replaces the shown one without doubling it; the owner closes a request offline, and a close the
 * server refuses ends as the server has it; a seller's message to a buyer queued offline arrives once and reaches
 * the buyer's mirror; a message from the chat socket stored before the pull stays one document that later
 * changes (read) still reach, and opening the conversation agrees with the server's unread count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../src/domain/community-schemas';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import { waitFor } from './support/client';

const env = communityServer();
const { start, drained, goOffline, goOnline, postRequest } = env;
let seller: Seller;
beforeAll(() => {
  seller = env.sellers[0] as Seller;
});

describe("a seller's response", () => {
  it('made offline is stored once, and the pulled post replaces the shown response without doubling it', async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Brass lantern');
    const c = await start(seller.token);
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id })) !== null, 10_000, 'open post pulled');

    goOffline(c);
    const { responseId, entryId } = await c.service.respondToPost(String(post.post_id), { message: 'Chiselled brass, 40 cm', price: 780, delivery_days: 9 });
    const shown = await c.service.query({ kind: 'communityPost', id: post.id });
    expect(shown?.responses_count).toBe(1);
    expect(shown?.responses.map((r) => [r.id, r.response_id, r.status, r.seller_user_id])).toEqual([[responseId, 0, 'pending', seller.userId]]);
    await expect(c.service.respondToPost(post.id, { message: 'Again', price: 700, delivery_days: 9 })).rejects.toMatchObject({ code: 'RESPONSE_EXISTS' });

    env.net.loseAnswerOf = (r) => r.url.pathname.endsWith('/respond');
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'response sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === `/api/v1/seller/community/posts/${post.post_id}/respond`);
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect(sent.map((w) => [w.lost, w.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.state).toBe('done');
    const rows = await env.server.db.kysely.selectFrom('community_responses').select('id').where('post_id', '=', post.post_id).execute();
    expect(rows).toHaveLength(1);

    await waitFor(
      async () => (await c.service.query({ kind: 'communityPost', id: post.id }))?.responses.some((r) => r.response_id > 0) === true,
      10_000,
      'response pulled',
    );
    const pulled = await c.service.query({ kind: 'communityPost', id: post.id });
    expect(pulled?.responses.map((r) => [r.id, r.response_id, r.shop_id, r.message])).toEqual([[responseId, Number(rows[0]?.id), seller.shopId, 'Chiselled brass, 40 cm']]);
    expect(pulled?.responses_count).toBe(1);
    expect(pulled?.local_state).toBe('confirmed');
  });
});

describe('closing a request', () => {
  it('closed offline is sent when the network returns and the pull agrees', async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Cedar jewellery box');
    const c = await start(owner.token);
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id })) !== null, 10_000, 'own post pulled');
    goOffline(c);
    const { entryId } = await c.service.closePost(post.id);
    expect((await c.service.query({ kind: 'communityPost', id: post.id }))?.status).toBe('closed');
    await expect(c.service.closePost(post.id)).rejects.toMatchObject({ code: 'POST_ALREADY_CLOSED' });

    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'close sent');
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.state).toBe('done');
    const onServer = await requestJson<{ data: { status: string; updatedAt: number } }>(env.server.url, 'GET', `/api/v1/community/posts/${post.post_id}`);
    expect(onServer.body.data.status).toBe('closed');
    await waitFor(
      async () => (await c.service.query({ kind: 'communityPost', id: post.id }))?.updatedAt === onServer.body.data.updatedAt,
      10_000,
      'closed post pulled',
    );
    expect(await c.service.query({ kind: 'communityPost', id: post.id })).toMatchObject({ status: 'closed', local_state: 'confirmed' });
  });

  it('a close the server refuses (closed from another device meanwhile) ends as the server has it', async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Leather pouf');
    const c = await start(owner.token);
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id })) !== null, 10_000, 'own post pulled');
    goOffline(c);
    const { entryId } = await c.service.closePost(post.id);
    const elsewhere = await requestJson(env.server.url, 'PATCH', `/api/v1/community/posts/${post.post_id}`, { status: 'closed' }, authHeaders(owner.token));
    expect(elsewhere.status).toBe(200);

    goOnline(c);
    await waitFor(async () => (await c.service.query({ kind: 'outbox' })).some((e) => e.id === entryId && e.state === 'failed'), 15_000, 'refused');
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.failure).toMatchObject({ status: 422, code: 'POST_ALREADY_CLOSED' });
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id }))?.status === 'closed', 10_000, 'closed as on the server');
  });
});

describe("the shop's side of messages", () => {
  it("a seller's message queued offline arrives once and reaches the buyer's mirror", async () => {
    const buyer = await registerUser(env.server.url);
    const first = await requestJson(env.server.url, 'POST', '/api/messages', { shop_id: seller.shopId, content: 'Salam, is the lantern in stock?', client_ref: crypto.randomUUID() }, authHeaders(buyer.token));
    expect(first.status).toBe(201);
    const buyerId = Number(buyer.user.id);

    const c = await start(seller.token);
    await waitFor(async () => (await c.service.query({ kind: 'conversations' })).some((cv) => cv.user_id === buyerId), 10_000, 'conversation pulled');
    const thread = { kind: 'messages', shopId: seller.shopId, userId: buyerId } as const;
    expect((await c.service.query(thread)).data.map((m) => m.sender)).toEqual(['buyer']);
    goOffline(c);
    const { messageId, entryId } = await c.service.sendMessage({ shopId: seller.shopId, toUserId: buyerId, content: 'Yes, two left' });
    expect((await c.service.query(thread)).data.map((m) => [m.id, m.sender, m.local_state])).toEqual([
      [expect.any(String), 'buyer', 'confirmed'],
      [messageId, 'shop', 'queued'],
    ]);

    env.net.loseAnswerOf = (r) => r.url.pathname === '/api/v1/seller/messages';
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'message sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === '/api/v1/seller/messages');
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    const rows = await env.server.db.kysely.selectFrom('messages').select(['id', 'sender']).where('client_ref', '=', messageId).execute();
    expect(rows).toEqual([{ id: expect.anything(), sender: 'shop' }]);
    await waitFor(async () => (await c.service.query(thread)).data.every((m) => m.local_state === 'confirmed'), 10_000, 'message pulled');
    expect((await c.service.query(thread)).data.map((m) => [m.id, m.message_id])).toEqual([
      [expect.any(String), expect.any(Number)],
      [messageId, Number(rows[0]?.id)],
    ]);

    const b = await start(buyer.token);
    await waitFor(async () => (await b.service.query({ kind: 'messages', shopId: seller.shopId })).data.length === 2, 10_000, "buyer's mirror");
    const seen = (await b.service.query({ kind: 'messages', shopId: seller.shopId })).data;
    expect(seen.map((m) => [m.id, m.sender, m.content, m.local_state])).toEqual([
      [expect.any(String), 'buyer', 'Salam, is the lantern in stock?', 'confirmed'],
      [messageId, 'shop', 'Yes, two left', 'confirmed'],
    ]);
  });

  it('a message from the chat socket stored before the pull stays one document; its read mark and the unread count follow', async () => {
    const buyer = await registerUser(env.server.url);
    const buyerId = Number(buyer.user.id);
    const opened = await requestJson(env.server.url, 'POST', '/api/messages', { shop_id: seller.shopId, content: 'Do you make it in green?', client_ref: crypto.randomUUID() }, authHeaders(buyer.token));
    expect(opened.status).toBe(201);
    const b = await start(buyer.token);
    await waitFor(async () => (await b.service.query({ kind: 'conversations' })).some((cv) => cv.shop_id === seller.shopId), 10_000, 'conversation pulled');

    // The socket delivers the seller's answer while the pulls cannot run.
    goOffline(b);
    const answer = await requestJson<{ data: Message }>(
      env.server.url,
      'POST',
      '/api/v1/seller/messages',
      { user_id: buyerId, content: 'Yes, emerald green', client_ref: crypto.randomUUID() },
      authHeaders(seller.token),
    );
    expect(answer.status).toBe(201);
    const frame = answer.body.data;
    await b.service.receiveMessage(frame);
    await b.service.receiveMessage({ ...frame, user_id: 999_999, sender_user_id: 999_998, conversation_id: 999_997, id: 'not-my-conversation' });
    const stored = await b.service.query({ kind: 'messages', shopId: seller.shopId });
    expect(stored.data.map((m) => [m.id, m.local_state])).toEqual([
      [expect.any(String), 'confirmed'],
      [frame.id, 'confirmed'],
    ]);
    expect((await b.service.query({ kind: 'conversations' }))[0]).toMatchObject({ last_message: 'Yes, emerald green', last_message_at: frame.created_at });

    goOnline(b);
    await waitFor(async () => (await b.service.query({ kind: 'unreadCount' })).unread_count === 1, 10_000, 'unread conversation pulled');
    const conversation = (await b.service.query({ kind: 'conversations' }))[0];
    await b.service.markConversationRead(conversation?.conversation_id ?? 0);
    expect(await b.service.query({ kind: 'unreadCount' })).toEqual({ unread_count: 0 });

    // Opening the thread marks it read on the server, which bumps the conversation and the message: the pull agrees.
    const fetched = await requestJson(env.server.url, 'GET', `/api/v1/buyer/messages/shops/${seller.shopId}`, undefined, authHeaders(buyer.token));
    expect(fetched.status).toBe(200);
    await waitFor(
      async () => (await b.service.query({ kind: 'messages', shopId: seller.shopId })).data.find((m) => m.id === frame.id)?.read_at !== null,
      10_000,
      'read mark pulled',
    );
    const after = await b.service.query({ kind: 'messages', shopId: seller.shopId });
    expect(after.meta.total).toBe(2);
    expect(after.data.filter((m) => m.id === frame.id)).toHaveLength(1);
    await waitFor(
      async () => ((await b.service.query({ kind: 'conversations' }))[0]?.updatedAt ?? 0) > (conversation?.updatedAt ?? 0),
      10_000,
      'conversation read on the server pulled',
    );
    expect(await b.service.query({ kind: 'unreadCount' })).toEqual({ unread_count: 0 });
    expect(await b.service.database().then((db) => db.messages.count().exec())).toBe(2);
  });
});
