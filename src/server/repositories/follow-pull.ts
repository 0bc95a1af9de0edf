/**
 * The personal `follows` pull: the caller's own follow documents strictly
 * after a (updatedAt, id) checkpoint, id being the shop id compared as text
 * (like compareCheckpoints); unfollowed shops come with _deleted: true.
 */
import type { FollowDoc } from '../../domain/social';
import type { PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import { afterCheckpoint, runPersonalPull } from './personal-pull';
import type { PullRequest } from './sync-pull';

export function pullFollows(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'follows'>> {
  const id = idText(db.dialect, 'follows.shop_id');
  return runPersonalPull<FollowDoc>(db, req, {
    after: (checkpoint) => afterCheckpoint('follows.updated_at', id, checkpoint),
    async read(tx, where, limit) {
      const rows = await tx
        .selectFrom('follows')
        .selectAll()
        .where('user_id', '=', userId)
        .where(where)
        .orderBy('updated_at')
        .orderBy(id)
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: String(r.shop_id),
        shopId: Number(r.shop_id),
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
        _deleted: Number(r.deleted) === 1,
      }));
    },
    async count(tx, where) {
      const row = await tx
        .selectFrom('follows')
        .where('user_id', '=', userId)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
