/**
 * The personal `follows` pull: the caller's own follow documents strictly
 * after a (updatedAt, id) checkpoint, id being the shop id compared as text
 * (like compareCheckpoints); unfollowed shops come with _deleted: true.
 */
import { sql, type SqlBool } from 'kysely';
import type { FollowDoc } from '../../domain/social';
import { PROTOCOL_VERSION, type Checkpoint, type PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import type { Tx } from '../db/write-transaction';
import type { PullRequest } from './sync-pull';

function afterCheckpoint(db: Database, after: Checkpoint | null) {
  if (after === null) return sql<SqlBool>`1 = 1`;
  const updated = sql.ref('follows.updated_at');
  const id = idText(db.dialect, 'follows.shop_id');
  return sql<SqlBool>`(${updated} > ${after.updatedAt} or (${updated} = ${after.updatedAt} and ${id} > ${after.id}))`;
}

export async function pullFollows(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'follows'>> {
  const run = async (tx: Tx): Promise<PullResponse<'follows'>> => {
    const rows = await tx
      .selectFrom('follows')
      .selectAll()
      .where('user_id', '=', userId)
      .where(afterCheckpoint(db, req.after))
      .orderBy('updated_at')
      .orderBy(idText(db.dialect, 'follows.shop_id'))
      .limit(req.limit)
      .execute();
    const documents: (FollowDoc & { _deleted: boolean })[] = rows.map((r) => ({
      id: String(r.shop_id),
      shopId: Number(r.shop_id),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      _deleted: Number(r.deleted) === 1,
    }));
    const last = documents[documents.length - 1];
    const checkpoint: Checkpoint | null = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    let remaining = 0;
    if (checkpoint !== null) {
      const count = await tx
        .selectFrom('follows')
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
