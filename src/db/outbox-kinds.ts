/**
 * How each kind of outbox entry undoes its optimistic write when the server refuses it (rollback), applies it
 * again when the buyer retries it (reapply), settles it from the server's answer when the server accepts it
 * (accepted: a message, a post, a booking, a seller's response, the owner's answer to one become the server's before the
 * pull brings them; the other kinds wait for the pull or the cart refresh) and clears what a refused one left when the user discards it
 * (dismiss: a refused post or message, kept 'failed' until then, goes; the other kinds rolled back already).
 * cart_merge changes nothing locally: the server's cart replaces the local one after it either way.
 */
import { acceptedBookingChange, dismissBookingChange, reapplyBookingChange, rollbackBookingChange } from './bookings';
import { reapplyCartChange, rollbackCartChange } from './cart';
import { acceptedCommunityChange, dismissCommunityChange, reapplyCommunityChange, rollbackCommunityChange } from './community';
import { acceptedResponseChange, reapplyResponseChange, rollbackResponseChange } from './community-responses';
import { reapplyFollowChange, rollbackFollowChange } from './follows';
import type { Accepted, Dismiss, Reapply, Rollback } from './outbox';
import type { OutboxKind } from './outbox-entry';
import { acceptedMessageChange, dismissMessageChange, reapplyMessageChange, rollbackMessageChange } from './messages';
import { reapplyOrderChange, rollbackOrderChange } from './orders';
import { acceptedDraft } from './seller-product-draft';
import { reapplyWishlistChange, rollbackWishlistChange } from './wishlist';

export interface KindHandlers {
  rollback: Rollback;
  reapply: Reapply;
  accepted: Accepted;
  dismiss: Dismiss;
}

/** Nothing to settle from the answer: the pull or the cart refresh brings the server's documents. */
const awaitPull: Accepted = (_db, entry) => Promise.resolve(entry.undo);
/** Nothing to clear when a refused entry is discarded. */
const leaveAlone: Dismiss = () => Promise.resolve();

const follow: KindHandlers = { rollback: rollbackFollowChange, reapply: reapplyFollowChange, accepted: awaitPull, dismiss: leaveAlone };
const cart: KindHandlers = { rollback: rollbackCartChange, reapply: reapplyCartChange, accepted: awaitPull, dismiss: leaveAlone };
const wishlist: KindHandlers = { rollback: rollbackWishlistChange, reapply: reapplyWishlistChange, accepted: awaitPull, dismiss: leaveAlone };
const orders: KindHandlers = { rollback: rollbackOrderChange, reapply: reapplyOrderChange, accepted: awaitPull, dismiss: leaveAlone };
const community: KindHandlers = {
  rollback: rollbackCommunityChange,
  reapply: reapplyCommunityChange,
  accepted: acceptedCommunityChange,
  dismiss: dismissCommunityChange,
};
const responses: KindHandlers = { rollback: rollbackResponseChange, reapply: reapplyResponseChange, accepted: acceptedResponseChange, dismiss: leaveAlone };
const messages: KindHandlers = { rollback: rollbackMessageChange, reapply: reapplyMessageChange, accepted: acceptedMessageChange, dismiss: dismissMessageChange };
const bookings: KindHandlers = { rollback: rollbackBookingChange, reapply: reapplyBookingChange, accepted: acceptedBookingChange, dismiss: dismissBookingChange };
const nothing: KindHandlers = { rollback: () => Promise.resolve(), reapply: (_db, entry) => Promise.resolve(entry.undo), accepted: awaitPull, dismiss: leaveAlone };

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
  booking_create: bookings,
  // Nothing local to undo: the seller's list reads the server's answer (src/app/seller).
  seller_stock: nothing,
  // Nothing local either: the seller's mirror shows them by laying the entries over it when read (seller-overlay.ts).
  seller_price: nothing,
  seller_order_status: nothing,
  // Nothing local either (the draft's photos, outbox-blobs.ts, are swept by the data service once it is settled);
  // an accepted draft keeps the new product's id.
  seller_product_create: { ...nothing, accepted: acceptedDraft },
};
