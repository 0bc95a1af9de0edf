/**
 * Saying a queued write in words (the sync centre): what it acts on, read from its kind, target, path and
 * body (docs/COMMERCE.md targets: follows the shop id, cart lines the variant id, wishlist the product id,
 * orders the order document id, community posts and messages their document id, answers and responses the
 * response's id; a response and a close name their post's id in the path, a seller's message its buyer,
 * a booking its document id, a seller's stock or price edit its product, a seller's move to shipped its order),
 * and the groups the page lists: waiting (pending, sending), refused
 * (failed) and sent in the last 24 hours (done).
 */
import { DONE_RETENTION_MS } from '../../db/outbox-entry';
import { formatMAD } from '../../domain/money';
import type { OutboxEntry, OutboxKind } from '../../workers/data-api';

export interface EntrySubject {
  /** The cart line's variant (cart_add with variant_id, cart_set, cart_remove). */
  variantId: number | null;
  /** The product (cart_add, wishlist kinds). */
  productId: string | null;
  /** The shop (follow, unfollow, message_send to a shop). */
  shopId: string | null;
  /** The buyer a shop writes to (message_send from the seller's side). */
  buyerId: number | null;
  /** The community request's post id (response_create, post_close). */
  postId: string | null;
  /** The order document id (order_place, order_cancel). */
  orderId: string | null;
  /** The coupon code (coupon_apply). */
  code: string | null;
  /** The quantity asked (cart_add, cart_set). */
  quantity: number | null;
  /** The community request's title (post_create). */
  title: string | null;
  /** The booking's document id (booking_create). */
  bookingId: string | null;
  /** The amount set, MAD (seller_price). */
  amount: number | null;
}

function parseBody(body: string | null): Record<string, unknown> {
  if (!body) return {};
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The path's segment after `prefix`, e.g. /api/cart/items/12 → '12'. */
function segmentAfter(path: string, prefix: string): string | null {
  const at = path.indexOf(prefix);
  if (at < 0) return null;
  const rest = path.slice(at + prefix.length).split(/[/?#]/)[0] ?? '';
  return rest ? decodeURIComponent(rest) : null;
}

/** The variant id of a cart target: '12' or 'v12'. */
function variantOf(text: string | null): number | null {
  const match = text ? /^v?(\d+)$/.exec(text) : null;
  return match ? Number(match[1]) : null;
}

/** A product draft's name: the first given in the form's languages (ma, ar, fr, en, es, de). */
function draftTitle(names: unknown): string | null {
  if (typeof names !== 'object' || names === null) return null;
  const given = Object.values(names as Record<string, unknown>).find((n): n is string => typeof n === 'string' && n.trim() !== '');
  return given?.trim() ?? null;
}

const CART_LINE: readonly OutboxKind[] = ['cart_add', 'cart_set', 'cart_remove'];
const WISHLIST: readonly OutboxKind[] = ['wishlist_add', 'wishlist_update', 'wishlist_remove'];

export function entrySubject(entry: OutboxEntry): EntrySubject {
  const body = parseBody(entry.body);
  const subject: EntrySubject = {
    variantId: null,
    productId: null,
    shopId: null,
    buyerId: null,
    postId: null,
    orderId: null,
    code: null,
    quantity: null,
    title: null,
    bookingId: null,
    amount: null,
  };
  if (CART_LINE.includes(entry.kind)) {
    subject.variantId = positiveInt(body.variant_id) ?? variantOf(segmentAfter(entry.path, '/api/cart/items/')) ?? variantOf(entry.target);
    const product = positiveInt(body.product_id) ?? positiveInt(body.stock_id);
    subject.productId = product === null ? null : String(product);
    subject.quantity = positiveInt(body.quantity);
  } else if (WISHLIST.includes(entry.kind)) {
    const product = positiveInt(body.product_id);
    subject.productId = product !== null ? String(product) : (segmentAfter(entry.path, '/api/wishlist/') ?? entry.target);
  } else if (entry.kind === 'follow' || entry.kind === 'unfollow') {
    subject.shopId = segmentAfter(entry.path, '/api/shops/') ?? entry.target;
  } else if (entry.kind === 'order_place' || entry.kind === 'order_cancel') {
    subject.orderId = (typeof body.client_ref === 'string' ? body.client_ref : null) ?? entry.target;
  } else if (entry.kind === 'coupon_apply') {
    subject.code = typeof body.code === 'string' ? body.code : null;
  } else if (entry.kind === 'post_create') {
    subject.title = typeof body.title === 'string' ? body.title : null;
  } else if (entry.kind === 'message_send') {
    const shop = positiveInt(body.shop_id);
    subject.shopId = shop === null ? null : String(shop);
    subject.buyerId = positiveInt(body.user_id);
  } else if (entry.kind === 'response_create') {
    subject.postId = segmentAfter(entry.path, '/community/posts/');
  } else if (entry.kind === 'post_close') {
    subject.postId = segmentAfter(entry.path, '/community/posts/') ?? entry.target;
  } else if (entry.kind === 'booking_create') {
    subject.bookingId = (typeof body.client_ref === 'string' ? body.client_ref : null) ?? entry.target;
  } else if (entry.kind === 'seller_stock') {
    subject.productId = segmentAfter(entry.path, '/api/seller/products/') ?? entry.target;
    subject.quantity = typeof body.stock === 'number' && Number.isInteger(body.stock) && body.stock >= 0 ? body.stock : null;
  } else if (entry.kind === 'seller_price') {
    subject.productId = segmentAfter(entry.path, '/api/seller/products/') ?? entry.target;
    subject.amount = typeof body.price === 'number' && Number.isFinite(body.price) && body.price >= 0 ? body.price : null;
  } else if (entry.kind === 'seller_order_status') {
    subject.orderId = segmentAfter(entry.path, '/api/seller/orders/') ?? entry.target;
  } else if (entry.kind === 'seller_product_create') {
    subject.title = draftTitle(body.names);
  }
  return subject;
}

/** A short, readable order reference from a document id (a UUID reads as its first 8 characters). */
export function orderRef(orderId: string): string {
  return /^[0-9a-f]{8}-/i.test(orderId) ? orderId.slice(0, 8).toUpperCase() : orderId;
}

export interface EntryDescription {
  kind: OutboxKind;
  /** `amount`: the price set, as MAD in the user's language (its currency included). */
  params: { name: string; quantity: number; code: string; ref: string; title: string; amount: string };
}

/** The words' parameters for an entry; `name` is what the caller found for its product or shop. */
export function describeEntry(entry: OutboxEntry, name: string, language: string): EntryDescription {
  const subject = entrySubject(entry);
  return {
    kind: entry.kind,
    params: {
      name,
      quantity: subject.quantity ?? 1,
      code: subject.code ?? '',
      ref: subject.orderId ? orderRef(subject.orderId) : '',
      title: subject.title ?? '',
      amount: formatMAD(subject.amount ?? 0, language),
    },
  };
}

export interface EntryGroups {
  /** pending and sending, in queue order. */
  waiting: OutboxEntry[];
  /** refused, newest first. */
  failed: OutboxEntry[];
  /** accepted within DONE_RETENTION_MS, most recently sent first. */
  done: OutboxEntry[];
}

export function groupEntries(entries: readonly OutboxEntry[], now: number): EntryGroups {
  const waiting = entries.filter((e) => e.state === 'pending' || e.state === 'sending').sort((a, b) => a.createdAt - b.createdAt);
  const failed = entries.filter((e) => e.state === 'failed').sort((a, b) => b.createdAt - a.createdAt);
  const done = entries
    .filter((e) => e.state === 'done' && now - (e.doneAt ?? e.createdAt) < DONE_RETENTION_MS)
    .sort((a, b) => (b.doneAt ?? b.createdAt) - (a.doneAt ?? a.createdAt));
  return { waiting, failed, done };
}
