/**
 * The outbox entry (collection `outbox`, schemas/outbox-schema.ts): plain types and
 * constants with no RxDB import, so the UI may import them through data-api.ts.
 */
export const OUTBOX_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OutboxMethod = (typeof OUTBOX_METHODS)[number];
/** done: accepted by the server, kept for the sync centre for DONE_RETENTION_MS, then pruned. */
export const OUTBOX_STATES = ['pending', 'sending', 'failed', 'done'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** What the entry does, so the UI can say it and a refusal can be rolled back. */
export const OUTBOX_KINDS = [
  'follow',
  'unfollow',
  'cart_add',
  'cart_set',
  'cart_remove',
  'cart_clear',
  'coupon_apply',
  'coupon_remove',
  'cart_merge',
  'wishlist_add',
  'wishlist_update',
  'wishlist_remove',
  'order_place',
  'order_cancel',
  'post_create',
  'response_answer',
  'message_send',
  'response_create',
  'post_close',
  // Issue 7: a tailoring booking (docs/TAILORING.md).
  'booking_create',
  // Issue 23: a seller sets a variant's stock (docs/SELLERS.md, "Offline").
  'seller_stock',
  // Issue 23: a seller sets a variant's price; moves an order to shipped (docs/SELLERS.md, "Offline").
  'seller_price',
  'seller_order_status',
  // Issue 23: a seller's new product with its photos, drafted on the phone (docs/SELLERS.md, "Offline").
  'seller_product_create',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
/** Who sends it: the signed-in user (bearer) or the guest cart (Guest-Token), docs/COMMERCE.md. */
export const OUTBOX_AUTHS = ['user', 'guest'] as const;
export type OutboxAuth = (typeof OUTBOX_AUTHS)[number];
/**
 * The 409 that means "this key's first request is still running" (src/server/plugins/idempotency.ts): worth
 * another try. Any other 409 (e.g. TAILOR_UNAVAILABLE) is a refusal like other 4xx.
 */
export const KEY_IN_PROGRESS = 'IDEMPOTENCY_KEY_IN_PROGRESS';
/** How long an accepted entry stays listed in the sync centre. */
export const DONE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The server's refusal of a failed entry (the accounts error shape: status, code, message). */
export interface OutboxFailure {
  status: number;
  code: string;
  message: string;
}

export interface OutboxEntry {
  /** A UUID, sent as the Idempotency-Key. */
  id: string;
  method: OutboxMethod;
  /** Path and query under the API base, e.g. /api/shops/3/follow?timestamp=1700000000000. */
  path: string;
  /** JSON text of the request body, or null for none. */
  body: string | null;
  /** When it was queued (ms); strictly increasing within the database, so it orders the queue. */
  createdAt: number;
  /** Requests made so far (a lost answer counts too). */
  attempts: number;
  /** The last transient failure (network, timeout, http_503…), for diagnostics. */
  lastError: string | null;
  state: OutboxState;
  failure: OutboxFailure | null;
  kind: OutboxKind;
  /**
   * What it acts on (the shop id for follow/unfollow; the post's document id for post_create and post_close,
   * the response's id for response_answer and response_create, the message's document id for message_send, the booking's for booking_create,
   * the product id for seller_stock and seller_price, the order id for seller_order_status, the draft's id for
   * seller_product_create).
   */
  target: string;
  /** JSON of the local state to restore if the server refuses it (kind-specific), or null. */
  undo: string | null;
  auth: OutboxAuth;
  /** When the server accepted it (state done), else null. */
  doneAt: number | null;
}
