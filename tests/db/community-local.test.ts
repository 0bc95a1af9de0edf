/**
 * The local halves of the issue-6 writes (no network, docs/COMMUNITY.md): a post created offline is queued
 * (id = client ref, local_state queued) and refused → failed, retried → queued; an answer shows at once
 * (accepting moves the post to in_progress) and a refusal restores it; a message is queued with its pending
 * mark and a refusal leaves it failed, visible. The queries: posts filtered and paged (12 by default),
 * mine, one post, conversations and the unread count, messages with a shop (page 1 newest, oldest first).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CommunityError, queuePostCreate, queueResponseAnswer } from '../../src/db/community';
import { queueMessageSend } from '../../src/db/messages';
import type { SoukDatabase } from '../../src/db/database';
import { failEntry, retryEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { PERSONAL_OWNER_ID } from '../../src/db/personal-collections';
import { findCommunityPost, findCommunityPosts, findConversations, findMessages, findUnreadCount } from '../../src/db/queries/community';
import type { NewPostInput } from '../../src/workers/data-api';
import { communityPost, communityResponse, conversation, message } from './support/community-fixtures';
import { openTestDatabase } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const INPUT: NewPostInput = { title: ' Blue takchita ', description: 'Sky blue, silver embroidery', category: 'clothing', budget_min: 1000, budget_max: 2500.5 };
const refusal = { status: 422, code: 'VALIDATION', message: 'Title is required' };
const outboxState = async (d: SoukDatabase, id: string) => (await d.outbox.findOne(id).exec())?.state;

describe('post_create', () => {
  it('queues the post under its client ref; refused → failed (kept); retried → queued, same body', async () => {
    db = await openTestDatabase();
    const { post, entry } = await queuePostCreate(db, INPUT, 7, 1_700_000_000_000);
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/community/posts', kind: 'post_create', target: post.id, auth: 'user' });
    expect(JSON.parse(entry.body ?? '')).toMatchObject({ title: 'Blue takchita', category: 'clothing', budget_min: 1000, budget_max: 2500.5, client_ref: post.id });
    expect(await findCommunityPost(db, post.id)).toMatchObject({ id: post.id, post_id: 0, user_id: 7, status: 'open', local_state: 'queued' });

    await failEntry(db, entry, refusal, KIND_HANDLERS.post_create.rollback);
    expect(await outboxState(db, entry.id)).toBe('failed');
    expect((await findCommunityPost(db, post.id))?.local_state).toBe('failed');

    const again = await retryEntry(db, entry.id, (e) => KIND_HANDLERS[e.kind].reapply);
    expect(again.body).toBe(entry.body);
    expect((await findCommunityPost(db, post.id))?.local_state).toBe('queued');
  });

  it('refuses an obviously invalid post before queueing (the contract\'s texts)', async () => {
    db = await openTestDatabase();
    await expect(queuePostCreate(db, { ...INPUT, title: '  ' }, 7)).rejects.toThrow('Title is required');
    await expect(queuePostCreate(db, { ...INPUT, budget_max: 10 }, 7)).rejects.toThrow('The budget range is not valid.');
    await expect(queuePostCreate(db, { ...INPUT, description: '' }, 7)).rejects.toBeInstanceOf(CommunityError);
    expect(await db.outbox.count().exec()).toBe(0);
  });
});

describe('response_answer', () => {
  it('accepting shows at once (response accepted, post in_progress); a refusal restores both', async () => {
    db = await openTestDatabase();
    await db.community_posts.insert(communityPost('p-aaaaaaaa', { responses: [communityResponse(31), communityResponse(32)], responses_count: 2 }));
    const entry = await queueResponseAnswer(db, 'r-31-ref', 'accepted');
    expect(entry).toMatchObject({ method: 'PATCH', path: '/api/v1/community/responses/31', body: '{"status":"accepted"}', target: 'r-31-ref' });
    const shown = await findCommunityPost(db, 'p-aaaaaaaa');
    expect(shown?.status).toBe('in_progress');
    expect(shown?.accepted_response_id).toBe(31);
    expect(shown?.responses.map((r) => r.status)).toEqual(['accepted', 'pending']);

    await failEntry(db, entry, { status: 403, code: 'FORBIDDEN', message: 'Forbidden' }, KIND_HANDLERS.response_answer.rollback);
    const back = await findCommunityPost(db, 'p-aaaaaaaa');
    expect(back?.status).toBe('open');
    expect(back?.accepted_response_id).toBeNull();
    expect(back?.responses.map((r) => r.status)).toEqual(['pending', 'pending']);

    // By response_id too; an answered response is refused before anything is queued.
    await queueResponseAnswer(db, '32', 'rejected');
    expect((await findCommunityPost(db, 'p-aaaaaaaa'))?.responses.map((r) => r.status)).toEqual(['pending', 'rejected']);
    await expect(queueResponseAnswer(db, '32', 'accepted')).rejects.toMatchObject({ code: 'RESPONSE_NOT_PENDING' });
    await expect(queueResponseAnswer(db, '99', 'accepted')).rejects.toMatchObject({ code: 'RESPONSE_NOT_FOUND' });
  });
});

describe('message_send', () => {
  it('queues the message (pending mark, the known conversation); refused → failed and still listed', async () => {
    db = await openTestDatabase();
    await db.conversations.insert(conversation(5, { shop_id: 3, user_id: 7 }));
    const { message: sent, entry } = await queueMessageSend(db, { shopId: 3, content: ' Salam ', postId: 12 }, 7, 1_700_000_000_500);
    expect(JSON.parse(entry.body ?? '')).toEqual({ shop_id: 3, content: 'Salam', post_id: 12, client_ref: sent.id });
    expect(sent).toMatchObject({ conversation_id: 5, message_id: 0, sender: 'buyer', user_id: 7, local_state: 'queued' });
    await failEntry(db, entry, { status: 422, code: 'VALIDATION', message: 'x' }, KIND_HANDLERS.message_send.rollback);
    expect((await findMessages(db, { kind: 'messages', shopId: 3 })).data.map((m) => [m.id, m.local_state])).toEqual([[sent.id, 'failed']]);
    await expect(queueMessageSend(db, { shopId: 3, content: '  ' }, 7)).rejects.toBeInstanceOf(CommunityError);
  });
});

describe('queries', () => {
  it('posts: newest first, filters, search, mine, pages of 12', async () => {
    db = await openTestDatabase();
    await db.community_posts.bulkInsert(
      Array.from({ length: 15 }, (_, i) =>
        communityPost(`p-${String(i).padStart(8, '0')}`, {
          post_id: i + 1,
          user_id: i % 3 === 0 ? 7 : 8,
          status: i === 1 ? 'closed' : 'open',
          category: i === 2 ? 'shoes' : 'clothing',
          title: i === 4 ? 'Leather babouches' : 'Caftan',
          created_at: 1_700_000_000_000 + i,
        }),
      ),
    );
    const first = await findCommunityPosts(db, { kind: 'communityPosts' });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 12, total: 15 });
    expect(first.data[0]?.post_id).toBe(15);
    expect((await findCommunityPosts(db, { kind: 'communityPosts', page: 2 })).data).toHaveLength(3);
    expect((await findCommunityPosts(db, { kind: 'communityPosts', status: 'closed' })).data.map((p) => p.post_id)).toEqual([2]);
    expect((await findCommunityPosts(db, { kind: 'communityPosts', category: 'shoes' })).data.map((p) => p.post_id)).toEqual([3]);
    expect((await findCommunityPosts(db, { kind: 'communityPosts', search: 'BABOUCH' })).data.map((p) => p.post_id)).toEqual([5]);
    // mine: nobody is stored as the owner yet, then u7.
    expect((await findCommunityPosts(db, { kind: 'communityPosts', mine: true })).meta.total).toBe(0);
    await db.upsertLocal(PERSONAL_OWNER_ID, { owner: 'u7', heldUntil: null });
    expect((await findCommunityPosts(db, { kind: 'communityPosts', mine: true })).data.map((p) => p.post_id)).toEqual([13, 10, 7, 4, 1]);
    expect((await findCommunityPost(db, '4'))?.id).toBe('p-00000003');
    await expect(findCommunityPosts(db, { kind: 'communityPosts', perPage: 51 })).rejects.toThrow(RangeError);
  });

  it('conversations (most recent first), the unread count, messages (page 1 newest, oldest first within)', async () => {
    db = await openTestDatabase();
    await db.conversations.bulkInsert([
      conversation(1, { shop_id: 1, unread_count: 2, last_message_at: 10 }),
      conversation(2, { shop_id: 2, unread_count: 3, last_message_at: 20 }),
    ]);
    expect((await findConversations(db)).map((c) => c.conversation_id)).toEqual([2, 1]);
    expect(await findUnreadCount(db)).toEqual({ unread_count: 5 });
    await db.messages.bulkInsert(
      Array.from({ length: 25 }, (_, i) => message(`m-${String(i).padStart(8, '0')}`, { message_id: i + 1, created_at: 1000 + i })),
    );
    await db.messages.insert(message('m-other-shop', { shop_id: 2, message_id: 99 }));
    const page1 = await findMessages(db, { kind: 'messages', shopId: 1 });
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(page1.data.map((m) => m.message_id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect((await findMessages(db, { kind: 'messages', shopId: 1, page: 2 })).data.map((m) => m.message_id)).toEqual([1, 2, 3, 4, 5]);
  });
});
