/**
 * The personal `orders` pull: the caller's own orders strictly after a
 * (updatedAt, id) checkpoint, id being the order's document id (its client
 * ref, else the order id) compared as text like compareCheckpoints. Orders are
 * never deleted, so every document comes with _deleted: false.
 */
import type { OrderDoc } from '../../domain/commerce-schemas';
import type { PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { clientDocId } from '../db/id-text';
import { toOrderDocs } from './orders';
import { afterCheckpoint, runPersonalPull } from './personal-pull';
import type { PullRequest } from './sync-pull';

export function pullOrders(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'orders'>> {
  const id = clientDocId(db.dialect, 'orders');
  return runPersonalPull<OrderDoc>(db, req, {
    after: (checkpoint) => afterCheckpoint('orders.updated_at', id, checkpoint),
    async read(tx, where, limit) {
      const rows = await tx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where(where)
        .orderBy('updated_at')
        .orderBy(id)
        .limit(limit)
        .execute();
      return (await toOrderDocs(tx, rows)).map((d) => ({ ...d, _deleted: false }));
    },
    async count(tx, where) {
      const row = await tx
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
