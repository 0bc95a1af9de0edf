/**
 * Shop follows (docs/REVIEWS-FOLLOWS.md): one row per (user, shop), unfollow
 * is a soft delete so the personal `follows` replication sees it. Each real
 * change moves shops.followers by exactly one in the same transaction (the
 * shops write lock serialises follow writes, so nothing drifts) and bumps the
 * shop's updated_at so the catalogue sync carries the new count.
 *
 * Why a step and not a recount: the demo seed gives shops a synthetic follower
 * count with no rows behind it (seed-demo.ts). A step keeps `followers - live
 * rows` constant per shop: equal to the rows for every shop that starts at 0,
 * and the seeded number plus the real follows for the demo shops.
 */
import type { CollectionChange } from '../changes/change-notifier';
import type { Database } from '../db/database';
import { replicationClock, writeTransaction, type Tx } from '../db/write-transaction';

export type FollowOutcome =
  | { kind: 'ok'; isFollowing: boolean; followers: number }
  | { kind: 'not_found' }
  | { kind: 'suspended' };

/** follows.updated_at values: strictly increasing over the table (writers hold the shops lock). */
async function followsClock(tx: Tx, now: number): Promise<number> {
  const row = await tx
    .selectFrom('follows')
    .select((eb) => eb.fn.max<number | null>('updated_at').as('last'))
    .executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  return Math.max(now, last + 1);
}

/** Follows (follow = true) or unfollows a shop; a no-op when already in that state (no write, no bump). */
export async function setFollow(db: Database, userId: number, shopId: number, follow: boolean, now: number = Date.now()): Promise<FollowOutcome> {
  const changes: CollectionChange[] = [];
  const outcome = await writeTransaction(db, ['shops'], async (tx): Promise<FollowOutcome> => {
    changes.length = 0; // a deadlock victim runs again (writeTransaction)
    const shop = await tx.selectFrom('shops').select(['id', 'status', 'followers']).where('id', '=', shopId).where('deleted', '=', 0).executeTakeFirst();
    // A pending shop (signed up, not yet activated: issue 23) is not public.
    if (!shop || shop.status === 'pending') return { kind: 'not_found' };
    const existing = await tx
      .selectFrom('follows')
      .select(['deleted'])
      .where('user_id', '=', userId)
      .where('shop_id', '=', shopId)
      .executeTakeFirst();
    const following = existing !== undefined && Number(existing.deleted) === 0;
    if (following === follow) return { kind: 'ok', isFollowing: follow, followers: Number(shop.followers) };
    if (follow && shop.status === 'suspended') return { kind: 'suspended' };

    const updatedAt = await followsClock(tx, now);
    if (existing === undefined) {
      await tx.insertInto('follows').values({ user_id: userId, shop_id: shopId, created_at: now, updated_at: updatedAt, deleted: 0 }).execute();
    } else {
      await tx
        .updateTable('follows')
        .set(follow ? { deleted: 0, updated_at: updatedAt, created_at: now } : { deleted: 1, updated_at: updatedAt })
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .execute();
    }
    const followers = Math.max(0, Number(shop.followers) + (follow ? 1 : -1));
    const shopUpdatedAt = (await replicationClock(tx, 'shops', now)).next();
    await tx.updateTable('shops').set({ followers, updated_at: shopUpdatedAt }).where('id', '=', shopId).execute();
    changes.push({ collection: 'shops', checkpoint: { updatedAt: shopUpdatedAt, id: String(shopId) }, scope: 'counters' });
    changes.push({ collection: 'follows', userId, checkpoint: { updatedAt, id: String(shopId) } });
    return { kind: 'ok', isFollowing: follow, followers };
  });
  for (const change of changes) db.changes.publish(change);
  return outcome;
}

export async function isFollowing(db: Database, userId: number, shopId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('follows')
    .select('deleted')
    .where('user_id', '=', userId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return row !== undefined && Number(row.deleted) === 0;
}

export async function shopExists(db: Database, shopId: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('shops').select('id').where('id', '=', shopId).where('deleted', '=', 0).where('status', '<>', 'pending').executeTakeFirst();
  return row !== undefined;
}
