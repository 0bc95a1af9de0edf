/**
 * The personal `orders` pull: the caller's own orders strictly after a
 * (updatedAt, id) checkpoint, id being the order's document id (its client
 * ref, else the order id) compared as text like compareCheckpoints. Orders are
 * never deleted, so every document comes with _deleted: false.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PROTOCOL_VERSION, type Checkpoint, type PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import { toOrderDocs } from './orders';
import type { PullRequest } from './sync-pull';

/** The document id as the database compares it (byte order on PostgreSQL, like JavaScript's on ASCII ids). */
function docIdExpr(db: Database): RawBuilder<string> {
  const id = sql<string>`coalesce(${sql.ref('orders.client_ref')}, cast(${sql.ref('orders.id')} as text))`;
  return db.dialect === 'postgres' ? sql<string>`(${id} collate "C")` : id;
}

function afterCheckpoint(db: Database, after: Checkpoint | null) {
  if (after === null) return sql<SqlBool>`1 = 1`;
  const updated = sql.ref('orders.updated_at');
  const id = docIdExpr(db);
  return sql<SqlBool>`(${updated} > ${after.updatedAt} or (${updated} = ${after.updatedAt} and ${id} > ${after.id}))`;
}

export async function pullOrders(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'orders'>> {
  const run = async (tx: Tx): Promise<PullResponse<'orders'>> => {
    const rows = await tx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where(afterCheckpoint(db, req.after))
      .orderBy('updated_at')
      .orderBy(docIdExpr(db))
      .limit(req.limit)
      .execute();
    const documents = (await toOrderDocs(tx, rows)).map((d) => ({ ...d, _deleted: false }));
    const last = documents[documents.length - 1];
    const checkpoint: Checkpoint | null = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    let remaining = 0;
    if (checkpoint !== null) {
      const count = await tx
        .selectFrom('orders')
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
