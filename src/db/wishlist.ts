/**
 * The wishlist on the local database: the optimistic `wishlist` document next to its outbox entry
 * (POST /api/wishlist, PUT/DELETE /api/wishlist/{productId}), the rollback of a refused one and the retry of
 * a failed one. The view the UI reads (queries/wishlist.ts) lays the unsettled entries over the documents,
 * so a pull that lands between a queued change and its confirmation never flickers. Signed-in users only.
 */
import type { WishlistDoc } from '../domain/commerce-schemas';
import type { SoukDatabase } from './database';
import { newEntry, patchEntry, type OutboxEntry, type Reapply, type Rollback } from './outbox';

export interface WishlistOptions {
  notifyPriceDrop?: boolean;
  notifyBackInStock?: boolean;
  notes?: string;
}

/** The request body of a wishlist add or update (the API's snake_case, only the fields given). */
export interface WishlistBody {
  product_id?: number;
  notify_price_drop?: boolean;
  notify_back_in_stock?: boolean;
  notes?: string;
}

export function checkProductId(productId: string): string {
  if (!/^[1-9]\d{0,17}$/.test(productId)) throw new Error(`Not a product id: ${JSON.stringify(productId)}`);
  return productId;
}

function bodyOf(productId: string | null, o: WishlistOptions): WishlistBody {
  if (o.notes !== undefined && o.notes.length > 500) throw new RangeError('Wishlist notes are at most 500 characters');
  return {
    ...(productId === null ? {} : { product_id: Number(productId) }),
    ...(o.notifyPriceDrop === undefined ? {} : { notify_price_drop: o.notifyPriceDrop }),
    ...(o.notifyBackInStock === undefined ? {} : { notify_back_in_stock: o.notifyBackInStock }),
    ...(o.notes === undefined ? {} : { notes: o.notes }),
  };
}

export function plainWishlist(d: { toJSON(): unknown }): WishlistDoc {
  const { id, product_id, notify_price_drop, notify_back_in_stock, notes, created_at, updatedAt } = d.toJSON() as WishlistDoc;
  return { id, product_id, notify_price_drop, notify_back_in_stock, notes, created_at, updatedAt };
}

async function currentItem(db: SoukDatabase, productId: string): Promise<WishlistDoc | null> {
  const doc = await db.wishlist.findOne(productId).exec();
  return doc ? plainWishlist(doc) : null;
}

async function setItem(db: SoukDatabase, productId: string, doc: WishlistDoc | null): Promise<void> {
  if (doc) {
    await db.wishlist.upsert(doc);
    return;
  }
  const existing = await db.wishlist.findOne(productId).exec();
  if (existing) await existing.remove();
}

/** The item an entry makes of the one before it (null: the entry removes it); also the query overlay. */
export function itemAfter(entry: Pick<OutboxEntry, 'kind' | 'target' | 'body' | 'createdAt'>, before: WishlistDoc | null): WishlistDoc | null {
  if (entry.kind === 'wishlist_remove') return null;
  let body: WishlistBody = {};
  try {
    body = entry.body === null ? {} : (JSON.parse(entry.body) as WishlistBody);
  } catch {
    // Keep the item as it is.
  }
  if (entry.kind === 'wishlist_update' && !before) return null;
  return {
    id: entry.target,
    product_id: Number(entry.target),
    notify_price_drop: body.notify_price_drop ?? before?.notify_price_drop ?? false,
    notify_back_in_stock: body.notify_back_in_stock ?? before?.notify_back_in_stock ?? false,
    notes: body.notes ?? before?.notes ?? '',
    created_at: before?.created_at ?? entry.createdAt,
    // The server assigns updatedAt: the pull replaces the optimistic document.
    updatedAt: before?.updatedAt ?? 0,
  };
}

interface WishlistUndo {
  doc: WishlistDoc | null;
}

function parseUndo(undo: string | null): WishlistUndo {
  if (undo === null) return { doc: null };
  try {
    const value = JSON.parse(undo) as { doc?: WishlistDoc | null };
    return { doc: value.doc ?? null };
  } catch {
    return { doc: null };
  }
}

async function queue(
  db: SoukDatabase,
  productId: string,
  kind: 'wishlist_add' | 'wishlist_update' | 'wishlist_remove',
  body: WishlistBody | null,
  now: number,
): Promise<OutboxEntry> {
  checkProductId(productId);
  const before = await currentItem(db, productId);
  const entry = await newEntry(
    db,
    {
      method: kind === 'wishlist_add' ? 'POST' : kind === 'wishlist_update' ? 'PUT' : 'DELETE',
      path: kind === 'wishlist_add' ? '/api/wishlist' : `/api/wishlist/${productId}`,
      body: body === null ? null : JSON.stringify(body),
      kind,
      target: productId,
      undo: JSON.stringify({ doc: before } satisfies WishlistUndo),
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  await setItem(db, productId, itemAfter(entry, before));
  return entry;
}

export function queueWishlistAdd(db: SoukDatabase, productId: string, o: WishlistOptions = {}, now: number = Date.now()): Promise<OutboxEntry> {
  return queue(db, productId, 'wishlist_add', bodyOf(checkProductId(productId), o), now);
}

export function queueWishlistUpdate(db: SoukDatabase, productId: string, o: WishlistOptions, now: number = Date.now()): Promise<OutboxEntry> {
  return queue(db, productId, 'wishlist_update', bodyOf(null, o), now);
}

export function queueWishlistRemove(db: SoukDatabase, productId: string, now: number = Date.now()): Promise<OutboxEntry> {
  return queue(db, productId, 'wishlist_remove', null, now);
}

/** A refused wishlist change: the item goes back to what it was, unless a later change of it is queued. */
export const rollbackWishlistChange: Rollback = async (db, entry, later) => {
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  await setItem(db, entry.target, parseUndo(entry.undo).doc);
};

export const reapplyWishlistChange: Reapply = async (db, entry) => {
  const before = await currentItem(db, entry.target);
  await setItem(db, entry.target, itemAfter(entry, before));
  return JSON.stringify({ doc: before } satisfies WishlistUndo);
};
