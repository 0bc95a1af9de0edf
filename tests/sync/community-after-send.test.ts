/**
 * Between "sent" and the next pull, against the real server (docs/COMMUNITY.md), through the DataService on
 * fake-indexeddb: a seller's response and a close that a pull overtook before they went out (the pull brought
 * the server's post without them) stay shown once the server accepted them, while the pulls cannot run, and
 * the response cannot be queued twice; so does the owner's acceptance of an offer, settled from the server's
 * answer; a sent message is confirmed from the server's answer before any pull;
 * a message the server refuses leaves the thread when the user discards it in the sync centre.
 */
import { describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import { waitFor, type TestClient } from './support/client';

const env = communityServer(2);
const { postRequest } = env;
/** What the network lets through: the pulls (GET /api/sync/{collection}/pull) and the writes (not GET). */
const gate = { pulls: true, writes: true };

const isPull = (url: URL) => url.pathname.startsWith('/api/sync/') && url.pathname.endsWith('/pull');

function start(token: string): Promise<TestClient> {
  gate.pulls = true;
  gate.writes = true;
  return env.start(token, (fetch): FetchLike => (input, init) => {
    const url = new URL(input);
    const write = (init?.method ?? 'GET').toUpperCase() !== 'GET';
    if ((write && !gate.writes) || (isPull(url) && !gate.pulls)) return Promise.reject(new TypeError('fetch failed (injected)'));
    return fetch(input, init);
  });
}

/** `seller` responds to the request straight on the server; resolves with the response's document id and id. */
async function respondByApi(seller: Seller, postId: number, message: string): Promise<{ id: string; response_id: number }> {
  const answer = await requestJson<{ data: { id: string; response_id: number } }>(
    env.server.url,
    'POST',
    `/api/v1/seller/community/posts/${postId}/respond`,
    { message, price: 600, delivery_days: 5, client_ref: crypto.randomUUID() },
    authHeaders(seller.token),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

/** The post as stored (what the last pull wrote), not as the queries show it. */
async function storedPost(c: TestClient, id: string) {
  const db: SoukDatabase = await c.service.database();
  return (await db.community_posts.findOne(id).exec())?.toMutableJSON() ?? null;
}

const entryState = async (c: TestClient, id: string) => (await c.service.query({ kind: 'outbox' })).find((e) => e.id === id)?.state;

describe('after the server accepted, before the pull brings it', () => {
  it("a seller's response overtaken by a pull stays on the post and cannot be sent twice", async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Copper tray');
    const [seller, other] = env.sellers as [Seller, Seller];
    const c = await start(seller.token);
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id })) !== null, 10_000, 'open post pulled');

    // The response cannot go out yet; meanwhile another shop answers and the pull brings the post without ours.
    gate.writes = false;
    const { responseId, entryId } = await c.service.respondToPost(post.id, { message: 'Hammered copper, 50 cm', price: 900, delivery_days: 8 });
    const before = (await storedPost(c, post.id))?.updatedAt ?? 0;
    await respondByApi(other, post.post_id, 'Engraved copper');
    await waitFor(async () => ((await storedPost(c, post.id))?.updatedAt ?? 0) > before, 10_000, "the other shop's answer pulled");
    expect((await storedPost(c, post.id))?.responses.map((r) => r.id)).toEqual([]);

    // Sent while the pulls cannot run (offline again right after).
    gate.pulls = false;
    gate.writes = true;
    await c.service.resync();
    await waitFor(async () => (await entryState(c, entryId)) === 'done', 15_000, 'response accepted');
    const rows = await env.server.db.kysely.selectFrom('community_responses').select(['id', 'shop_id']).where('post_id', '=', post.post_id).execute();
    const ours = rows.find((r) => Number(r.shop_id) === seller.shopId);
    expect(rows).toHaveLength(2);

    expect((await storedPost(c, post.id))?.responses.map((r) => r.id)).toEqual([]);
    const shown = await c.service.query({ kind: 'communityPost', id: post.id });
    expect(shown?.responses.map((r) => [r.id, r.response_id, r.shop_id])).toEqual([[responseId, Number(ours?.id), seller.shopId]]);
    expect(shown?.responses_count).toBe(2);
    await expect(c.service.respondToPost(post.id, { message: 'Again', price: 800, delivery_days: 8 })).rejects.toMatchObject({ code: 'RESPONSE_EXISTS' });
    expect((await c.service.query({ kind: 'outbox' })).filter((e) => e.kind === 'response_create')).toHaveLength(1);

    // The pull brings it: shown once, as the server has it.
    gate.pulls = true;
    await c.service.resync();
    await waitFor(async () => (await storedPost(c, post.id))?.responses.some((r) => r.id === responseId) === true, 10_000, 'response pulled');
    const pulled = await c.service.query({ kind: 'communityPost', id: post.id });
    expect(pulled?.responses.map((r) => [r.id, r.response_id])).toEqual([[responseId, Number(ours?.id)]]);
    expect(pulled?.responses_count).toBe(2);
  });

  it('a close overtaken by a pull keeps the post closed', async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Woven basket');
    const c = await start(owner.token);
    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: post.id })) !== null, 10_000, 'own post pulled');

    gate.writes = false;
    const { entryId } = await c.service.closePost(post.id);
    const before = (await storedPost(c, post.id))?.updatedAt ?? 0;
    await respondByApi(env.sellers[0] as Seller, post.post_id, 'Palm leaves, 40 cm');
    await waitFor(async () => ((await storedPost(c, post.id))?.updatedAt ?? 0) > before, 10_000, 'the response pulled');
    expect((await storedPost(c, post.id))?.status).toBe('open');

    gate.pulls = false;
    gate.writes = true;
    await c.service.resync();
    await waitFor(async () => (await entryState(c, entryId)) === 'done', 15_000, 'close accepted');
    expect((await storedPost(c, post.id))?.status).toBe('open');
    expect((await c.service.query({ kind: 'communityPost', id: post.id }))?.status).toBe('closed');
    expect((await c.service.query({ kind: 'communityPosts', mine: true, status: 'open' })).data.map((p) => p.id)).not.toContain(post.id);
    await expect(c.service.closePost(post.id)).rejects.toMatchObject({ code: 'POST_ALREADY_CLOSED' });

    gate.pulls = true;
    await c.service.resync();
    await waitFor(async () => (await storedPost(c, post.id))?.status === 'closed', 10_000, 'closed post pulled');
    expect((await c.service.query({ kind: 'communityPost', id: post.id }))?.status).toBe('closed');
  });

  it("an accepted offer overtaken by a pull stays accepted, is settled from the server's answer and cannot be answered twice", async () => {
    const owner = await registerUser(env.server.url);
    const post = await postRequest(owner, 'Carved cedar door');
    const [seller, other] = env.sellers as [Seller, Seller];
    const offer = await respondByApi(seller, post.post_id, 'Cedar, carved by hand');
    const c = await start(owner.token);
    await waitFor(async () => (await storedPost(c, post.id))?.responses.some((r) => r.id === offer.id) === true, 10_000, 'post with the offer pulled');
    const statusOf = (p: { status: string; accepted_response_id: number | null; responses: { id: string; status: string }[] } | null | undefined) => [
      p?.status,
      p?.accepted_response_id,
      p?.responses.find((r) => r.id === offer.id)?.status,
    ];

    // The answer cannot go out yet; meanwhile another shop responds and the pull brings the post, the offer pending.
    gate.writes = false;
    const { entryId } = await c.service.answerResponse(offer.id, 'accepted');
    const before = (await storedPost(c, post.id))?.updatedAt ?? 0;
    await respondByApi(other, post.post_id, 'Walnut, carved by hand');
    await waitFor(async () => ((await storedPost(c, post.id))?.updatedAt ?? 0) > before, 10_000, "the other shop's offer pulled");
    expect(statusOf(await storedPost(c, post.id))).toEqual(['open', null, 'pending']);
    expect(statusOf(await c.service.query({ kind: 'communityPost', id: post.id }))).toEqual(['in_progress', offer.response_id, 'accepted']);
    await expect(c.service.answerResponse(offer.id, 'accepted')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });

    // Sent while the pulls cannot run: the server's answer settles the stored post.
    gate.pulls = false;
    gate.writes = true;
    await c.service.resync();
    await waitFor(async () => (await entryState(c, entryId)) === 'done', 15_000, 'answer accepted');
    const onServer = await requestJson<{ data: { status: string; accepted_response_id: number | null; updatedAt: number } }>(
      env.server.url,
      'GET',
      `/api/v1/community/posts/${post.post_id}`,
    );
    expect([onServer.body.data.status, onServer.body.data.accepted_response_id]).toEqual(['in_progress', offer.response_id]);
    expect(statusOf(await storedPost(c, post.id))).toEqual(['in_progress', offer.response_id, 'accepted']);
    expect(statusOf(await c.service.query({ kind: 'communityPost', id: post.id }))).toEqual(['in_progress', offer.response_id, 'accepted']);
    await expect(c.service.answerResponse(offer.id, 'rejected')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });
    expect((await c.service.query({ kind: 'outbox' })).filter((e) => e.kind === 'response_answer')).toHaveLength(1);

    // The pull brings the server's post: the same.
    gate.pulls = true;
    await c.service.resync();
    await waitFor(async () => (await storedPost(c, post.id))?.updatedAt === onServer.body.data.updatedAt, 10_000, 'answered post pulled');
    expect(statusOf(await c.service.query({ kind: 'communityPost', id: post.id }))).toEqual(['in_progress', offer.response_id, 'accepted']);
  });

  it("a sent message is confirmed from the server's answer, before any pull", async () => {
    const buyer = await registerUser(env.server.url);
    const seller = env.sellers[0] as Seller;
    const c = await start(buyer.token);
    gate.pulls = false;
    const pullsBefore = env.net.pulls('messages').length;
    const { messageId, entryId } = await c.service.sendMessage({ shopId: seller.shopId, content: 'Salam, do you ship to Agadir?' });
    await waitFor(async () => (await entryState(c, entryId)) === 'done', 15_000, 'message accepted');
    const row = await env.server.db.kysely
      .selectFrom('messages')
      .select(['id', 'conversation_id'])
      .where('client_ref', '=', messageId)
      .executeTakeFirstOrThrow();
    const thread = await c.service.query({ kind: 'messages', shopId: seller.shopId });
    expect(thread.data.map((m) => [m.id, m.message_id, m.conversation_id, m.local_state])).toEqual([
      [messageId, Number(row.id), Number(row.conversation_id), 'confirmed'],
    ]);
    expect(env.net.pulls('messages')).toHaveLength(pullsBefore);
  });
});

describe('discarding a refused message', () => {
  it('removes it from the thread with its entry', async () => {
    const seller = env.sellers[0] as Seller;
    const stranger = await registerUser(env.server.url);
    const strangerId = Number(stranger.user.id);
    const c = await start(seller.token);
    const thread = { kind: 'messages', shopId: seller.shopId, userId: strangerId } as const;
    // The shop writes to a buyer it has no conversation with: refused.
    const { messageId, entryId } = await c.service.sendMessage({ shopId: seller.shopId, toUserId: strangerId, content: 'Marhba' });
    await waitFor(async () => (await entryState(c, entryId)) === 'failed', 15_000, 'message refused');
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.failure).toMatchObject({ status: 404, code: 'CONVERSATION_NOT_FOUND' });
    expect((await c.service.query(thread)).data.map((m) => [m.id, m.local_state])).toEqual([[messageId, 'failed']]);

    await c.service.dismissOutboxEntry(entryId);
    expect((await c.service.query({ kind: 'outbox' })).map((e) => e.id)).not.toContain(entryId);
    expect((await c.service.query(thread)).data).toEqual([]);
  });
});
