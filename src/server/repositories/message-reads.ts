/**
 * Reading conversations and messages (docs/COMMUNITY.md "Messages"). Every
 * read is scoped by the caller in the query itself (the buyer's own user id,
 * the seller's own shop), so someone else's conversation is simply not found.
 */
import { sql, type SqlBool } from 'kysely';
import type { Conversation, Message } from '../../domain/community-schemas';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import { displayName, toConversationDocs, toMessageDocs, type ConversationRow, type Side } from './message-docs';

/** The live shop a seller owns, or null. */
export async function ownShopOf(tx: Tx, userId: number): Promise<number | null> {
  const row = await tx.selectFrom('shops').select('id').where('owner_user_id', '=', userId).where('deleted', '=', 0).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Conversations where `userId` is the buyer (side 'buyer') or the seller of the shop (side 'shop'), newest first. */
export async function listConversations(db: Database, userId: number, side: Side): Promise<Conversation[]> {
  let rows: ConversationRow[];
  if (side === 'buyer') {
    rows = await db.kysely.selectFrom('conversations').selectAll().where('user_id', '=', userId).orderBy('last_message_at', 'desc').orderBy('id', 'desc').execute();
  } else {
    const shopId = await ownShopOf(db.kysely, userId);
    if (shopId === null) return [];
    rows = await db.kysely.selectFrom('conversations').selectAll().where('shop_id', '=', shopId).orderBy('last_message_at', 'desc').orderBy('id', 'desc').execute();
  }
  // A seller never has a conversation with their own shop (refused when sending), so the viewer's id tells the side.
  return toConversationDocs(db.kysely, rows, userId);
}

/** The conversation of (buyer, shop), or null. */
export async function findConversation(db: Database, buyerId: number, shopId: number): Promise<ConversationRow | null> {
  return (await db.kysely.selectFrom('conversations').selectAll().where('user_id', '=', buyerId).where('shop_id', '=', shopId).executeTakeFirst()) ?? null;
}

/** A conversation by id with the side `userId` takes in it; null when they are in neither (or it does not exist). */
export async function conversationFor(db: Database, conversationId: number, userId: number): Promise<{ row: ConversationRow; side: Side; shopOwner: number | null } | null> {
  const row = await db.kysely
    .selectFrom('conversations')
    .innerJoin('shops', 'shops.id', 'conversations.shop_id')
    .selectAll('conversations')
    .select('shops.owner_user_id')
    .where('conversations.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) return null;
  const { owner_user_id: owner, ...conv } = row;
  const shopOwner = owner === null ? null : Number(owner);
  if (Number(conv.user_id) === userId) return { row: conv, side: 'buyer', shopOwner };
  if (shopOwner === userId) return { row: conv, side: 'shop', shopOwner };
  return null;
}

export interface MessagePage {
  messages: Message[];
  page: number;
  lastPage: number;
  total: number;
}

/** Page `page` of a conversation's messages (page 1 = the newest), oldest first within the page. */
export async function messagePage(db: Database, conversationId: number | null, q: { page: number; perPage: number; postId?: number }): Promise<MessagePage> {
  if (conversationId === null) return { messages: [], page: q.page, lastPage: 1, total: 0 };
  let base = db.kysely.selectFrom('messages').where('conversation_id', '=', conversationId);
  if (q.postId !== undefined) base = base.where('post_id', '=', q.postId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  const messages = await toMessageDocs(db.kysely, rows.reverse());
  return { messages, page: q.page, lastPage: Math.max(1, Math.ceil(total / q.perPage)), total };
}

/** The shop as a buyer's chat shows it: its id, name and logo, and its seller (for presence); null when gone. */
export async function shopParty(db: Database, shopId: number): Promise<{ id: number; name: string; avatar: string; ownerId: number | null } | null> {
  const shop = await db.kysely.selectFrom('shops').select(['id', 'name', 'logo', 'owner_user_id']).where('id', '=', shopId).where('deleted', '=', 0).executeTakeFirst();
  if (!shop) return null;
  return { id: Number(shop.id), name: shop.name, avatar: shop.logo, ownerId: shop.owner_user_id === null ? null : Number(shop.owner_user_id) };
}

/** A buyer as the seller's chat shows them. */
export async function userParty(db: Database, userId: number): Promise<{ id: number; name: string; avatar: string } | null> {
  const user = await db.kysely.selectFrom('users').select(['id', 'full_name_en', 'first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
  return user ? { id: Number(user.id), name: displayName(user), avatar: '' } : null;
}

/** Unread messages sent to `userId` (by shops to them, and by buyers to their shop). */
function unreadToMe(userId: number, shopId: number | null) {
  const fromShop = sql<SqlBool>`(${sql.ref('conversations.user_id')} = ${userId} and ${sql.ref('messages.sender')} = 'shop')`;
  return shopId === null ? fromShop : sql<SqlBool>`(${fromShop} or (${sql.ref('conversations.shop_id')} = ${shopId} and ${sql.ref('messages.sender')} = 'buyer'))`;
}

export interface UnreadSummary {
  unreadCount: number;
  newMessages: Message[];
}

/** How many messages to the user are unread, and the newest (≤ `limit`) of them created after `since`. */
export async function unreadSummary(db: Database, userId: number, since: number, limit: number): Promise<UnreadSummary> {
  const shopId = await ownShopOf(db.kysely, userId);
  const base = db.kysely
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .where('messages.read_at', 'is', null)
    .where(unreadToMe(userId, shopId));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('messages')
    .where('messages.created_at', '>', since)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .execute();
  return { unreadCount: Number(count?.n ?? 0), newMessages: await toMessageDocs(db.kysely, rows) };
}

/** An attachment's bytes and type by its stored name, or null. */
export async function findAttachment(db: Database, file: string): Promise<{ data: Buffer; type: string; name: string } | null> {
  const row = await db.kysely.selectFrom('message_attachments').select(['data', 'type', 'name']).where('file', '=', file).executeTakeFirst();
  return row ? { data: Buffer.from(row.data), type: row.type, name: row.name } : null;
}

/** One message document by its server id (the chat bus's events carry ids when the message is large). */
export async function messageById(db: Database, messageId: number): Promise<Message | null> {
  const row = await db.kysely.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
  if (!row) return null;
  const [doc] = await toMessageDocs(db.kysely, [row]);
  return doc ?? null;
}
