/**
 * The follows the UI sees: the local `follows` documents (pulled, or written
 * optimistically) with the unsettled outbox entries laid over them (the newest
 * queued follow/unfollow of a shop wins), so a pull that lands between a queued
 * change and its confirmation cannot flip the button back and forth.
 */
import { combineLatest, map, switchMap, type Observable } from 'rxjs';
import type { ShopDoc } from '../../domain/catalog';
import type { FollowDoc } from '../../domain/social';
import type { FollowingState } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import type { OutboxEntry } from '../outbox-entry';
import { distinctResults } from './live';
import { toShopDoc } from './plain-docs';

const FOLLOW_KINDS = ['follow', 'unfollow'];

function unsettledFollowEntries(db: SoukDatabase, shopId?: string) {
  return db.outbox.find({
    selector: {
      kind: { $in: FOLLOW_KINDS },
      state: { $in: ['pending', 'sending'] },
      ...(shopId === undefined ? {} : { target: { $eq: shopId } }),
    },
    sort: [{ createdAt: 'asc' }],
  });
}

/** Shop id → followed, with the queued changes applied; createdAt of each follow for the order. */
export function followedView(docs: readonly FollowDoc[], entries: readonly OutboxEntry[]): Map<string, number> {
  const followed = new Map(docs.map((d) => [d.id, d.createdAt]));
  for (const e of [...entries].sort((a, b) => a.createdAt - b.createdAt)) {
    if (e.kind === 'follow') followed.set(e.target, followed.get(e.target) ?? e.createdAt);
    else if (e.kind === 'unfollow') followed.delete(e.target);
  }
  return followed;
}

function followingState(doc: FollowDoc | null, entries: readonly OutboxEntry[]): FollowingState {
  const shopId = doc?.id ?? entries[0]?.target ?? '';
  return { isFollowing: followedView(doc ? [doc] : [], entries).has(shopId), pending: entries.length > 0 };
}

const plainFollow = (d: { id: string; shopId: number; createdAt: number; updatedAt: number }): FollowDoc => ({
  id: d.id,
  shopId: d.shopId,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export async function findFollowing(db: SoukDatabase, shopId: string): Promise<FollowingState> {
  const [doc, entries] = await Promise.all([db.follows.findOne(shopId).exec(), unsettledFollowEntries(db, shopId).exec()]);
  return followingState(doc ? plainFollow(doc) : null, entries.map((e) => e.toMutableJSON()));
}

export function watchFollowing(db: SoukDatabase, shopId: string): Observable<FollowingState> {
  return combineLatest([db.follows.findOne(shopId).$, unsettledFollowEntries(db, shopId).$]).pipe(
    map(([doc, entries]) => followingState(doc ? plainFollow(doc) : null, entries.map((e) => e.toMutableJSON()))),
    distinctResults(),
  );
}

async function shopsInOrder(db: SoukDatabase, followed: Map<string, number>): Promise<ShopDoc[]> {
  const ids = [...followed.keys()];
  if (ids.length === 0) return [];
  const shops = await db.shops.findByIds(ids).exec();
  return [...shops.values()]
    .map(toShopDoc)
    .sort((a, b) => (followed.get(b.id) ?? 0) - (followed.get(a.id) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function findFollowedShops(db: SoukDatabase): Promise<ShopDoc[]> {
  const [docs, entries] = await Promise.all([db.follows.find().exec(), unsettledFollowEntries(db).exec()]);
  return shopsInOrder(db, followedView(docs.map(plainFollow), entries.map((e) => e.toMutableJSON())));
}

export function watchFollowedShops(db: SoukDatabase): Observable<ShopDoc[]> {
  return combineLatest([db.follows.find().$, unsettledFollowEntries(db).$, db.shops.find().$]).pipe(
    switchMap(([docs, entries]) => shopsInOrder(db, followedView(docs.map(plainFollow), entries.map((e) => e.toMutableJSON())))),
    distinctResults(),
  );
}

export async function findOutbox(db: SoukDatabase): Promise<OutboxEntry[]> {
  const docs = await db.outbox.find({ selector: {}, sort: [{ createdAt: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON());
}

export function watchOutbox(db: SoukDatabase): Observable<OutboxEntry[]> {
  return db.outbox.find({ selector: {}, sort: [{ createdAt: 'asc' }] }).$.pipe(
    map((docs) => docs.map((d) => d.toMutableJSON())),
    distinctResults(),
  );
}
