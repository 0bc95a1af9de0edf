/**
 * How each kind of outbox entry undoes its optimistic write when the server refuses it (rollback) and
 * applies it again when the buyer retries it (reapply). cart_merge changes nothing locally: the server's
 * cart replaces the local one after it either way.
 */
import { reapplyCartChange, rollbackCartChange } from './cart';
import { reapplyCommunityChange, rollbackCommunityChange } from './community';
import { reapplyResponseChange, rollbackResponseChange } from './community-responses';
import { reapplyFollowChange, rollbackFollowChange } from './follows';
import type { Reapply, Rollback } from './outbox';
import type { OutboxKind } from './outbox-entry';
import { reapplyMessageChange, rollbackMessageChange } from './messages';
import { reapplyOrderChange, rollbackOrderChange } from './orders';
import { reapplyWishlistChange, rollbackWishlistChange } from './wishlist';

export interface KindHandlers {
  rollback: Rollback;
  reapply: Reapply;
}

const follow: KindHandlers = { rollback: rollbackFollowChange, reapply: reapplyFollowChange };
const cart: KindHandlers = { rollback: rollbackCartChange, reapply: reapplyCartChange };
const wishlist: KindHandlers = { rollback: rollbackWishlistChange, reapply: reapplyWishlistChange };
const orders: KindHandlers = { rollback: rollbackOrderChange, reapply: reapplyOrderChange };
const community: KindHandlers = { rollback: rollbackCommunityChange, reapply: reapplyCommunityChange };
const responses: KindHandlers = { rollback: rollbackResponseChange, reapply: reapplyResponseChange };
const messages: KindHandlers = { rollback: rollbackMessageChange, reapply: reapplyMessageChange };
const nothing: KindHandlers = { rollback: () => Promise.resolve(), reapply: (_db, entry) => Promise.resolve(entry.undo) };

export const KIND_HANDLERS: Record<OutboxKind, KindHandlers> = {
  follow,
  unfollow: follow,
  cart_add: cart,
  cart_set: cart,
  cart_remove: cart,
  cart_clear: cart,
  coupon_apply: cart,
  coupon_remove: cart,
  cart_merge: nothing,
  wishlist_add: wishlist,
  wishlist_update: wishlist,
  wishlist_remove: wishlist,
  order_place: orders,
  order_cancel: orders,
  post_create: community,
  response_answer: community,
  message_send: messages,
  response_create: responses,
  post_close: responses,
};
