/**
 * Discarding a refused write in the sync centre (dismissEntry with each kind's dismiss hook): a refused message
 * and a refused request leave with their entry, instead of staying 'failed' with no reason and no Retry (no pull
 * ever removes them: the server never had them). A document the server has (confirmed) is never removed, a done
 * entry's document stays, a pending entry is not dismissed, and the other kinds' documents are left alone.
 */
import { describe, expect, it } from 'vitest';
import { queuePostCreate } from '../../src/db/community';
import { queuePostClose, queueResponseCreate } from '../../src/db/community-responses';
import type { SoukDatabase } from '../../src/db/database';
import { queueMessageSend } from '../../src/db/messages';
import { completeEntry, dismissEntry, failEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { findCommunityPost, findMessages } from '../../src/db/queries/community';
import type { NewPostInput } from '../../src/workers/data-api';
import { communityDatabases } from '../helpers/community-db';
import { communityPost } from './support/community-fixtures';

const dbs = communityDatabases();

const BUYER = 7;
const SHOP = 3;
const POST: NewPostInput = { title: 'Blue takchita', description: 'Sky blue, silver embroidery', category: 'clothing', budget_min: 1000, budget_max: 2500 };
const dismiss = (d: SoukDatabase, id: string) => dismissEntry(d, id, (e) => KIND_HANDLERS[e.kind].dismiss);
const thread = { kind: 'messages', shopId: SHOP, userId: BUYER } as const;

describe('discarding a refused write', () => {
  it('a refused message leaves the thread with its entry', async () => {
    const db = await dbs.open();
    const { entry } = await queueMessageSend(db, { shopId: SHOP, content: 'Salam' }, BUYER);
    const { message: kept } = await queueMessageSend(db, { shopId: SHOP, content: 'Still here' }, BUYER);
    await failEntry(db, entry, { status: 404, code: 'SHOP_NOT_FOUND', message: 'Shop not found' }, KIND_HANDLERS.message_send.rollback);
    expect((await findMessages(db, thread)).data.map((m) => m.local_state)).toEqual(['failed', 'queued']);

    await dismiss(db, entry.id);
    expect(await db.outbox.findOne(entry.id).exec()).toBeNull();
    expect((await findMessages(db, thread)).data.map((m) => [m.id, m.local_state])).toEqual([[kept.id, 'queued']]);
  });

  it('a refused request leaves the list with its entry', async () => {
    const db = await dbs.open();
    const { post, entry } = await queuePostCreate(db, POST, BUYER);
    await failEntry(db, entry, { status: 422, code: 'VALIDATION', message: 'Title is required' }, KIND_HANDLERS.post_create.rollback);
    expect((await findCommunityPost(db, post.id))?.local_state).toBe('failed');

    await dismiss(db, entry.id);
    expect(await db.outbox.findOne(entry.id).exec()).toBeNull();
    expect(await findCommunityPost(db, post.id)).toBeNull();
    expect(await db.community_posts.count().exec()).toBe(0);
  });

  it('never removes what the server has: a confirmed document under the same id stays', async () => {
    const db = await dbs.open();
    const { post, entry } = await queuePostCreate(db, POST, BUYER);
    const { message: sent, entry: messageEntry } = await queueMessageSend(db, { shopId: SHOP, content: 'Salam' }, BUYER);
    await failEntry(db, entry, { status: 422, code: 'CLIENT_REF_TAKEN', message: 'This reference is already used.' }, KIND_HANDLERS.post_create.rollback);
    await failEntry(db, messageEntry, { status: 422, code: 'CLIENT_REF_TAKEN', message: 'This reference is already used.' }, KIND_HANDLERS.message_send.rollback);
    // The pulls then brought the server's documents under those ids.
    await (await db.community_posts.findOne(post.id).exec())?.incrementalPatch({ post_id: 90, user_id: 12, local_state: 'confirmed', updatedAt: 1_700_000_000_100 });
    await (await db.messages.findOne(sent.id).exec())?.incrementalPatch({ message_id: 91, local_state: 'confirmed', updatedAt: 1_700_000_000_100 });

    await dismiss(db, entry.id);
    await dismiss(db, messageEntry.id);
    expect(await db.outbox.count().exec()).toBe(0);
    expect(await findCommunityPost(db, post.id)).toMatchObject({ post_id: 90, local_state: 'confirmed' });
    expect((await findMessages(db, thread)).data.map((m) => [m.id, m.local_state])).toEqual([[sent.id, 'confirmed']]);
  });

  it('a done entry dismissed leaves its document; a pending one is not dismissed', async () => {
    const db = await dbs.open();
    const { message: done, entry: doneEntry } = await queueMessageSend(db, { shopId: SHOP, content: 'Sent' }, BUYER, 1_700_000_000_000);
    const { message: waiting, entry: waitingEntry } = await queueMessageSend(db, { shopId: SHOP, content: 'Waiting' }, BUYER, 1_700_000_000_001);
    await completeEntry(db, doneEntry.id);
    await dismiss(db, doneEntry.id);
    await dismiss(db, waitingEntry.id);
    expect((await db.outbox.find().exec()).map((e) => [e.id, e.state])).toEqual([[waitingEntry.id, 'pending']]);
    expect((await findMessages(db, thread)).data.map((m) => m.id)).toEqual([done.id, waiting.id]);
  });

  it('the other kinds leave their documents alone (their refusal was rolled back already)', async () => {
    const db = await dbs.open();
    await db.community_posts.insert(communityPost('p-aaaaaaaa', { post_id: 41, user_id: BUYER }));
    await db.community_posts.insert(communityPost('p-bbbbbbbb', { post_id: 42, user_id: 5 }));
    const close = await queuePostClose(db, '41', BUYER);
    const { entry: respond } = await queueResponseCreate(db, '42', { message: 'We can', price: 100, delivery_days: 3 }, BUYER);
    await failEntry(db, close, { status: 422, code: 'POST_ALREADY_CLOSED', message: 'x' }, KIND_HANDLERS.post_close.rollback);
    await failEntry(db, respond, { status: 403, code: 'SELLER_NOT_VERIFIED', message: 'x' }, KIND_HANDLERS.response_create.rollback);
    await dismiss(db, close.id);
    await dismiss(db, respond.id);
    expect(await db.outbox.count().exec()).toBe(0);
    expect((await db.community_posts.find().exec()).map((p) => [p.id, p.status, p.responses.length])).toEqual([
      ['p-aaaaaaaa', 'open', 0],
      ['p-bbbbbbbb', 'open', 0],
    ]);
  });
});
