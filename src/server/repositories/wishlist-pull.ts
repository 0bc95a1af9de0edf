/**
 * The personal `wishlist` pull: the caller's own wishlist documents strictly
 * after a (updatedAt, id) checkpoint, id being the product id compared as text
 * (like compareCheckpoints); removed items come with _deleted: true.
 */
import { sql, type SqlBool } from 'kysely';
import { PROTOCOL_VERSION, type Checkpoint, type PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import type { Tx } from '../db/write-transaction';
import type { PullRequest } from './sync-pull';
import { wishlistDocOf } from './wishlist';

function afterCheckpoint(db: Database, after: Checkpoint | null) {
  if (after === null) return sql<SqlBool>`1 = 1`;
  const updated = sql.ref('wishlist_items.updated_at');
  const id = idText(db.dialect, 'wishlist_items.product_id');
  return sql<SqlBool>`(${updated} > ${after.updatedAt} or (${updated} = ${after.updatedAt} and ${id} > ${after.id}))`;
}

export async function pullWishlist(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'wishlist'>> {
  const run = async (tx: Tx): Promise<PullResponse<'wishlist'>> => {
    const rows = await tx
      .selectFrom('wishlist_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where(afterCheckpoint(db, req.after))
      .orderBy('updated_at')
      .orderBy(idText(db.dialect, 'wishlist_items.product_id'))
      .limit(req.limit)
      .execute();
    const documents = rows.map((r) => ({ ...wishlistDocOf(r), _deleted: Number(r.deleted) === 1 }));
    const last = documents[documents.length - 1];
    const checkpoint: Checkpoint | null = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    let remaining = 0;
    if (checkpoint !== null) {
      const count = await tx
        .selectFrom('wishlist_items')
        .where('user_id', '=', userId)
        .where(afterCheckpoint(db, checkpoint))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      remaining = Number(count?.n ?? 0);
    }
    return { v: PROTOCOL_VERSION, documents, checkpoint, remaining };
  };
  if (db.dialect === 'postgres') return db.kysely.transaction().setIsolationLevel('repeatable read').execute(run);
  return db.kysely.transaction().execute(run);
}
