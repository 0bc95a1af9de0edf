/**
 * The wishlist the UI sees: the local `wishlist` documents with the unsettled outbox entries laid over them
 * (in queue order), newest first, each with its product when the local catalogue has it.
 */
import { combineLatest, map, switchMap, type Observable } from 'rxjs';
import type { WishlistDoc } from '../../domain/commerce-schemas';
import type { WishlistedState, WishlistEntry } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import { SEND_STATES } from '../outbox';
import type { OutboxEntry } from '../outbox-entry';
import { itemAfter, plainWishlist } from '../wishlist';
import { distinctResults } from './live';
import { toProductDoc } from './plain-docs';

const WISHLIST_KINDS = ['wishlist_add', 'wishlist_update', 'wishlist_remove'];

function unsettledWishlistEntries(db: SoukDatabase, productId?: string) {
  return db.outbox.find({
    selector: {
      kind: { $in: WISHLIST_KINDS },
      state: { $in: [...SEND_STATES] },
      ...(productId === undefined ? {} : { target: { $eq: productId } }),
    },
    sort: [{ createdAt: 'asc' }],
  });
}

/** Product id → item, with the queued changes applied; and the ids with a change queued. */
export function wishlistView(docs: readonly WishlistDoc[], entries: readonly OutboxEntry[]): { items: Map<string, WishlistDoc>; pending: Set<string> } {
  const items = new Map(docs.map((d) => [d.id, d]));
  const pending = new Set<string>();
  for (const e of [...entries].sort((a, b) => a.createdAt - b.createdAt)) {
    pending.add(e.target);
    const after = itemAfter(e, items.get(e.target) ?? null);
    if (after) items.set(e.target, after);
    else items.delete(e.target);
  }
  return { items, pending };
}

async function withProducts(db: SoukDatabase, view: ReturnType<typeof wishlistView>): Promise<WishlistEntry[]> {
  const items = [...view.items.values()].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const products = items.length === 0 ? new Map() : await db.products.findByIds(items.map((i) => i.id)).exec();
  return items.map((item) => {
    const product = products.get(item.id);
    return { item, product: product ? toProductDoc(product) : null, pending: view.pending.has(item.id) };
  });
}

export async function findWishlist(db: SoukDatabase): Promise<WishlistEntry[]> {
  const [docs, entries] = await Promise.all([db.wishlist.find().exec(), unsettledWishlistEntries(db).exec()]);
  return withProducts(db, wishlistView(docs.map(plainWishlist), entries.map((e) => e.toMutableJSON())));
}

export function watchWishlist(db: SoukDatabase): Observable<WishlistEntry[]> {
  return combineLatest([db.wishlist.find().$, unsettledWishlistEntries(db).$, db.products.find().$]).pipe(
    switchMap(([docs, entries]) => withProducts(db, wishlistView(docs.map(plainWishlist), entries.map((e) => e.toMutableJSON())))),
    distinctResults(),
  );
}

function wishlistedState(doc: WishlistDoc | null, entries: readonly OutboxEntry[], productId: string): WishlistedState {
  const view = wishlistView(doc ? [doc] : [], entries);
  return { wishlisted: view.items.has(productId), pending: entries.length > 0 };
}

export async function findWishlisted(db: SoukDatabase, productId: string): Promise<WishlistedState> {
  const [doc, entries] = await Promise.all([db.wishlist.findOne(productId).exec(), unsettledWishlistEntries(db, productId).exec()]);
  return wishlistedState(doc ? plainWishlist(doc) : null, entries.map((e) => e.toMutableJSON()), productId);
}

export function watchWishlisted(db: SoukDatabase, productId: string): Observable<WishlistedState> {
  return combineLatest([db.wishlist.findOne(productId).$, unsettledWishlistEntries(db, productId).$]).pipe(
    map(([doc, entries]) => wishlistedState(doc ? plainWishlist(doc) : null, entries.map((e) => e.toMutableJSON()), productId)),
    distinctResults(),
  );
}
