/**
 * Conversations and messages as the wire and the personal pulls show them
 * (docs/COMMUNITY.md "Messages", src/domain/community-schemas.ts). A
 * conversation reads differently for its two sides: the buyer sees the shop's
 * name and logo and what the shop sent unread, the seller the buyer's name and
 * what the buyer sent unread.
 */
import type { Attachment, Conversation, Message } from '../../domain/community-schemas';
import type { ConversationsTable, MessagesTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import type { Selectable } from 'kysely';

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** Which side of a conversation someone reads it from. */
export type Side = 'buyer' | 'shop';

/** The (user, shop) pair of a conversation, by id. */
export interface ConversationParties {
  id: number;
  user_id: number;
  shop_id: number;
}

/** The document id of a message: its client ref, else its server id. */
export function messageDocId(row: Pick<MessageRow, 'id' | 'client_ref'>): string {
  return row.client_ref ?? String(row.id);
}

/** A user's display name: full name, else first + last, else username. */
export function displayName(user: { full_name_en: string; first_name: string; last_name: string; username: string }): string {
  const full = user.full_name_en.trim();
  if (full !== '') return full;
  const parts = `${user.first_name} ${user.last_name}`.trim();
  return parts !== '' ? parts : user.username;
}

/** Attachments (without their bytes) of these messages, by message id, in position order. */
async function attachmentsOf(tx: Tx, messageIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  const byMessage = new Map<number, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  for (let i = 0; i < messageIds.length; i += 500) {
    const rows = await tx
      .selectFrom('message_attachments')
      .select(['message_id', 'file', 'name', 'type', 'size'])
      .where('message_id', 'in', messageIds.slice(i, i + 500))
      .orderBy('message_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const list = byMessage.get(Number(r.message_id)) ?? [];
      list.push({ url: `/media/messages/${r.file}`, name: r.name, type: r.type, size: Number(r.size) });
      byMessage.set(Number(r.message_id), list);
    }
  }
  return byMessage;
}

/** Message rows as documents (their conversations' parties looked up when not given). */
export async function toMessageDocs(tx: Tx, rows: readonly MessageRow[], parties?: ReadonlyMap<number, ConversationParties>): Promise<Message[]> {
  if (rows.length === 0) return [];
  let known = parties;
  if (known === undefined) {
    const ids = [...new Set(rows.map((r) => Number(r.conversation_id)))];
    const found = await tx.selectFrom('conversations').select(['id', 'user_id', 'shop_id']).where('id', 'in', ids).execute();
    known = new Map(found.map((c) => [Number(c.id), { id: Number(c.id), user_id: Number(c.user_id), shop_id: Number(c.shop_id) }]));
  }
  const attachments = await attachmentsOf(
    tx,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const conv = known.get(Number(r.conversation_id));
    if (!conv) throw new Error(`message ${r.id} has no conversation`);
    return {
      id: messageDocId(r),
      message_id: Number(r.id),
      conversation_id: Number(r.conversation_id),
      shop_id: conv.shop_id,
      user_id: conv.user_id,
      sender: r.sender,
      sender_user_id: Number(r.sender_user_id),
      content: r.content,
      post_id: r.post_id === null ? null : Number(r.post_id),
      attachments: attachments.get(Number(r.id)) ?? [],
      created_at: Number(r.created_at),
      read_at: r.read_at === null ? null : Number(r.read_at),
      updatedAt: Number(r.updated_at),
    };
  });
}

/** Conversation rows as `viewerId` sees them (the buyer side when they are its user, else the shop side). */
export async function toConversationDocs(tx: Tx, rows: readonly ConversationRow[], viewerId: number): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const shopIds = [...new Set(rows.map((r) => Number(r.shop_id)))];
  const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
  const shops = await tx.selectFrom('shops').select(['id', 'name', 'logo']).where('id', 'in', shopIds).execute();
  const users = await tx.selectFrom('users').select(['id', 'full_name_en', 'first_name', 'last_name', 'username']).where('id', 'in', userIds).execute();
  const shopById = new Map(shops.map((s) => [Number(s.id), s]));
  const userById = new Map(users.map((u) => [Number(u.id), u]));
  return rows.map((r) => {
    const asBuyer = Number(r.user_id) === viewerId;
    const shop = shopById.get(Number(r.shop_id));
    const user = userById.get(Number(r.user_id));
    return {
      id: String(r.id),
      conversation_id: Number(r.id),
      user_id: Number(r.user_id),
      shop_id: Number(r.shop_id),
      name: asBuyer ? (shop?.name ?? '') : user ? displayName(user) : '',
      avatar: asBuyer ? (shop?.logo ?? '') : '',
      last_message: r.last_message,
      last_message_at: r.last_message_at === null ? null : Number(r.last_message_at),
      unread_count: Number(asBuyer ? r.buyer_unread : r.shop_unread),
      updatedAt: Number(r.updated_at),
    };
  });
}

/** The text a conversation shows for its newest message (≤120 characters). */
export function previewOf(content: string, attachments: readonly { name: string }[]): string | null {
  const text = content.trim();
  if (text !== '') return [...text].slice(0, 120).join('');
  const first = attachments[0];
  return first ? [...first.name].slice(0, 120).join('') : null;
}
