/**
 * A queued write the server refused (outbox entry `failure`: status, code, message) in the user's language:
 * the code is translated (docs/COMMERCE.md error table); STOCK_EXCEEDED's numbers are read back from the
 * server's English text; an unknown code falls back to the spec's text for that kind of write.
 */
import { MAX_CART_LINES } from '../../domain/commerce';
import type { OutboxFailure, OutboxKind } from '../../workers/data-api';
import { message, type CommerceMessage, type MessageKey } from './commerce-message';

const BY_CODE: Partial<Record<string, MessageKey>> = {
  OUT_OF_STOCK: 'outOfStock',
  QUANTITY_EXCEEDS_STOCK: 'quantityExceedsStock',
  QUANTITY_MIN: 'quantityMin',
  INVALID_PRODUCT_ID: 'invalidProduct',
  STOCK_OR_VARIANT_REQUIRED: 'selectOptions',
  PRODUCT_NOT_FOUND: 'productNotFound',
  VARIANT_NOT_FOUND: 'variantNotFound',
  CART_ITEM_NOT_FOUND: 'itemNotFound',
  COUPON_REQUIRED: 'couponRequired',
  COUPON_INVALID: 'couponInvalid',
  CART_EMPTY: 'cartEmpty',
  WISHLIST_EXISTS: 'wishlistExists',
  WISHLIST_ITEM_NOT_FOUND: 'wishlistNotFound',
  AUTH_FAILED: 'authFailed',
  PRICE_CHANGED: 'priceChanged',
  OUT_OF_STOCK_ITEMS: 'orderItemsUnavailable',
  ORDER_NOT_CANCELLABLE: 'orderNotCancellable',
  ORDER_NOT_FOUND: 'orderNotFound',
  PAYMENT_METHOD_UNAVAILABLE: 'paymentUnavailable',
  PAYMENT_NOT_NEEDED: 'paymentUnavailable',
  SHOP_SUSPENDED: 'shopSuspended',
  VALIDATION: 'invalid',
  FORBIDDEN: 'forbidden',
  // Community requests and messages (docs/COMMUNITY.md).
  SELLER_NOT_VERIFIED: 'sellerNotVerified',
  POST_NOT_FOUND: 'postNotFound',
  POST_NOT_OPEN: 'postNotOpen',
  POST_ALREADY_CLOSED: 'postAlreadyClosed',
  RESPONSE_EXISTS: 'responseExists',
  RESPONSE_OWN_POST: 'responseOwnPost',
  RESPONSE_NOT_PENDING: 'responseNotPending',
  RESPONSE_NOT_FOUND: 'responseNotFound',
  CONVERSATION_NOT_FOUND: 'conversationNotFound',
  MESSAGE_OWN_SHOP: 'messageOwnShop',
  // A seller's product draft with its photos (docs/SELLERS.md "Offline").
  PRODUCT_IMAGE_TYPE: 'productImageType',
  PRODUCT_IMAGE_TOO_LARGE: 'productImageTooLarge',
  PRODUCT_TOO_MANY_IMAGES: 'productTooManyImages',
  DRAFT_PHOTOS_MISSING: 'draftPhotosMissing',
  // Tailoring (docs/TAILORING.md).
  TAILOR_UNAVAILABLE: 'tailorUnavailable',
  TAILOR_NOT_FOUND: 'tailorNotFound',
};

/** The spec's text when a write of this kind fails for a reason without its own text (§8). */
const BY_KIND: Record<OutboxKind, MessageKey> = {
  follow: 'followFailed',
  unfollow: 'unfollowFailed',
  cart_add: 'addFailed',
  cart_set: 'updateFailed',
  cart_remove: 'removeFailed',
  cart_clear: 'clearFailed',
  coupon_apply: 'couponFailed',
  coupon_remove: 'couponFailed',
  cart_merge: 'updateFailed',
  wishlist_add: 'wishlistAddFailed',
  wishlist_update: 'wishlistUpdateFailed',
  wishlist_remove: 'wishlistRemoveFailed',
  order_place: 'orderFailed',
  order_cancel: 'unknown',
  // §8: creating a post, accepting/rejecting, submitting a response, sending messages.
  post_create: 'postFailed',
  response_answer: 'answerFailed',
  message_send: 'messageFailed',
  response_create: 'responseFailed',
  post_close: 'closeRequestFailed',
  booking_create: 'bookingFailed',
  seller_stock: 'stockFailed',
  seller_price: 'priceFailed',
  seller_order_status: 'shipFailed',
  seller_product_create: 'draftFailed',
};

const STOCK_EXCEEDED_TEXT = /Cannot add (\d+) items?\. Only (\d+) more/;

export function serverRefusalMessage(kind: OutboxKind, failure: OutboxFailure | null): CommerceMessage {
  if (!failure) return message(BY_KIND[kind]);
  const { code, status } = failure;
  if (code === 'STOCK_EXCEEDED') {
    const numbers = STOCK_EXCEEDED_TEXT.exec(failure.message);
    if (numbers) return message('stockExceeded', { n: Number(numbers[1]), m: Number(numbers[2]) });
    return message('quantityExceedsStock');
  }
  if (code === 'CART_LIMIT') return message('cartLimit', { max: MAX_CART_LINES });
  if (code === 'UNAUTHENTICATED') {
    if (kind === 'wishlist_add') return message('wishlistLogin');
    if (kind === 'wishlist_update' || kind === 'wishlist_remove') return message('wishlistManageLogin');
    return message('authRequired');
  }
  const known = BY_CODE[code];
  if (known) return message(known);
  if (status === 401) return message('authFailed');
  if (status >= 500) return message('serverError');
  return message(BY_KIND[kind]);
}
