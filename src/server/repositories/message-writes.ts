/**
 * Message writes (docs/COMMUNITY.md "Messages"): sending one (REST or the chat
 * socket; the same function) and marking a conversation read. Each runs in ONE
 * write transaction that also holds the messaging lock (PostgreSQL: an
 * advisory lock; SQLite: BEGIN IMMEDIATE is the lock already), so the two
 * clocks below hand out updated_at values in commit order, strictly increasing
 * per table, as the personal pulls need. Pokes go out after COMMIT to both
 * participants (the buyer and the shop's seller).
 *
 * A message carries the sender's client_ref (its document id in both
 * replicas): a retry (a new Idempotency-Key, or the socket after REST)
 * answers the first message and sends nothing again. It is unique across
 * senders: another sender's is 'client_ref_taken', also when two sends race.
 */
import { sql } from 'kysely';
import type { Message } from '../../domain/community-schemas';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { writeTransaction, type Tx } from '../db/write-transaction';
import { displayName, previewOf, toMessageDocs, type ConversationRow, type Side } from './message-docs';
import { isUniqueViolation } from './users';

/** PostgreSQL advisory lock of the messaging tables (write-transaction.ts keeps 7_310_001…). */
const MESSAGING_LOCK_KEY = 7_310_012;

export async function messagingTransaction<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return writeTransaction(db, [], async (tx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${MESSAGING_LOCK_KEY})`.execute(tx);
    return fn(tx);
  });
}

/** max(now, last + 1), strictly increasing per table while the messaging lock is held. */
async function clock(tx: Tx, table: 'conversations' | 'messages', now: number): Promise<() => number> {
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('updated_at').as('last'))
    .executeTakeFirst();
  let cursor = Math.max(now, row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1);
  return () => cursor++;
}

export interface NewAttachment {
  /** Random stored name with its extension (e.g. 3f…a9.png). */
  file: string;
  name: string;
  type: string;
  data: Buffer;
}

/** Who sends: a buyer to a shop, or a shop's seller to a buyer who wrote to the shop before. */
export type MessageSender = { side: 'buyer'; userId: number; shopId: number } | { side: 'shop'; userId: number; buyerId: number };

export interface SendMessageInput {
  sender: MessageSender;
  content: string;
  postId: number | null;
  clientRef: string | null;
  attachments: readonly NewAttachment[];
  now: number;
}

/** What a delivered message tells the other side (push) and the sockets (the conversation's room). */
export interface MessageNotice {
  /** The other participant (null: a shop without a seller account). */
  recipientUserId: number | null;
  /** The buyer's user id, or the shop's id when the shop sent: where the recipient's chat opens. */
  senderId: number;
  senderName: string;
}

export type SendMessageOutcome =
  | { kind: 'created'; message: Message; notice: MessageNotice }
  | { kind: 'existing'; message: Message }
  | { kind: 'client_ref_taken' }
  | { kind: 'shop_not_found' }
  | { kind: 'own_shop' }
  | { kind: 'conversation_not_found' };

/** The seller (owner) of a shop, or null. */
async function shopOwner(tx: Tx, shopId: number): Promise<number | null> {
  const row = await tx.selectFrom('shops').select('owner_user_id').where('id', '=', shopId).executeTakeFirst();
  return row?.owner_user_id === null || row?.owner_user_id === undefined ? null : Number(row.owner_user_id);
}

/** The pokes of both participants for a write to a conversation and (optionally) a message. */
function pokes(conv: ConversationRow, owner: number | null, convUpdatedAt: number, messageCheckpoint: { updatedAt: number; id: string } | null): CollectionChange[] {
  const changes: CollectionChange[] = [];
  for (const userId of new Set([Number(conv.user_id), ...(owner === null ? [] : [owner])])) {
    changes.push({ collection: 'conversations', userId, checkpoint: { updatedAt: convUpdatedAt, id: String(conv.id) } });
    if (messageCheckpoint) changes.push({ collection: 'messages', userId, checkpoint: messageCheckpoint });
  }
  return changes;
}

/** The message already holding `clientRef`: the sender's first one, or taken by another sender; null: free. */
async function messageByClientRef(tx: Tx, senderId: number, clientRef: string): Promise<SendMessageOutcome | null> {
  const existing = await tx.selectFrom('messages').selectAll().where('client_ref', '=', clientRef).executeTakeFirst();
  if (!existing) return null;
  if (Number(existing.sender_user_id) !== senderId) return { kind: 'client_ref_taken' };
  const [message] = await toMessageDocs(tx, [existing]);
  return message ? { kind: 'existing', message } : null;
}

export async function sendMessage(db: Database, input: SendMessageInput): Promise<SendMessageOutcome> {
  try {
    return await sendMessageOnce(db, input);
  } catch (error) {
    // A concurrent send with the same client_ref committed first: answer as if it had been seen.
    if (input.clientRef === null || !isUniqueViolation(error, 'client_ref')) throw error;
    const clientRef = input.clientRef;
    const found = await messagingTransaction(db, (tx) => messageByClientRef(tx, input.sender.userId, clientRef));
    if (found === null) throw error;
    return found;
  }
}

async function sendMessageOnce(db: Database, input: SendMessageInput): Promise<SendMessageOutcome> {
  const { sender, now } = input;
  const changes: CollectionChange[] = [];
  const outcome = await messagingTransaction(db, async (tx): Promise<SendMessageOutcome> => {
    if (input.clientRef !== null) {
      const found = await messageByClientRef(tx, sender.userId, input.clientRef);
      if (found !== null) return found;
    }

    let conv: ConversationRow | undefined;
    if (sender.side === 'buyer') {
      const shop = await tx.selectFrom('shops').select(['id', 'owner_user_id']).where('id', '=', sender.shopId).where('deleted', '=', 0).executeTakeFirst();
      if (!shop) return { kind: 'shop_not_found' };
      if (shop.owner_user_id !== null && Number(shop.owner_user_id) === sender.userId) return { kind: 'own_shop' };
      conv = await tx.selectFrom('conversations').selectAll().where('user_id', '=', sender.userId).where('shop_id', '=', sender.shopId).executeTakeFirst();
    } else {
      const shop = await tx.selectFrom('shops').select('id').where('owner_user_id', '=', sender.userId).where('deleted', '=', 0).executeTakeFirst();
      if (!shop) return { kind: 'conversation_not_found' };
      conv = await tx.selectFrom('conversations').selectAll().where('user_id', '=', sender.buyerId).where('shop_id', '=', Number(shop.id)).executeTakeFirst();
      if (!conv) return { kind: 'conversation_not_found' };
    }

    const nextConv = await clock(tx, 'conversations', now);
    const nextMessage = await clock(tx, 'messages', now);
    if (!conv) {
      const made = await tx
        .insertInto('conversations')
        .values({
          user_id: sender.userId,
          shop_id: sender.side === 'buyer' ? sender.shopId : 0,
          last_message: null,
          last_message_at: null,
          buyer_unread: 0,
          shop_unread: 0,
          created_at: now,
          updated_at: nextConv(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      conv = await tx.selectFrom('conversations').selectAll().where('id', '=', Number(made.id)).executeTakeFirstOrThrow();
    }
    const conversationId = Number(conv.id);
    const messageUpdatedAt = nextMessage();
    const inserted = await tx
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender: sender.side,
        sender_user_id: sender.userId,
        client_ref: input.clientRef,
        content: input.content,
        post_id: input.postId,
        created_at: now,
        read_at: null,
        updated_at: messageUpdatedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageId = Number(inserted.id);
    if (input.attachments.length > 0) {
      await tx
        .insertInto('message_attachments')
        .values(input.attachments.map((a, position) => ({ message_id: messageId, position, file: a.file, name: a.name, type: a.type, size: a.data.length, data: a.data, created_at: now })))
        .execute();
    }
    const convUpdatedAt = nextConv();
    await tx
      .updateTable('conversations')
      .set((eb) => ({
        last_message: previewOf(input.content, input.attachments),
        last_message_at: now,
        updated_at: convUpdatedAt,
        ...(sender.side === 'buyer' ? { shop_unread: eb('shop_unread', '+', 1) } : { buyer_unread: eb('buyer_unread', '+', 1) }),
      }))
      .where('id', '=', conversationId)
      .execute();

    const row = await tx.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
    const [message] = await toMessageDocs(tx, [row], new Map([[conversationId, { id: conversationId, user_id: Number(conv.user_id), shop_id: Number(conv.shop_id) }]]));
    if (!message) throw new Error('the new message vanished inside its own transaction');
    const owner = await shopOwner(tx, Number(conv.shop_id));
    changes.push(...pokes(conv, owner, convUpdatedAt, { updatedAt: messageUpdatedAt, id: message.id }));

    let notice: MessageNotice;
    if (sender.side === 'buyer') {
      const me = await tx.selectFrom('users').select(['full_name_en', 'first_name', 'last_name', 'username']).where('id', '=', sender.userId).executeTakeFirst();
      notice = { recipientUserId: owner, senderId: sender.userId, senderName: me ? displayName(me) : '' };
    } else {
      const shop = await tx.selectFrom('shops').select('name').where('id', '=', Number(conv.shop_id)).executeTakeFirst();
      notice = { recipientUserId: Number(conv.user_id), senderId: Number(conv.shop_id), senderName: shop?.name ?? '' };
    }
    return { kind: 'created', message, notice };
  });
  if (outcome.kind === 'created') for (const change of changes) db.changes.publish(change);
  return outcome;
}

/**
 * Marks what the other side sent in the conversation as read by `side` (each message gets read_at and a new
 * updated_at; the conversation's unread count of that side drops to 0). Nothing to mark: nothing written.
 */
export async function markConversationRead(db: Database, conversationId: number, side: Side, now: number): Promise<number> {
  const changes: CollectionChange[] = [];
  const marked = await messagingTransaction(db, async (tx) => {
    const conv = await tx.selectFrom('conversations').selectAll().where('id', '=', conversationId).executeTakeFirst();
    if (!conv) return 0;
    const unread = await tx
      .selectFrom('messages')
      .select(['id', 'client_ref'])
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', side === 'buyer' ? 'shop' : 'buyer')
      .where('read_at', 'is', null)
      .orderBy('id')
      .execute();
    const counter = side === 'buyer' ? Number(conv.buyer_unread) : Number(conv.shop_unread);
    if (unread.length === 0 && counter === 0) return 0;
    const nextMessage = await clock(tx, 'messages', now);
    let last: { updatedAt: number; id: string } | null = null;
    for (const m of unread) {
      const updatedAt = nextMessage();
      await tx.updateTable('messages').set({ read_at: now, updated_at: updatedAt }).where('id', '=', Number(m.id)).execute();
      last = { updatedAt, id: m.client_ref ?? String(m.id) };
    }
    const convUpdatedAt = (await clock(tx, 'conversations', now))();
    await tx
      .updateTable('conversations')
      .set({ ...(side === 'buyer' ? { buyer_unread: 0 } : { shop_unread: 0 }), updated_at: convUpdatedAt })
      .where('id', '=', conversationId)
      .execute();
    changes.push(...pokes(conv, await shopOwner(tx, Number(conv.shop_id)), convUpdatedAt, last));
    return unread.length;
  });
  for (const change of changes) db.changes.publish(change);
  return marked;
}
