/**
 * Messages on the shop's side and from the chat socket, locally (docs/COMMUNITY.md "Messages"): a seller's message
 * to a buyer is queued for POST /api/v1/seller/messages and shown at once in that buyer's conversation (refused →
 * failed, retried → queued); the 'messages' query reads one conversation (the signed-in buyer's, or the shop's
 * with `userId`); a message from the socket is stored once, confirming a queued one, never replacing a newer one,
 * and only when it is the user's; opening a conversation zeroes its unread count.
 */
import { describe, expect, it } from 'vitest';
import { markConversationReadLocally, queueMessageSend, storeReceivedMessage } from '../../src/db/messages';
import { failEntry, retryEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { PERSONAL_OWNER_ID } from '../../src/db/personal-collections';
import { findConversations, findMessages, findUnreadCount } from '../../src/db/queries/community';
import { communityDatabases } from '../helpers/community-db';
import { conversation, message } from './support/community-fixtures';

const dbs = communityDatabases();

const SELLER = 9;
const SHOP = 3;
const BUYER = 7;

describe('message_send from the shop', () => {
  it('queues POST /api/v1/seller/messages and shows the message in that buyer\'s conversation; refused → failed; retried → queued', async () => {
    const db = await dbs.open();
    await db.conversations.insert(conversation(5, { shop_id: SHOP, user_id: BUYER }));
    const { message: sent, entry } = await queueMessageSend(db, { shopId: SHOP, toUserId: BUYER, content: ' Marhba, yes we ship ', postId: 12 }, SELLER, 1_700_000_000_500);
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/seller/messages', kind: 'message_send', target: sent.id, auth: 'user' });
    expect(JSON.parse(entry.body ?? '')).toEqual({ user_id: BUYER, content: 'Marhba, yes we ship', post_id: 12, client_ref: sent.id });
    expect(sent).toMatchObject({
      id: sent.id,
      message_id: 0,
      conversation_id: 5,
      shop_id: SHOP,
      user_id: BUYER,
      sender: 'shop',
      sender_user_id: SELLER,
      local_state: 'queued',
    });
    const thread = { kind: 'messages', shopId: SHOP, userId: BUYER } as const;
    expect((await findMessages(db, thread)).data.map((m) => [m.id, m.local_state])).toEqual([[sent.id, 'queued']]);

    await failEntry(db, entry, { status: 404, code: 'CONVERSATION_NOT_FOUND', message: 'Conversation not found' }, KIND_HANDLERS.message_send.rollback);
    expect((await findMessages(db, thread)).data.map((m) => m.local_state)).toEqual(['failed']);
    const again = await retryEntry(db, entry.id, (e) => KIND_HANDLERS[e.kind].reapply);
    expect(again).toMatchObject({ path: '/api/v1/seller/messages', body: entry.body });
    expect((await findMessages(db, thread)).data.map((m) => m.local_state)).toEqual(['queued']);
  });

  it('without a stored conversation the message waits for one (conversation_id 0); the buyer must be a user id', async () => {
    const db = await dbs.open();
    const { message: sent } = await queueMessageSend(db, { shopId: SHOP, toUserId: BUYER, content: 'Salam' }, SELLER);
    expect(sent.conversation_id).toBe(0);
    await expect(queueMessageSend(db, { shopId: SHOP, toUserId: 0, content: 'Salam' }, SELLER)).rejects.toThrow('Not a user id');
  });
});

describe('the messages query', () => {
  it('reads one conversation: the signed-in buyer\'s with the shop, or the shop\'s with `userId`', async () => {
    const db = await dbs.open();
    await db.messages.bulkInsert([
      message('m-buyer7-a', { shop_id: SHOP, user_id: BUYER, created_at: 10 }),
      message('m-buyer7-b', { shop_id: SHOP, user_id: BUYER, sender: 'shop', sender_user_id: SELLER, created_at: 20 }),
      message('m-buyer8-a', { shop_id: SHOP, user_id: 8, sender_user_id: 8, created_at: 15 }),
      message('m-othershop', { shop_id: 4, user_id: BUYER, created_at: 30 }),
    ]);
    // Nobody stored as the owner: every message with the shop (as before the shop's side existed).
    expect((await findMessages(db, { kind: 'messages', shopId: SHOP })).data.map((m) => m.id)).toEqual(['m-buyer7-a', 'm-buyer8-a', 'm-buyer7-b']);
    await db.upsertLocal(PERSONAL_OWNER_ID, { owner: `u${BUYER}`, heldUntil: null });
    expect((await findMessages(db, { kind: 'messages', shopId: SHOP })).data.map((m) => m.id)).toEqual(['m-buyer7-a', 'm-buyer7-b']);
    const shopSide = await findMessages(db, { kind: 'messages', shopId: SHOP, userId: 8 });
    expect(shopSide.data.map((m) => m.id)).toEqual(['m-buyer8-a']);
    expect(shopSide.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 });
    await expect(findMessages(db, { kind: 'messages', shopId: SHOP, userId: 0 })).rejects.toThrow(RangeError);
  });
});

describe('a message from the chat socket', () => {
  const fromSocket = (id: string, patch: Parameters<typeof message>[1] = {}) => {
    const { local_state: _l, ...wire } = message(id, { conversation_id: 5, shop_id: SHOP, user_id: BUYER, message_id: 70, created_at: 2_000, updatedAt: 2_001, ...patch });
    return wire;
  };

  it('confirms the queued message of the same id and moves the conversation\'s last message on', async () => {
    const db = await dbs.open();
    await db.conversations.insert(conversation(5, { shop_id: SHOP, user_id: BUYER, last_message: 'old', last_message_at: 1_000 }));
    const { message: queued } = await queueMessageSend(db, { shopId: SHOP, content: 'Is it in stock?' }, BUYER, 1_900);
    expect(await storeReceivedMessage(db, fromSocket(queued.id, { content: 'Is it in stock?' }), BUYER)).toBe(true);
    const all = await db.messages.find().exec();
    expect(all.map((m) => [m.id, m.message_id, m.local_state])).toEqual([[queued.id, 70, 'confirmed']]);
    expect((await findConversations(db))[0]).toMatchObject({ last_message: 'Is it in stock?', last_message_at: 2_000 });

    // An older copy (the same frame again, or one from before a read mark) changes nothing.
    const read = await db.messages.findOne(queued.id).exec();
    await read?.incrementalPatch({ read_at: 2_100, updatedAt: 2_100 });
    expect(await storeReceivedMessage(db, fromSocket(queued.id, { content: 'Is it in stock?' }), BUYER)).toBe(false);
    expect((await db.messages.findOne(queued.id).exec())?.read_at).toBe(2_100);
  });

  it('stores a new one for its buyer, its sender, or a stored conversation; ignores the rest; refuses what is not a message', async () => {
    const db = await dbs.open();
    expect(await storeReceivedMessage(db, fromSocket('m-to-buyer'), BUYER)).toBe(true);
    expect(await storeReceivedMessage(db, fromSocket('m-by-seller', { sender: 'shop', sender_user_id: SELLER }), SELLER)).toBe(true);
    expect(await storeReceivedMessage(db, fromSocket('m-not-mine', { conversation_id: 6, user_id: 30, sender_user_id: 30 }), BUYER)).toBe(false);
    await db.conversations.insert(conversation(6, { shop_id: SHOP, user_id: 30 }));
    expect(await storeReceivedMessage(db, fromSocket('m-my-shop', { conversation_id: 6, user_id: 30, sender_user_id: 30 }), SELLER)).toBe(true);
    expect(await storeReceivedMessage(db, fromSocket('m-signed-out', { conversation_id: 9 }), null)).toBe(false);
    expect((await db.messages.find().exec()).map((m) => m.id).sort()).toEqual(['m-by-seller', 'm-my-shop', 'm-to-buyer']);
    await expect(storeReceivedMessage(db, { ...fromSocket('m-bad'), sender: 'robot' }, BUYER)).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(storeReceivedMessage(db, null, BUYER)).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('opening a conversation', () => {
  it('zeroes its unread count at once', async () => {
    const db = await dbs.open();
    await db.conversations.bulkInsert([conversation(1, { unread_count: 2 }), conversation(2, { shop_id: 2, unread_count: 3 })]);
    await markConversationReadLocally(db, 2);
    expect(await findUnreadCount(db)).toEqual({ unread_count: 2 });
    expect((await findConversations(db)).find((c) => c.conversation_id === 2)?.unread_count).toBe(0);
    await markConversationReadLocally(db, 99);
    await expect(markConversationReadLocally(db, 0)).rejects.toThrow('Not a conversation id');
  });
});
