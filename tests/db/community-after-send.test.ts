/**
 * Between "sent" and the pull that brings the server's documents (no network, docs/COMMUNITY.md): the accepted
 * entry settles its local document from the server's answer (completeEntry with the kind's accepted hook: a
 * message and a post become the server's, 'confirmed'; the seller's response the server's, with its id), and a
 * done response or close stays shown over a post that a pull replaced before the entry went out, until the
 * stored post is the server's from after the write (its updatedAt at the server's stamp in the answer, or past
 * the entry's doneAt when the answer said nothing); the checks before queueing see that too.
 */
import { describe, expect, it } from 'vitest';
import { queuePostCreate } from '../../src/db/community';
import { queuePostClose, queueResponseCreate } from '../../src/db/community-responses';
import type { SoukDatabase } from '../../src/db/database';
import { queueMessageSend } from '../../src/db/messages';
import type { OutboxEntry } from '../../src/db/outbox';
import { findCommunityPost, findCommunityPosts, findConversations, findMessages } from '../../src/db/queries/community';
import type { RespondInput } from '../../src/workers/data-api';
import { acceptEntry, communityDatabases, OWNER, pullPost, SELLER, type PostPatch } from '../helpers/community-db';
import { communityPost, communityResponse, conversation, message } from './support/community-fixtures';

const dbs = communityDatabases();
const OFFER: RespondInput = { message: 'We embroider by hand', price: 1450, delivery_days: 12 };
const T_PULLED = 1_700_000_000_100;
const T_STAMP = 1_700_000_000_200;
const T_DONE = 1_700_000_000_300;

/** The server accepted the entry with this answer body. */
const accept = (d: SoukDatabase, entry: OutboxEntry, answer: unknown, now = T_DONE) => acceptEntry(d, entry, answer, now);
const withPost = (patch: PostPatch = {}) => dbs.withPost({ updatedAt: 1_700_000_000_001, ...patch });

describe('a response accepted before the pull brings it', () => {
  it('stays on a post a pull replaced before it went out, as the server answered it, and cannot be queued twice', async () => {
    const d = await withPost();
    const { response, entry } = await queueResponseCreate(d, '41', OFFER, SELLER);
    // Another shop answered meanwhile: the pull brings the post without ours.
    const theirs = communityResponse(70, { post_id: 41, shop_id: 4, seller_user_id: 30 });
    await pullPost(d, { responses: [], responses_count: 1, updatedAt: T_PULLED });
    const server = { ...response, response_id: 77, shop_id: 3, shop_name: 'Dar Nhas', shop_slug: 'dar-nhas', images: [], updatedAt: T_STAMP };
    await accept(d, entry, { success: true, message: 'Response sent', data: server });
    expect((await d.outbox.findOne(entry.id).exec())?.state).toBe('done');

    const shown = await findCommunityPost(d, 'p-aaaaaaaa');
    expect(shown?.responses).toEqual([server]);
    expect(shown?.responses_count).toBe(2);
    expect((await findCommunityPosts(d, { kind: 'communityPosts' })).data[0]?.responses.map((r) => r.response_id)).toEqual([77]);
    await expect(queueResponseCreate(d, '41', OFFER, SELLER)).rejects.toMatchObject({ code: 'RESPONSE_EXISTS' });

    // The post-send pull: as the server has it, once.
    await pullPost(d, { responses: [server], responses_count: 2, updatedAt: T_STAMP });
    expect((await findCommunityPost(d, 'p-aaaaaaaa'))?.responses.map((r) => r.id)).toEqual([response.id]);
    expect((await findCommunityPost(d, 'p-aaaaaaaa'))?.responses_count).toBe(2);
    // Later server states are shown as they are (the overlay stopped at the server's stamp).
    await pullPost(d, { responses: [theirs], responses_count: 1, updatedAt: T_STAMP + 1 });
    expect((await findCommunityPost(d, 'p-aaaaaaaa'))?.responses.map((r) => r.id)).toEqual([theirs.id]);
  });

  it("the stored post's optimistic response becomes the server's (no longer waiting)", async () => {
    const d = await withPost({ responses_count: 0 });
    const { response, entry } = await queueResponseCreate(d, '41', OFFER, SELLER);
    const server = { ...response, response_id: 78, shop_id: 3, updatedAt: T_STAMP };
    await accept(d, entry, { success: true, data: server });
    const stored = await d.community_posts.findOne('p-aaaaaaaa').exec();
    expect(stored?.responses).toEqual([server]);
    expect(stored?.responses_count).toBe(1);
    expect((await findCommunityPost(d, '41'))?.responses.map((r) => [r.id, r.response_id])).toEqual([[response.id, 78]]);
  });

  it('without a usable answer it stays shown until a pull newer than when it was accepted', async () => {
    const d = await withPost();
    const { response, entry } = await queueResponseCreate(d, '41', OFFER, SELLER);
    await pullPost(d, { responses: [], responses_count: 0, updatedAt: T_PULLED });
    await accept(d, entry, 'not the server');
    expect((await findCommunityPost(d, '41'))?.responses.map((r) => [r.id, r.response_id])).toEqual([[response.id, 0]]);
    await pullPost(d, { responses: [], responses_count: 0, updatedAt: T_DONE });
    expect((await findCommunityPost(d, '41'))?.responses.map((r) => r.id)).toEqual([response.id]);
    await pullPost(d, { responses: [], responses_count: 0, updatedAt: T_DONE + 1 });
    expect((await findCommunityPost(d, '41'))?.responses).toEqual([]);
  });
});

describe('a close accepted before the pull brings it', () => {
  it('keeps the post closed over a pull that replaced it before it went out; closing again is refused', async () => {
    const d = await withPost();
    const entry = await queuePostClose(d, '41', OWNER);
    await pullPost(d, { status: 'open', responses_count: 1, responses: [communityResponse(70, { post_id: 41 })], updatedAt: T_PULLED });
    await accept(d, entry, { success: true, data: communityPost('p-aaaaaaaa', { post_id: 41, user_id: OWNER, status: 'closed', responses_count: 1, updatedAt: T_STAMP }) });

    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');
    expect((await findCommunityPosts(d, { kind: 'communityPosts', status: 'open' })).data).toEqual([]);
    await expect(queuePostClose(d, '41', OWNER)).rejects.toMatchObject({ code: 'POST_ALREADY_CLOSED' });

    await pullPost(d, { status: 'closed', updatedAt: T_STAMP });
    expect((await findCommunityPost(d, '41'))?.status).toBe('closed');
  });
});

describe('a message accepted before the pull brings it', () => {
  it("is the server's message at once, confirmed, and moves its conversation on", async () => {
    const db = await dbs.open();
    await db.conversations.insert(conversation(5, { shop_id: 3, user_id: OWNER, last_message: 'Old', last_message_at: 1_700_000_000_000 }));
    const { message: sent, entry } = await queueMessageSend(db, { shopId: 3, content: 'Salam' }, OWNER, 1_700_000_000_050);
    const server = message(sent.id, { message_id: 55, conversation_id: 5, shop_id: 3, user_id: OWNER, sender_user_id: OWNER, content: 'Salam', created_at: T_STAMP, updatedAt: T_STAMP });
    const { local_state: _state, ...answer } = server;
    await accept(db, entry, { success: true, data: answer });
    expect((await findMessages(db, { kind: 'messages', shopId: 3 })).data).toEqual([server]);
    expect((await findConversations(db))[0]).toMatchObject({ last_message: 'Salam', last_message_at: T_STAMP });
  });

  it('never over a newer one (the socket or the pull came first), nor from an answer about another message', async () => {
    const db = await dbs.open();
    const { message: sent, entry } = await queueMessageSend(db, { shopId: 3, content: 'Salam' }, OWNER);
    const { message: other, entry: otherEntry } = await queueMessageSend(db, { shopId: 3, content: 'Again' }, OWNER);
    const read = message(sent.id, { message_id: 55, shop_id: 3, user_id: OWNER, read_at: T_DONE, updatedAt: T_DONE });
    await (await db.messages.findOne(sent.id).exec())?.incrementalModify(() => read);
    const { local_state: _state, ...older } = { ...read, read_at: null, updatedAt: T_STAMP };
    await accept(db, entry, { success: true, data: older });
    await accept(db, otherEntry, { success: true, data: older });
    expect((await findMessages(db, { kind: 'messages', shopId: 3 })).data.map((m) => [m.id, m.read_at, m.local_state])).toEqual([
      [sent.id, T_DONE, 'confirmed'],
      [other.id, null, 'queued'],
    ]);
  });
});

describe('a request accepted before the pull brings it', () => {
  it("is the server's post at once: confirmed, with its post id", async () => {
    const db = await dbs.open();
    const { post, entry } = await queuePostCreate(db, { title: 'Blue takchita', description: 'Sky blue', category: 'clothing', budget_min: 1000, budget_max: 2500 }, OWNER);
    const server = communityPost(post.id, { post_id: 93, user_id: OWNER, title: 'Blue takchita', description: 'Sky blue', updatedAt: T_STAMP });
    const { local_state: _state, ...answer } = server;
    await accept(db, entry, { success: true, message: 'Request posted', data: answer });
    expect(await findCommunityPost(db, '93')).toEqual(server);
  });
});
