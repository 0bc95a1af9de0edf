/**
 * Community requests and messages against the real server (docs/COMMUNITY.md), through the DataService on
 * fake-indexeddb: a post created offline is sent once (its lost answer replayed under the same key) and the
 * pulled post replaces the queued one under the same id; a message sent offline arrives once and is
 * confirmed by the pull; an answer the server refuses rolls back (the response pending, the post open).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import { waitFor } from './support/client';

const env = communityServer();
const { start, drained, goOffline, goOnline } = env;
let seller: Seller;
beforeAll(() => {
  seller = env.sellers[0] as Seller;
});

describe('community posts', () => {
  it('a post created offline is sent once when the network returns, and the pull confirms it under the same id', async () => {
    const user = await registerUser(env.server.url);
    const c = await start(user.token);
    goOffline(c);
    const { postId, entryId } = await c.service.createPost({
      title: 'Embroidered kaftan',
      description: 'Green velvet with gold sfifa',
      category: 'clothing',
      budget_min: 1500,
      budget_max: 3000,
      preferred_colors: ['green'],
    });
    expect(await c.service.query({ kind: 'communityPost', id: postId })).toMatchObject({ id: postId, post_id: 0, local_state: 'queued', status: 'open' });
    expect((await c.service.query({ kind: 'communityPosts', mine: true })).data.map((p) => p.id)).toEqual([postId]);

    // The first answer is lost: the replay with the same key gets the stored answer.
    env.net.loseAnswerOf = (r) => r.url.pathname === '/api/v1/community/posts';
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'post sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === '/api/v1/community/posts');
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect(sent.map((w) => [w.lost, w.replayed])).toEqual([[true, false], [false, true]]);
    const rows = await env.server.db.kysely.selectFrom('community_posts').select('id').where('client_ref', '=', postId).execute();
    expect(rows).toHaveLength(1);

    await waitFor(async () => (await c.service.query({ kind: 'communityPost', id: postId }))?.local_state === 'confirmed', 10_000, 'post pulled');
    const confirmed = await c.service.query({ kind: 'communityPost', id: postId });
    expect(confirmed).toMatchObject({ id: postId, post_id: Number(rows[0]?.id), user_id: user.user.id, title: 'Embroidered kaftan', status: 'open' });
    expect((await c.service.query({ kind: 'communityPosts', mine: true })).data.map((p) => p.id)).toEqual([postId]);
  });

  it('an answer the server refuses rolls back: the response pending again and the post open', async () => {
    const owner = await registerUser(env.server.url);
    const created = await requestJson<{ data: { post_id: number; id: string } }>(
      env.server.url,
      'POST',
      '/api/v1/community/posts',
      { title: 'Silver fibula', description: 'A pair, Amazigh style', category: 'jewelry', budget_min: 300, budget_max: 900, client_ref: crypto.randomUUID() },
      authHeaders(owner.token),
    );
    expect(created.status).toBe(201);
    const responded = await requestJson<{ data: { id: string; response_id: number } }>(
      env.server.url,
      'POST',
      `/api/v1/seller/community/posts/${created.body.data.post_id}/respond`,
      { message: 'We make these by hand', price: 650, delivery_days: 10, client_ref: crypto.randomUUID() },
      authHeaders(seller.token),
    );
    expect(responded.status, JSON.stringify(responded.body)).toBe(201);
    const responseId = responded.body.data.id;

    // The seller's device sees its own response embedded; only the post's owner may answer it (403).
    const c = await start(seller.token);
    await waitFor(
      async () => (await c.service.query({ kind: 'communityPost', id: created.body.data.id }))?.responses.some((r) => r.id === responseId) === true,
      10_000,
      'post with the response pulled',
    );
    goOffline(c);
    const { entryId } = await c.service.answerResponse(responseId, 'accepted');
    const shown = await c.service.query({ kind: 'communityPost', id: created.body.data.id });
    expect(shown?.status).toBe('in_progress');
    expect(shown?.responses.find((r) => r.id === responseId)?.status).toBe('accepted');

    goOnline(c);
    await waitFor(async () => (await c.service.query({ kind: 'outbox' })).some((e) => e.id === entryId && e.state === 'failed'), 15_000, 'refused');
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.failure).toMatchObject({ status: 403 });
    const back = await c.service.query({ kind: 'communityPost', id: created.body.data.id });
    expect(back?.status).toBe('open');
    expect(back?.accepted_response_id).toBeNull();
    expect(back?.responses.find((r) => r.id === responseId)?.status).toBe('pending');
    const onServer = await requestJson<{ data: { status: string } }>(env.server.url, 'GET', `/api/v1/community/posts/${created.body.data.post_id}`);
    expect(onServer.body.data.status).toBe('open');
  });
});

describe('messages', () => {
  it('a message sent offline arrives once; the pull replaces the pending one under the same id', async () => {
    const user = await registerUser(env.server.url);
    const c = await start(user.token);
    goOffline(c);
    const { messageId, entryId } = await c.service.sendMessage({ shopId: seller.shopId, content: 'Salam, do you ship to Agadir?' });
    const pending = await c.service.query({ kind: 'messages', shopId: seller.shopId });
    expect(pending.data.map((m) => [m.id, m.local_state, m.message_id])).toEqual([[messageId, 'queued', 0]]);

    env.net.loseAnswerOf = (r) => r.url.pathname === '/api/messages';
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'message sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === '/api/messages');
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.state).toBe('done');
    const rows = await env.server.db.kysely.selectFrom('messages').select('id').where('client_ref', '=', messageId).execute();
    expect(rows).toHaveLength(1);

    await waitFor(
      async () => (await c.service.query({ kind: 'messages', shopId: seller.shopId })).data.every((m) => m.local_state === 'confirmed'),
      10_000,
      'message pulled',
    );
    const page = await c.service.query({ kind: 'messages', shopId: seller.shopId });
    expect(page.data.map((m) => [m.id, m.message_id, m.content])).toEqual([[messageId, Number(rows[0]?.id), 'Salam, do you ship to Agadir?']]);
    await waitFor(async () => (await c.service.query({ kind: 'conversations' })).some((cv) => cv.shop_id === seller.shopId), 10_000, 'conversation pulled');
  });
});
