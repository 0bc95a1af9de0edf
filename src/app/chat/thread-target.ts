/**
 * Which conversation a thread URL means (docs/COMMUNITY.md "Messages"): /community/messages/{senderId} is opened
 * from a notification (sender_id = the shop's id when the shop wrote, the buyer's user id when a buyer wrote to
 * the seller), from the conversations list, or from a shop's "Message the shop" link; `?as=shop` says the seller's
 * side. Pure logic over the local conversations, so it is tested without a browser.
 *
 * - Seller's side (the user sells for shop S): the conversation of S with buyer `senderId`, with `?as=shop` only
 *   (a shop id and a buyer's user id are both numbers: a seller who also buys from shop 9 may have a buyer #9
 *   writing to their shop, so the side is never guessed from what is stored). Pushes to the shop carry it.
 * - Buyer's side otherwise: the user's conversation with shop `senderId`, possibly not there yet (an empty thread
 *   whose first message creates it). A seller writing to their own shop is refused by the server: 'own-shop'.
 */
import type { Conversation } from '../../domain/community-schemas';
import { messageThreadPath } from '../routing/paths';
import type { PresenceKey } from './chat-store';

/** What the resolution needs of the signed-in user. */
export interface ChatUser {
  id: number;
  shop: { id: number } | null;
}

export type ThreadSide = 'buyer' | 'shop';

export interface ThreadRef {
  kind: 'thread';
  side: ThreadSide;
  /** The conversation's shop: the one written to (buyer's side) or the user's own (seller's side). */
  shopId: number;
  /** The conversation's buyer: the user (buyer's side) or the one written to (seller's side). */
  userId: number;
  /** The local conversation, null until its first message is stored. */
  conversation: Conversation | null;
}

export type ThreadTarget = { kind: 'invalid' } | { kind: 'own-shop'; shopId: number } | ThreadRef;

/** Ids are int4 on the server. */
const MAX_ID = 2_147_483_647;

/** A route parameter as an id: canonical positive digits (no sign, no leading zero), else null. */
export function parseSenderId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** The user's side of a local conversation: theirs as a buyer, or their shop's with another buyer. */
export function conversationSide(conversation: Conversation, user: Pick<ChatUser, 'id'>): ThreadSide {
  return conversation.user_id === user.id ? 'buyer' : 'shop';
}

/** Whose presence a conversation shows: the shop's (its seller's, buyer's side) or the buyer's (seller's side). */
export function presenceKeyOf(conversation: Conversation, user: Pick<ChatUser, 'id'>): PresenceKey {
  return conversationSide(conversation, user) === 'buyer' ? { shopId: conversation.shop_id } : { userId: conversation.user_id };
}

/** Where a conversation opens: the shop's id on the buyer's side, the buyer's id and ?as=shop on the seller's. */
export function conversationPath(conversation: Conversation, user: ChatUser): string {
  return conversationSide(conversation, user) === 'shop' ? messageThreadPath(conversation.user_id, true) : messageThreadPath(conversation.shop_id);
}

export function resolveThread(senderId: string, asShop: boolean, user: ChatUser, conversations: readonly Conversation[]): ThreadTarget {
  const id = parseSenderId(senderId);
  if (id === null) return { kind: 'invalid' };
  const myShop = user.shop?.id ?? null;
  if (asShop) {
    // ?as=shop without a shop of one's own, or naming oneself: no such conversation.
    if (myShop === null || id === user.id) return { kind: 'invalid' };
    const shopSide = conversations.find((c) => c.shop_id === myShop && c.user_id === id) ?? null;
    return { kind: 'thread', side: 'shop', shopId: myShop, userId: id, conversation: shopSide };
  }
  if (myShop !== null && id === myShop) return { kind: 'own-shop', shopId: id };
  const buyerSide = conversations.find((c) => c.user_id === user.id && c.shop_id === id) ?? null;
  return { kind: 'thread', side: 'buyer', shopId: id, userId: user.id, conversation: buyerSide };
}

/** Whether a message was written by the user's side of the thread (their own messages, or their shop's). */
export function isOwnMessage(message: { sender: 'buyer' | 'shop' }, side: ThreadSide): boolean {
  return message.sender === (side === 'buyer' ? 'buyer' : 'shop');
}
