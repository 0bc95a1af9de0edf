/**
 * Carts (docs/COMMERCE.md, "Cart API"): one cart per signed-in user or per
 * guest token (hashed), one line per (cart, variant). Every write runs in one
 * transaction that holds the cart: SQLite's BEGIN IMMEDIATE serialises all
 * writers; on PostgreSQL the cart row is created if missing (insert … on
 * conflict do nothing) and locked (select … for update), so two concurrent
 * adds of one variant run one after the other: the second sees the first's
 * line, so stock caps hold and the primary key (cart_id, variant_id) never
 * sees a second line.
 *
 * Prices are never stored: a line's unit price is the catalogue's now
 * (unitPriceOf), and the totals are totalsOf over the lines, the same rules
 * the client uses. A refusal is a CartRefusal (code + extra fields); the route
 * turns it into the error answer, and the transaction has rolled back.
 *
 * A user's cart write pokes `cart` to the owner's streams (the client then
 * fetches GET /api/cart); guest carts have no stream.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY, totalsOf, unitPriceOf, type Coupon } from '../../domain/commerce';
import type { Cart, CartItem } from '../../domain/commerce-schemas';
import { fromCentimes, multiplyMoney } from '../../domain/money';
import type { Database, Dialect } from '../db/database';
import { writeTransaction, type Tx } from '../db/write-transaction';
import type { ApiErrorCode } from '../http/api-error';
import { findUsableCoupon } from './coupons';

/** Whose cart: a signed-in user's, or a guest's by the SHA-256 of their token. */
export type CartOwner = { userId: number; guestHash?: undefined } | { guestHash: string; userId?: undefined };

/** Guest carts untouched this long are swept. */
export const GUEST_CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export class CartRefusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof extra.message === 'string' ? extra.message : code);
  }
}

interface CartRow {
  id: number;
  coupon_code: string | null;
  updated_at: number;
}

interface LineRow {
  variant_id: number;
  product_id: number;
  quantity: number;
  added_at: number;
  size: string;
  color: string;
  fabric: string;
  variant_cents: number;
  stock: number;
  name: string;
  name_ar: string;
  images_json: string;
  price_cents: number;
  effective_cents: number;
  shop_id: number;
  shop_name: string;
}

function mainImageOf(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
  } catch {
    return '';
  }
}

function ownerFilter(owner: CartOwner) {
  return owner.userId !== undefined
    ? ({ column: 'user_id', value: owner.userId } as const)
    : ({ column: 'guest_token_hash', value: owner.guestHash } as const);
}

async function findCartRow(tx: Tx, db: Database, owner: CartOwner, lock: boolean): Promise<CartRow | null> {
  const f = ownerFilter(owner);
  let query = tx.selectFrom('carts').select(['id', 'coupon_code', 'updated_at']).where(f.column, '=', f.value);
  if (lock && db.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { id: Number(row.id), coupon_code: row.coupon_code, updated_at: Number(row.updated_at) } : null;
}

/** The owner's cart, created when missing, locked for this transaction (PostgreSQL). */
async function cartForWrite(tx: Tx, db: Database, owner: CartOwner, now: number): Promise<CartRow> {
  const existing = await findCartRow(tx, db, owner, true);
  if (existing) return existing;
  const f = ownerFilter(owner);
  await tx
    .insertInto('carts')
    .values({
      user_id: owner.userId ?? null,
      guest_token_hash: owner.guestHash ?? null,
      coupon_code: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column(f.column).doNothing())
    .execute();
  const created = await findCartRow(tx, db, owner, true);
  if (!created) throw new Error('cart row missing after insert');
  return created;
}

async function lineRows(tx: Tx, cartId: number): Promise<LineRow[]> {
  const rows = await tx
    .selectFrom('cart_items')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select([
      'cart_items.variant_id',
      'cart_items.product_id',
      'cart_items.quantity',
      'cart_items.added_at',
      'product_variants.size',
      'product_variants.color',
      'product_variants.fabric',
      'product_variants.price_cents as variant_cents',
      'product_variants.stock',
      'products.name',
      'products.name_ar',
      'products.images_json',
      'products.price_cents',
      'products.effective_cents',
      'products.shop_id',
      'shops.name as shop_name',
    ])
    .where('cart_items.cart_id', '=', cartId)
    .where('products.deleted', '=', 0)
    .orderBy('cart_items.added_at')
    .orderBy('cart_items.variant_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    variant_id: Number(r.variant_id),
    product_id: Number(r.product_id),
    quantity: Number(r.quantity),
    added_at: Number(r.added_at),
    variant_cents: Number(r.variant_cents),
    stock: Number(r.stock),
    price_cents: Number(r.price_cents),
    effective_cents: Number(r.effective_cents),
    shop_id: Number(r.shop_id),
  }));
}

function toItem(r: LineRow): CartItem {
  const unit_price = unitPriceOf({ price: fromCentimes(r.price_cents), effective_price: fromCentimes(r.effective_cents) }, { price: fromCentimes(r.variant_cents) });
  return {
    id: r.variant_id,
    stock_id: r.product_id,
    variant_id: r.variant_id,
    product_id: r.product_id,
    quantity: r.quantity,
    unit_price,
    line_total: multiplyMoney(unit_price, r.quantity),
    added_at: r.added_at,
    product: {
      id: r.product_id,
      name: r.name,
      name_ar: r.name_ar,
      main_image: mainImageOf(r.images_json),
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      size: r.size,
      color: r.color,
      fabric: r.fabric,
      price: fromCentimes(r.variant_cents),
      stock_quantity: Math.max(0, r.stock),
    },
  };
}

/** An empty cart (no cart row yet, or a guest cart that is gone). */
export function emptyCart(country: string, now: number): Cart {
  return { items: [], coupon_code: null, coupon: null, country, ...totalsOf([], country, null), updated_at: now };
}

async function cartJson(tx: Tx, cart: CartRow | null, country: string, now: number): Promise<Cart> {
  if (!cart) return emptyCart(country, now);
  const items = (await lineRows(tx, cart.id)).map(toItem);
  const coupon: Coupon | null = cart.coupon_code === null ? null : await findUsableCoupon(tx, cart.coupon_code, now);
  const totals = totalsOf(
    items.map((i) => ({ unitPrice: i.unit_price, quantity: i.quantity })),
    country,
    coupon,
  );
  return { items, coupon_code: coupon === null ? null : cart.coupon_code, coupon, country, ...totals, updated_at: cart.updated_at };
}

/** The owner's cart as GET /api/cart answers it; null when a guest has no cart (gone or never made). */
export async function readCart(db: Database, owner: CartOwner, country: string, now: number): Promise<Cart | null> {
  return db.kysely.transaction().execute(async (tx) => {
    const cart = await findCartRow(tx, db, owner, false);
    if (!cart && owner.guestHash !== undefined) return null;
    return cartJson(tx, cart, country, now);
  });
}

function poke(db: Database, owner: CartOwner, cartId: number, updatedAt: number): void {
  if (owner.userId !== undefined) db.changes.publish({ collection: 'cart', userId: owner.userId, checkpoint: { updatedAt, id: String(cartId) } });
}

async function touch(tx: Tx, cart: CartRow, now: number): Promise<void> {
  const updatedAt = Math.max(now, cart.updated_at + 1);
  await tx.updateTable('carts').set({ updated_at: updatedAt }).where('id', '=', cart.id).execute();
  cart.updated_at = updatedAt;
}

/**
 * Runs a cart write: `fn` changes the (created when `create`, else existing) cart inside the transaction;
 * the answer is the cart after it. Without a cart and without `create`, `missing` decides (refuse, or answer empty).
 */
async function writeCart(
  db: Database,
  owner: CartOwner,
  country: string,
  now: number,
  create: boolean,
  fn: (tx: Tx, cart: CartRow) => Promise<void>,
  missing: () => Cart | null = () => null,
): Promise<Cart | null> {
  const written: { cart: CartRow | null } = { cart: null };
  const answer = await writeTransaction(db, [], async (tx) => {
    const cart = create ? await cartForWrite(tx, db, owner, now) : await findCartRow(tx, db, owner, true);
    if (!cart) return missing();
    await fn(tx, cart);
    await touch(tx, cart, now);
    written.cart = cart;
    return cartJson(tx, cart, country, now);
  });
  if (written.cart !== null) poke(db, owner, written.cart.id, written.cart.updated_at);
  return answer;
}

export interface AddItemInput {
  productId?: number;
  stockId?: number;
  variantId?: number;
  quantity: number;
}

interface ResolvedVariant {
  variantId: number;
  productId: number;
  stock: number;
}

/** The variant an add names: variant_id exactly, or the product's (stock_id's) first variant by id with stock. */
async function resolveVariant(tx: Tx, input: AddItemInput): Promise<ResolvedVariant> {
  const productId = input.stockId ?? input.productId;
  if (input.stockId !== undefined && input.productId !== undefined && input.stockId !== input.productId) throw new CartRefusal('PRODUCT_NOT_FOUND');
  if (input.variantId !== undefined) {
    const row = await tx
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .select(['product_variants.id', 'product_variants.product_id', 'product_variants.stock', 'products.deleted', 'shops.status'])
      .where('product_variants.id', '=', input.variantId)
      .executeTakeFirst();
    if (!row || Number(row.deleted) !== 0 || row.status === 'suspended') throw new CartRefusal('PRODUCT_NOT_FOUND');
    if (productId !== undefined && Number(row.product_id) !== productId) throw new CartRefusal('PRODUCT_NOT_FOUND');
    return { variantId: Number(row.id), productId: Number(row.product_id), stock: Math.max(0, Number(row.stock)) };
  }
  if (productId === undefined) throw new CartRefusal('STOCK_OR_VARIANT_REQUIRED');
  const product = await tx
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.id', 'shops.status'])
    .where('products.id', '=', productId)
    .where('products.deleted', '=', 0)
    .executeTakeFirst();
  if (!product || product.status === 'suspended') throw new CartRefusal('PRODUCT_NOT_FOUND');
  const variant = await tx
    .selectFrom('product_variants')
    .select(['id', 'stock'])
    .where('product_id', '=', productId)
    .where('stock', '>', 0)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!variant) throw new CartRefusal('OUT_OF_STOCK', { available: 0 });
  return { variantId: Number(variant.id), productId, stock: Number(variant.stock) };
}

async function lineQuantity(tx: Tx, cartId: number, variantId: number): Promise<number | null> {
  const row = await tx.selectFrom('cart_items').select('quantity').where('cart_id', '=', cartId).where('variant_id', '=', variantId).executeTakeFirst();
  return row ? Number(row.quantity) : null;
}

async function lineCount(tx: Tx, cartId: number): Promise<number> {
  const row = await tx
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function stockExceeded(requested: number, more: number): CartRefusal {
  return new CartRefusal('STOCK_EXCEEDED', { message: `Cannot add ${requested} items. Only ${more} more available in stock`, available: more });
}

/** POST /api/cart/items: adds to the variant's line (created when new), capped by stock. */
export async function addCartItem(db: Database, owner: CartOwner, input: AddItemInput, country: string, now: number): Promise<Cart> {
  const cart = await writeCart(db, owner, country, now, true, async (tx, row) => {
    const variant = await resolveVariant(tx, input);
    const existing = (await lineQuantity(tx, row.id, variant.variantId)) ?? 0;
    if (variant.stock <= 0) throw new CartRefusal('OUT_OF_STOCK', { available: 0 });
    const more = Math.max(0, Math.min(variant.stock, MAX_LINE_QUANTITY) - existing);
    if (input.quantity > more) throw stockExceeded(input.quantity, more);
    if (existing === 0) {
      if ((await lineCount(tx, row.id)) >= MAX_CART_LINES) throw new CartRefusal('CART_LIMIT');
      await tx
        .insertInto('cart_items')
        .values({ cart_id: row.id, variant_id: variant.variantId, product_id: variant.productId, quantity: input.quantity, added_at: now, updated_at: now })
        .execute();
    } else {
      await tx
        .updateTable('cart_items')
        .set({ quantity: existing + input.quantity, updated_at: now })
        .where('cart_id', '=', row.id)
        .where('variant_id', '=', variant.variantId)
        .execute();
    }
  });
  if (!cart) throw new Error('cart write without a cart');
  return cart;
}

async function variantStock(tx: Tx, variantId: number): Promise<number> {
  const row = await tx
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.stock', 'products.deleted'])
    .where('product_variants.id', '=', variantId)
    .executeTakeFirst();
  return !row || Number(row.deleted) !== 0 ? 0 : Math.max(0, Number(row.stock));
}

/** PUT /api/cart/items/{variantId}: sets a line's quantity (≤ stock). */
export async function setCartItemQuantity(db: Database, owner: CartOwner, variantId: number, quantity: number, country: string, now: number): Promise<Cart> {
  const cart = await writeCart(
    db,
    owner,
    country,
    now,
    false,
    async (tx, row) => {
      if ((await lineQuantity(tx, row.id, variantId)) === null) throw new CartRefusal('CART_ITEM_NOT_FOUND');
      const stock = await variantStock(tx, variantId);
      if (quantity > stock) throw new CartRefusal('QUANTITY_EXCEEDS_STOCK', { available: stock });
      await tx.updateTable('cart_items').set({ quantity, updated_at: now }).where('cart_id', '=', row.id).where('variant_id', '=', variantId).execute();
    },
    () => {
      throw new CartRefusal('CART_ITEM_NOT_FOUND');
    },
  );
  if (!cart) throw new CartRefusal('CART_ITEM_NOT_FOUND');
  return cart;
}

/** DELETE /api/cart/items/{variantId}. */
export async function removeCartItem(db: Database, owner: CartOwner, variantId: number, country: string, now: number): Promise<Cart> {
  const cart = await writeCart(
    db,
    owner,
    country,
    now,
    false,
    async (tx, row) => {
      const deleted = await tx.deleteFrom('cart_items').where('cart_id', '=', row.id).where('variant_id', '=', variantId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new CartRefusal('CART_ITEM_NOT_FOUND');
    },
    () => {
      throw new CartRefusal('CART_ITEM_NOT_FOUND');
    },
  );
  if (!cart) throw new CartRefusal('CART_ITEM_NOT_FOUND');
  return cart;
}

/** POST /api/cart/coupon: the code must name a usable coupon whose minimum the subtotal reaches. */
export async function applyCoupon(db: Database, owner: CartOwner, code: string, country: string, now: number): Promise<Cart> {
  const cart = await writeCart(db, owner, country, now, true, async (tx, row) => {
    const coupon = await findUsableCoupon(tx, code, now);
    if (!coupon) throw new CartRefusal('COUPON_INVALID');
    const subtotal = totalsOf(
      (await lineRows(tx, row.id)).map(toItem).map((i) => ({ unitPrice: i.unit_price, quantity: i.quantity })),
      country,
      null,
    ).subtotal;
    if (subtotal < coupon.minSubtotal) throw new CartRefusal('COUPON_INVALID');
    await tx.updateTable('carts').set({ coupon_code: coupon.code }).where('id', '=', row.id).execute();
    row.coupon_code = coupon.code;
  });
  if (!cart) throw new Error('cart write without a cart');
  return cart;
}

/** DELETE /api/cart/coupon (no coupon, or no cart: the same answer). */
export async function removeCoupon(db: Database, owner: CartOwner, country: string, now: number): Promise<Cart | null> {
  return writeCart(db, owner, country, now, false, async (tx, row) => {
    await tx.updateTable('carts').set({ coupon_code: null }).where('id', '=', row.id).execute();
    row.coupon_code = null;
  });
}

/** DELETE /api/cart: removes every line and the coupon; null when there was no cart. */
export async function clearCart(db: Database, owner: CartOwner, country: string, now: number): Promise<Cart | null> {
  return writeCart(db, owner, country, now, false, async (tx, row) => {
    await tx.deleteFrom('cart_items').where('cart_id', '=', row.id).execute();
    await tx.updateTable('carts').set({ coupon_code: null }).where('id', '=', row.id).execute();
    row.coupon_code = null;
  });
}

/**
 * POST /api/cart/merge: the guest cart's lines are added to the user's, each capped by its variant's stock
 * (and the line limit); lines out of stock are dropped. The user's coupon stays; without one the guest's
 * comes along. The guest cart is deleted. No guest cart: the user's cart as it is.
 */
export async function mergeGuestCart(db: Database, userId: number, guestHash: string | null, country: string, now: number): Promise<Cart> {
  const owner: CartOwner = { userId };
  let merged = false;
  let cartId = 0;
  let updatedAt = 0;
  const answer = await writeTransaction(db, [], async (tx) => {
    const guest = guestHash === null ? null : await findCartRow(tx, db, { guestHash }, true);
    if (!guest) return cartJson(tx, await findCartRow(tx, db, owner, false), country, now);
    const cart = await cartForWrite(tx, db, owner, now);
    const guestLines = await tx
      .selectFrom('cart_items')
      .select(['variant_id', 'product_id', 'quantity', 'added_at'])
      .where('cart_id', '=', guest.id)
      .orderBy('added_at')
      .orderBy('variant_id')
      .execute();
    let lines = await lineCount(tx, cart.id);
    for (const line of guestLines) {
      const variantId = Number(line.variant_id);
      const stock = Math.min(await variantStock(tx, variantId), MAX_LINE_QUANTITY);
      const existing = await lineQuantity(tx, cart.id, variantId);
      const target = Math.min((existing ?? 0) + Number(line.quantity), stock);
      if (existing === null) {
        if (target <= 0 || lines >= MAX_CART_LINES) continue;
        await tx
          .insertInto('cart_items')
          .values({ cart_id: cart.id, variant_id: variantId, product_id: Number(line.product_id), quantity: target, added_at: Number(line.added_at), updated_at: now })
          .execute();
        lines += 1;
      } else if (target > existing) {
        await tx.updateTable('cart_items').set({ quantity: target, updated_at: now }).where('cart_id', '=', cart.id).where('variant_id', '=', variantId).execute();
      }
    }
    if (cart.coupon_code === null && guest.coupon_code !== null) {
      await tx.updateTable('carts').set({ coupon_code: guest.coupon_code }).where('id', '=', cart.id).execute();
      cart.coupon_code = guest.coupon_code;
    }
    await tx.deleteFrom('carts').where('id', '=', guest.id).execute();
    await touch(tx, cart, now);
    merged = true;
    cartId = cart.id;
    updatedAt = cart.updated_at;
    return cartJson(tx, cart, country, now);
  });
  if (merged) poke(db, owner, cartId, updatedAt);
  return answer;
}

/**
 * POST /api/cart/checkout: every line re-checked against the catalogue now (product live, stock enough,
 * prices are always the catalogue's), and the coupon still usable; the first problem is the refusal.
 */
export async function checkCart(db: Database, userId: number, country: string, now: number): Promise<Cart> {
  return db.kysely.transaction().execute(async (tx) => {
    const cart = await findCartRow(tx, db, { userId }, false);
    if (!cart) throw new CartRefusal('CART_EMPTY');
    const all = await tx
      .selectFrom('cart_items')
      .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
      .innerJoin('products', 'products.id', 'cart_items.product_id')
      .innerJoin('shops', 'shops.id', 'products.shop_id')
      .select(['cart_items.variant_id', 'cart_items.quantity', 'product_variants.stock', 'products.deleted', 'shops.status'])
      .where('cart_items.cart_id', '=', cart.id)
      .orderBy('cart_items.added_at')
      .orderBy('cart_items.variant_id')
      .execute();
    if (all.length === 0) throw new CartRefusal('CART_EMPTY');
    for (const line of all) {
      const gone = Number(line.deleted) !== 0 || line.status === 'suspended';
      const stock = gone ? 0 : Math.max(0, Number(line.stock));
      if (stock === 0) throw new CartRefusal('OUT_OF_STOCK', { variant_id: Number(line.variant_id), available: 0 });
      if (Number(line.quantity) > stock) throw new CartRefusal('QUANTITY_EXCEEDS_STOCK', { variant_id: Number(line.variant_id), available: stock });
    }
    const answer = await cartJson(tx, cart, country, now);
    if (cart.coupon_code !== null) {
      const coupon = answer.coupon;
      if (coupon === null || answer.subtotal < coupon.minSubtotal) throw new CartRefusal('COUPON_INVALID');
    }
    return answer;
  });
}

/**
 * For the orders repository (placing an order): removes the user's cart lines of these variants inside the
 * caller's transaction. Returns the cart id and new updated_at to poke `cart` with after commit, or null
 * when nothing was removed.
 */
export async function removeOrderedLines(
  tx: Tx,
  dialect: Dialect,
  userId: number,
  variantIds: readonly number[],
  now: number,
): Promise<{ cartId: number; updatedAt: number } | null> {
  if (variantIds.length === 0) return null;
  // PostgreSQL: the cart's row before its lines, as every cart writer takes them (findCartRow), so a cart edit
  // of the same user at the same moment waits instead of meeting this in a deadlock.
  let query = tx.selectFrom('carts').select(['id', 'updated_at']).where('user_id', '=', userId);
  if (dialect === 'postgres') query = query.forUpdate();
  const cart = await query.executeTakeFirst();
  if (!cart) return null;
  const deleted = await tx.deleteFrom('cart_items').where('cart_id', '=', cart.id).where('variant_id', 'in', [...variantIds]).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return null;
  const updatedAt = Math.max(now, Number(cart.updated_at) + 1);
  await tx.updateTable('carts').set({ updated_at: updatedAt }).where('id', '=', cart.id).execute();
  return { cartId: Number(cart.id), updatedAt };
}

/** Pokes `cart` to a user's streams (after the transaction of removeOrderedLines commits). */
export function pokeCart(db: Database, userId: number, cartId: number, updatedAt: number): void {
  poke(db, { userId }, cartId, updatedAt);
}

/** Deletes guest carts untouched for GUEST_CART_TTL_MS (their lines go with them). */
export async function sweepGuestCarts(db: Database, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('carts')
    .where('user_id', 'is', null)
    .where('updated_at', '<=', now - GUEST_CART_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
