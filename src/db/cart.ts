/**
 * The cart on the local database (docs/COMMERCE.md, "Client"): optimistic changes of `cart_items` and
 * the local document `cart-meta` next to their outbox entries (POST/PUT/DELETE /api/cart…), the rollback
 * of a refused one, the retry of a failed one, and the replacement of the local cart by the server's
 * (GET /api/cart, src/sync/cart-refresh.ts) when no cart entry is unsettled. Guests may use the cart:
 * their entries are sent with the Guest-Token (auth 'guest').
 *
 * Run every queue function inside the database's LocalWriteLock; the entry is written first (outbox.ts).
 */
import { map, type Observable } from 'rxjs';
import type { Coupon } from '../domain/commerce';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, normalizeCouponCode } from '../domain/commerce';
import type { Cart, CartItem } from '../domain/commerce-schemas';
import type { ProductDoc, Variant } from '../domain/catalog';
import type { CartChangeRefusal, CartChangeResult } from '../workers/data-api';
import { cartLineId, type CartLineDoc } from './cart-line';
import type { SoukDatabase } from './database';
import { localDoc$ } from './local-doc';
import { toProductDoc } from './queries/plain-docs';
import { newEntry, patchEntry, type OutboxEntry, type Reapply, type Rollback } from './outbox';
import type { OutboxAuth } from './outbox-entry';

export const CART_META_ID = 'cart-meta';

/** The cart's coupon and the server's last answer (local document `cart-meta`). */
export interface CartMeta {
  coupon: Coupon | null;
  coupon_code: string | null;
  server: Cart | null;
  fetchedAt: number | null;
}

const EMPTY_META: CartMeta = { coupon: null, coupon_code: null, server: null, fetchedAt: null };

function parseMeta(data: unknown): CartMeta {
  if (typeof data !== 'object' || data === null) return EMPTY_META;
  const d = data as Partial<CartMeta>;
  return {
    coupon: d.coupon ?? null,
    coupon_code: typeof d.coupon_code === 'string' ? d.coupon_code : null,
    server: d.server ?? null,
    fetchedAt: typeof d.fetchedAt === 'number' ? d.fetchedAt : null,
  };
}

export async function readCartMeta(db: SoukDatabase): Promise<CartMeta> {
  const doc = await db.getLocal(CART_META_ID);
  return parseMeta(doc?.toJSON().data);
}

export function watchCartMeta(db: SoukDatabase): Observable<CartMeta> {
  return localDoc$(db, CART_META_ID).pipe(map((doc) => parseMeta(doc?.toJSON().data)));
}

export async function writeCartMeta(db: SoukDatabase, patch: Partial<CartMeta>): Promise<void> {
  const meta = await readCartMeta(db);
  await db.upsertLocal(CART_META_ID, { ...meta, ...patch });
}

export async function cartLines(db: SoukDatabase): Promise<CartLineDoc[]> {
  const docs = await db.cart_items.find({ selector: {}, sort: [{ id: 'asc' }] }).exec();
  return docs.map(plainLine);
}

export function plainLine(d: { toJSON(): unknown }): CartLineDoc {
  const { id, variant_id, product_id, quantity, added_at, unit_price, name, name_ar, image, shop_id, shop_name, size, color, fabric, stock_quantity } =
    d.toJSON() as CartLineDoc;
  return { id, variant_id, product_id, quantity, added_at, unit_price, name, name_ar, image, shop_id, shop_name, size, color, fabric, stock_quantity };
}

async function currentLine(db: SoukDatabase, variantId: number): Promise<CartLineDoc | null> {
  const doc = await db.cart_items.findOne(cartLineId(variantId)).exec();
  return doc ? plainLine(doc) : null;
}

async function setLine(db: SoukDatabase, id: string, line: CartLineDoc | null): Promise<void> {
  if (line) {
    await db.cart_items.upsert(line);
    return;
  }
  const existing = await db.cart_items.findOne(id).exec();
  if (existing) await existing.remove();
}

/** The local state a cart entry changed, to restore if the server refuses it. */
interface CartUndo {
  /** Lines before the change (null: no line); `after` is the line the change made (retry re-applies it). */
  lines: { id: string; before: CartLineDoc | null; after: CartLineDoc | null }[];
  /** The coupon before the change (coupon entries). */
  coupon?: { coupon: Coupon | null; coupon_code: string | null };
}

function parseUndo(undo: string | null): CartUndo {
  if (undo === null) return { lines: [] };
  try {
    const value = JSON.parse(undo) as Partial<CartUndo>;
    return { lines: Array.isArray(value.lines) ? value.lines : [], coupon: value.coupon };
  } catch {
    // A malformed undo restores nothing: the server's cart replaces the local one after the refusal.
    return { lines: [] };
  }
}

const refusal = (code: CartChangeRefusal['code'], available = 0): CartChangeResult => ({ ok: false, refusal: { code, available } });

/** The variant a cart add names: the given one, or the product's first variant (by id) with stock. */
function pickVariant(product: ProductDoc, variantId: number | undefined): Variant | CartChangeRefusal['code'] {
  if (variantId !== undefined) return product.variants.find((v) => v.id === variantId) ?? 'VARIANT_NOT_FOUND';
  const inStock = [...product.variants].sort((a, b) => a.id - b.id).find((v) => v.stock_quantity > 0);
  return inStock ?? 'OUT_OF_STOCK';
}

function lineOf(product: ProductDoc, variant: Variant, quantity: number, addedAt: number): CartLineDoc {
  return {
    id: cartLineId(variant.id),
    variant_id: variant.id,
    product_id: Number(product.id),
    quantity,
    added_at: addedAt,
    // The variant states what one unit is charged (decisions.md "Prices"): the price the order will send.
    unit_price: variant.effective_price,
    name: product.name,
    name_ar: product.name_ar,
    image: product.main_image,
    shop_id: product.shop_id,
    shop_name: product.shop_name,
    size: variant.size,
    color: variant.color,
    fabric: variant.fabric,
    stock_quantity: variant.stock_quantity,
  };
}

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new RangeError(`Quantity must be an integer from 1 to ${MAX_LINE_QUANTITY}`);
  }
}

/**
 * Adds `quantity` of a variant (of the product's first variant in stock when none is named). Refused
 * before anything is queued when the local catalogue does not know the product or variant, when the last
 * known stock is 0 (OUT_OF_STOCK) or too low (STOCK_EXCEEDED: `available` more may be added), or when a new
 * line would pass MAX_CART_LINES. `shown`: the product as the page was shown it from the server while the local
 * catalogue is incomplete (a first visit, issue 25), used when the local database does not have it yet.
 */
export async function queueCartAdd(
  db: SoukDatabase,
  input: { productId: string; variantId?: number; quantity: number },
  auth: OutboxAuth,
  now: number = Date.now(),
  shown: ProductDoc | null = null,
): Promise<CartChangeResult> {
  checkQuantity(input.quantity);
  const productDoc = /^\d+$/.test(input.productId) ? await db.products.findOne(input.productId).exec() : null;
  const product = productDoc ? toProductDoc(productDoc) : shown?.id === input.productId ? shown : null;
  if (!product) return refusal('PRODUCT_NOT_FOUND');
  const variant = pickVariant(product, input.variantId);
  if (typeof variant === 'string') return refusal(variant);
  const before = await currentLine(db, variant.id);
  if (variant.stock_quantity <= 0) return refusal('OUT_OF_STOCK');
  const have = before?.quantity ?? 0;
  const room = Math.max(0, Math.min(variant.stock_quantity, MAX_LINE_QUANTITY) - have);
  if (input.quantity > room) return refusal('STOCK_EXCEEDED', room);
  if (!before && (await db.cart_items.count().exec()) >= MAX_CART_LINES) return refusal('CART_LIMIT');
  const after = lineOf(product, variant, have + input.quantity, before?.added_at ?? now);
  const entry = await newEntry(
    db,
    {
      method: 'POST',
      path: '/api/cart/items',
      body: JSON.stringify({ product_id: Number(product.id), variant_id: variant.id, quantity: input.quantity }),
      kind: 'cart_add',
      target: String(variant.id),
      undo: JSON.stringify({ lines: [{ id: after.id, before, after }] } satisfies CartUndo),
      auth,
    },
    now,
  );
  await db.outbox.insert(entry);
  await setLine(db, after.id, after);
  return { ok: true, entryId: entry.id, quantity: after.quantity };
}

/**
 * Sets a line's quantity (1–99), capped by the last known stock of the variant (the catalogue's, else the
 * line's); the result says the quantity set. A variant not in the cart is VARIANT_NOT_FOUND; no stock left,
 * OUT_OF_STOCK.
 */
export async function queueCartSet(
  db: SoukDatabase,
  variantId: number,
  quantity: number,
  auth: OutboxAuth,
  now: number = Date.now(),
): Promise<CartChangeResult> {
  checkQuantity(quantity);
  const before = await currentLine(db, variantId);
  if (!before) return refusal('VARIANT_NOT_FOUND');
  const product = await db.products.findOne(String(before.product_id)).exec();
  const variant = product?.toJSON().variants.find((v) => v.id === variantId);
  const stock = variant?.stock_quantity ?? before.stock_quantity;
  if (stock <= 0) return refusal('OUT_OF_STOCK');
  const capped = Math.min(quantity, stock, MAX_LINE_QUANTITY);
  const after: CartLineDoc = { ...before, quantity: capped, stock_quantity: stock };
  const entry = await newEntry(
    db,
    {
      method: 'PUT',
      path: `/api/cart/items/${variantId}`,
      body: JSON.stringify({ quantity: capped }),
      kind: 'cart_set',
      target: String(variantId),
      undo: JSON.stringify({ lines: [{ id: after.id, before, after }] } satisfies CartUndo),
      auth,
    },
    now,
  );
  await db.outbox.insert(entry);
  await setLine(db, after.id, after);
  return { ok: true, entryId: entry.id, quantity: capped };
}

export async function queueCartRemove(db: SoukDatabase, variantId: number, auth: OutboxAuth, now: number = Date.now()): Promise<OutboxEntry> {
  if (!Number.isInteger(variantId) || variantId < 1) throw new RangeError(`Not a variant id: ${variantId}`);
  const before = await currentLine(db, variantId);
  const id = cartLineId(variantId);
  const entry = await newEntry(
    db,
    {
      method: 'DELETE',
      path: `/api/cart/items/${variantId}`,
      body: null,
      kind: 'cart_remove',
      target: String(variantId),
      undo: JSON.stringify({ lines: [{ id, before, after: null }] } satisfies CartUndo),
      auth,
    },
    now,
  );
  await db.outbox.insert(entry);
  await setLine(db, id, null);
  return entry;
}

export async function queueCartClear(db: SoukDatabase, auth: OutboxAuth, now: number = Date.now()): Promise<OutboxEntry> {
  const lines = await cartLines(db);
  const entry = await newEntry(
    db,
    {
      method: 'DELETE',
      path: '/api/cart',
      body: null,
      kind: 'cart_clear',
      target: 'cart',
      undo: JSON.stringify({ lines: lines.map((l) => ({ id: l.id, before: l, after: null })) } satisfies CartUndo),
      auth,
    },
    now,
  );
  await db.outbox.insert(entry);
  if (lines.length > 0) await db.cart_items.bulkRemove(lines.map((l) => l.id));
  return entry;
}

/** Queues a coupon code; the coupon's terms come with the server's cart (an invalid code fails the entry). */
export async function queueCouponApply(db: SoukDatabase, code: string, auth: OutboxAuth, now: number = Date.now()): Promise<OutboxEntry> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '') throw new Error('Please enter a coupon code');
  return queueCoupon(db, normalized, auth, now);
}

export async function queueCouponRemove(db: SoukDatabase, auth: OutboxAuth, now: number = Date.now()): Promise<OutboxEntry> {
  return queueCoupon(db, null, auth, now);
}

async function queueCoupon(db: SoukDatabase, code: string | null, auth: OutboxAuth, now: number): Promise<OutboxEntry> {
  const meta = await readCartMeta(db);
  const entry = await newEntry(
    db,
    {
      method: code === null ? 'DELETE' : 'POST',
      path: '/api/cart/coupon',
      body: code === null ? null : JSON.stringify({ code }),
      kind: code === null ? 'coupon_remove' : 'coupon_apply',
      target: 'cart',
      undo: JSON.stringify({ lines: [], coupon: { coupon: meta.coupon, coupon_code: meta.coupon_code } } satisfies CartUndo),
      auth,
    },
    now,
  );
  await db.outbox.insert(entry);
  await applyCoupon(db, code);
  return entry;
}

async function applyCoupon(db: SoukDatabase, code: string | null): Promise<void> {
  const meta = await readCartMeta(db);
  // The same code keeps its known terms; a new one has none until the server's cart describes it.
  const coupon = code !== null && meta.coupon?.code === code ? meta.coupon : null;
  await writeCartMeta(db, { coupon_code: code, coupon });
}

/** After sign-in: merge the guest cart (Guest-Token) into the user's (docs/COMMERCE.md). Nothing changes locally. */
export async function queueCartMerge(db: SoukDatabase, now: number = Date.now()): Promise<OutboxEntry | null> {
  const queued = await db.outbox.findOne({ selector: { kind: { $eq: 'cart_merge' }, state: { $in: ['pending', 'sending'] } } }).exec();
  if (queued) return null;
  const entry = await newEntry(
    db,
    { method: 'POST', path: '/api/cart/merge', body: null, kind: 'cart_merge', target: 'cart', undo: null, auth: 'user' },
    now,
  );
  await db.outbox.insert(entry);
  return entry;
}

/**
 * A refused cart entry: the lines (and coupon) go back to what they were before it, unless a later change
 * of the same target is still queued: that one's intent stands and inherits this undo. The server's cart
 * replaces the local one once nothing is queued (the replayer asks for it after a refusal).
 */
export const rollbackCartChange: Rollback = async (db, entry, later) => {
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  const undo = parseUndo(entry.undo);
  for (const line of undo.lines) await setLine(db, line.id, line.before);
  if (undo.coupon) await writeCartMeta(db, { coupon: undo.coupon.coupon, coupon_code: undo.coupon.coupon_code });
};

/** Retry of a refused cart entry: its change applied again on the cart as it is now. */
export const reapplyCartChange: Reapply = async (db, entry) => {
  const undo = parseUndo(entry.undo);
  const body = entry.body === null ? {} : (JSON.parse(entry.body) as { quantity?: number; code?: string });
  switch (entry.kind) {
    case 'cart_add':
    case 'cart_set': {
      const lines = [];
      for (const line of undo.lines) {
        const before = await db.cart_items.findOne(line.id).exec();
        const now = before ? plainLine(before) : null;
        const quantity = body.quantity ?? line.after?.quantity ?? 1;
        const after = now
          ? { ...now, quantity: Math.min(MAX_LINE_QUANTITY, entry.kind === 'cart_add' ? now.quantity + quantity : quantity) }
          : line.after && { ...line.after, quantity };
        await setLine(db, line.id, after);
        lines.push({ id: line.id, before: now, after });
      }
      return JSON.stringify({ lines } satisfies CartUndo);
    }
    case 'cart_remove':
    case 'cart_clear': {
      const current = entry.kind === 'cart_clear' ? await cartLines(db) : [];
      const ids = entry.kind === 'cart_clear' ? current.map((l) => l.id) : undo.lines.map((l) => l.id);
      const lines = [];
      for (const id of ids) {
        const doc = await db.cart_items.findOne(id).exec();
        lines.push({ id, before: doc ? plainLine(doc) : null, after: null });
        if (doc) await doc.remove();
      }
      return JSON.stringify({ lines } satisfies CartUndo);
    }
    case 'coupon_apply':
    case 'coupon_remove': {
      const meta = await readCartMeta(db);
      await applyCoupon(db, entry.kind === 'coupon_apply' ? (body.code ?? null) : null);
      return JSON.stringify({ lines: [], coupon: { coupon: meta.coupon, coupon_code: meta.coupon_code } } satisfies CartUndo);
    }
    default:
      return entry.undo;
  }
};

/** A server cart line as a local line. */
export function lineFromServer(item: CartItem): CartLineDoc {
  return {
    id: cartLineId(item.variant_id),
    variant_id: item.variant_id,
    product_id: item.product_id,
    quantity: item.quantity,
    added_at: item.added_at,
    unit_price: item.unit_price,
    name: item.product.name,
    name_ar: item.product.name_ar,
    image: item.product.main_image,
    shop_id: item.product.shop_id,
    shop_name: item.product.shop_name,
    size: item.product.size,
    color: item.product.color,
    fabric: item.product.fabric,
    stock_quantity: item.product.stock_quantity,
  };
}

/**
 * The server's cart replaces the local one (its figures win): lines not on the server go, the others are
 * written as the server has them, and cart-meta keeps its coupon and answer. Run under the lock, and only
 * when no cart entry is unsettled.
 */
export async function replaceCart(db: SoukDatabase, cart: Cart, now: number = Date.now()): Promise<void> {
  const server = cart.items.map(lineFromServer);
  const ids = new Set(server.map((l) => l.id));
  const local = await cartLines(db);
  const gone = local.filter((l) => !ids.has(l.id)).map((l) => l.id);
  if (gone.length > 0) await db.cart_items.bulkRemove(gone);
  const byId = new Map(local.map((l) => [l.id, JSON.stringify(l)]));
  const changed = server.filter((l) => byId.get(l.id) !== JSON.stringify(l));
  if (changed.length > 0) await db.cart_items.bulkUpsert(changed);
  await db.upsertLocal(CART_META_ID, { coupon: cart.coupon, coupon_code: cart.coupon_code, server: cart, fetchedAt: now } satisfies CartMeta);
}
