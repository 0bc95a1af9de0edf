/**
 * Wishlists (docs/COMMERCE.md, "Wishlist API"): one row per (user, product),
 * removal is a soft delete so the personal `wishlist` pull sees it (like
 * follows). Every write stamps updated_at strictly increasing per user: the
 * writers of one user are serialised (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
 * transaction-scoped advisory lock on (wishlist, user)), and each takes
 * max(now, that user's last + 1), so a pull checkpoint never skips a row.
 * After commit the write pokes `wishlist` to the owner's streams.
 */
import { sql } from 'kysely';
import type { WishlistDoc } from '../../domain/commerce-schemas';
import { fromCentimes } from '../../domain/money';
import type { Database } from '../db/database';
import { writeTransaction, type Tx } from '../db/write-transaction';

/** First key of the (wishlist, user) advisory lock on PostgreSQL. */
const WISHLIST_LOCK_KEY = 7_310_101;

export interface WishlistProduct {
  id: number;
  name: string;
  name_ar: string;
  main_image: string;
  price: number;
  effective_price: number;
  in_stock: boolean;
}

export type WishlistItem = WishlistDoc & { product: WishlistProduct };

export interface WishlistInput {
  notify_price_drop?: boolean;
  notify_back_in_stock?: boolean;
  notes?: string;
}

export type WishlistAddOutcome = { kind: 'ok'; item: WishlistItem } | { kind: 'exists' } | { kind: 'not_found' };

interface ItemRow {
  product_id: number;
  notify_price_drop: number;
  notify_back_in_stock: number;
  notes: string;
  created_at: number;
  updated_at: number;
  name: string;
  name_ar: string;
  images_json: string;
  price_cents: number;
  effective_cents: number;
  in_stock: number;
}

function mainImageOf(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
  } catch {
    return '';
  }
}

export function wishlistDocOf(r: {
  product_id: number;
  notify_price_drop: number;
  notify_back_in_stock: number;
  notes: string;
  created_at: number;
  updated_at: number;
}): WishlistDoc {
  return {
    id: String(r.product_id),
    product_id: Number(r.product_id),
    notify_price_drop: Number(r.notify_price_drop) === 1,
    notify_back_in_stock: Number(r.notify_back_in_stock) === 1,
    notes: r.notes,
    created_at: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toItem(r: ItemRow): WishlistItem {
  return {
    ...wishlistDocOf(r),
    product: {
      id: Number(r.product_id),
      name: r.name,
      name_ar: r.name_ar,
      main_image: mainImageOf(r.images_json),
      price: fromCentimes(Number(r.price_cents)),
      effective_price: fromCentimes(Number(r.effective_cents)),
      in_stock: Number(r.in_stock) === 1,
    },
  };
}

function itemQuery(tx: Tx, userId: number) {
  return tx
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .select([
      'wishlist_items.product_id',
      'wishlist_items.notify_price_drop',
      'wishlist_items.notify_back_in_stock',
      'wishlist_items.notes',
      'wishlist_items.created_at',
      'wishlist_items.updated_at',
      'products.name',
      'products.name_ar',
      'products.images_json',
      'products.price_cents',
      'products.effective_cents',
      'products.in_stock',
    ])
    .where('wishlist_items.user_id', '=', userId)
    .where('wishlist_items.deleted', '=', 0);
}

/** GET /api/wishlist: the user's live items (of products still listed), newest first. */
export async function listWishlist(db: Database, userId: number): Promise<WishlistItem[]> {
  const rows = await itemQuery(db.kysely, userId)
    .where('products.deleted', '=', 0)
    .orderBy('wishlist_items.created_at', 'desc')
    .orderBy('wishlist_items.product_id', 'desc')
    .execute();
  return rows.map(toItem);
}

/** A user's next updated_at: after every one they already have (the caller holds the user's wishlist lock). */
async function userClock(db: Database, tx: Tx, userId: number, now: number): Promise<number> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${WISHLIST_LOCK_KEY}::int4, ${userId}::int4)`.execute(tx);
  const row = await tx
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.max<number | null>('updated_at').as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  return Math.max(now, last + 1);
}

function poke(db: Database, userId: number, productId: number, updatedAt: number): void {
  db.changes.publish({ collection: 'wishlist', userId, checkpoint: { updatedAt, id: String(productId) } });
}

async function readItem(tx: Tx, userId: number, productId: number): Promise<WishlistItem | null> {
  const row = await itemQuery(tx, userId).where('wishlist_items.product_id', '=', productId).executeTakeFirst();
  return row ? toItem(row) : null;
}

/** POST /api/wishlist: a new item (a removed one comes back); already there → exists; unknown product → not_found. */
export async function addToWishlist(db: Database, userId: number, productId: number, input: WishlistInput, now: number): Promise<WishlistAddOutcome> {
  const outcome = await writeTransaction(db, [], async (tx): Promise<WishlistAddOutcome> => {
    const product = await tx.selectFrom('products').select('id').where('id', '=', productId).where('deleted', '=', 0).executeTakeFirst();
    if (!product) return { kind: 'not_found' };
    const updatedAt = await userClock(db, tx, userId, now);
    const existing = await tx
      .selectFrom('wishlist_items')
      .select('deleted')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (existing && Number(existing.deleted) === 0) return { kind: 'exists' };
    const values = {
      notify_price_drop: input.notify_price_drop === true ? 1 : 0,
      notify_back_in_stock: input.notify_back_in_stock === true ? 1 : 0,
      notes: input.notes ?? '',
      created_at: now,
      updated_at: updatedAt,
      deleted: 0,
    };
    if (existing) {
      await tx.updateTable('wishlist_items').set(values).where('user_id', '=', userId).where('product_id', '=', productId).execute();
    } else {
      await tx.insertInto('wishlist_items').values({ user_id: userId, product_id: productId, ...values }).execute();
    }
    const item = await readItem(tx, userId, productId);
    if (!item) throw new Error('wishlist item missing after write');
    return { kind: 'ok', item };
  });
  if (outcome.kind === 'ok') poke(db, userId, productId, outcome.item.updatedAt);
  return outcome;
}

/** PUT /api/wishlist/{productId}: changes the given fields of a live item; null when it is not there. */
export async function updateWishlistItem(db: Database, userId: number, productId: number, patch: WishlistInput, now: number): Promise<WishlistItem | null> {
  const item = await writeTransaction(db, [], async (tx) => {
    const updatedAt = await userClock(db, tx, userId, now);
    const set: { updated_at: number; notify_price_drop?: number; notify_back_in_stock?: number; notes?: string } = { updated_at: updatedAt };
    if (patch.notify_price_drop !== undefined) set.notify_price_drop = patch.notify_price_drop ? 1 : 0;
    if (patch.notify_back_in_stock !== undefined) set.notify_back_in_stock = patch.notify_back_in_stock ? 1 : 0;
    if (patch.notes !== undefined) set.notes = patch.notes;
    const result = await tx
      .updateTable('wishlist_items')
      .set(set)
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return readItem(tx, userId, productId);
  });
  if (item) poke(db, userId, productId, item.updatedAt);
  return item;
}

/** DELETE /api/wishlist/{productId}: a soft delete; false when it was not there (nothing written). */
export async function removeFromWishlist(db: Database, userId: number, productId: number, now: number): Promise<boolean> {
  const updatedAt = await writeTransaction(db, [], async (tx) => {
    const clock = await userClock(db, tx, userId, now);
    const result = await tx
      .updateTable('wishlist_items')
      .set({ deleted: 1, updated_at: clock })
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? null : clock;
  });
  if (updatedAt === null) return false;
  poke(db, userId, productId, updatedAt);
  return true;
}
