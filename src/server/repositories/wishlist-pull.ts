/**
 * The personal `wishlist` pull: the caller's own wishlist documents strictly
 * after a (updatedAt, id) checkpoint, id being the product id compared as text
 * (like compareCheckpoints); removed items come with _deleted: true.
 */
import type { WishlistDoc } from '../../domain/commerce-schemas';
import type { PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import { afterCheckpoint, runPersonalPull } from './personal-pull';
import type { PullRequest } from './sync-pull';
import { wishlistDocOf } from './wishlist';

export function pullWishlist(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'wishlist'>> {
  const id = idText(db.dialect, 'wishlist_items.product_id');
  return runPersonalPull<WishlistDoc>(db, req, {
    after: (checkpoint) => afterCheckpoint('wishlist_items.updated_at', id, checkpoint),
    async read(tx, where, limit) {
      const rows = await tx
        .selectFrom('wishlist_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where(where)
        .orderBy('updated_at')
        .orderBy(id)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...wishlistDocOf(r), _deleted: Number(r.deleted) === 1 }));
    },
    async count(tx, where) {
      const row = await tx
        .selectFrom('wishlist_items')
        .where('user_id', '=', userId)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
