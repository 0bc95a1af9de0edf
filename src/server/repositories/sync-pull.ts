/**
 * Replication pulls: documents strictly after a (updatedAt, id) checkpoint, in
 * that order, soft-deleted ones included (_deleted: true).
 *
 * A product that is not public (its shop not active, or unpublished: product-visibility.ts) is soft-deleted, so
 * it goes as a tombstone. A pending shop (signed up, not yet activated) is not sent at all: no client has it,
 * and activating it stamps it, so it arrives then.
 */
import { sql, type SqlBool } from 'kysely';
import { onlyShown, type TextLanguage } from '../../domain/catalog-text';
import type { Checkpoint, PullResponse, ReplicatedCollection } from '../../sync/protocol';
import { PROTOCOL_VERSION } from '../../sync/protocol';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import type { ReplicatedTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { toCategoryDoc } from './category-docs';
import { toReviewDocs } from './review-docs';
import { selectProductDocColumns, toProductDocs } from './product-docs';
import { toShopDoc } from './shop-docs';

export interface PullRequest {
  /** null: from the beginning. */
  after: Checkpoint | null;
  limit: number;
  /**
   * Products only: send each product's descriptions in this language alone (the one a reader of it is shown,
   * along the fallback chain) instead of in every language held. Names stay complete (docs/CATALOGUE.md).
   */
  descriptionsIn?: TextLanguage;
}

/** (updated_at, id) strictly after the checkpoint, ids compared as text like compareCheckpoints does. */
function afterCheckpoint(db: Database, table: ReplicatedTable, after: PullRequest['after']) {
  if (after === null) return sql<SqlBool>`1 = 1`;
  const updated = sql.ref(`${table}.updated_at`);
  const id = idText(db.dialect, `${table}.id`);
  return sql<SqlBool>`(${updated} > ${after.updatedAt} or (${updated} = ${after.updatedAt} and ${id} > ${after.id}))`;
}

/** Rows a pull of `table` sends: all but pending shops. */
function sent(table: ReplicatedTable) {
  return table === 'shops' ? sql<SqlBool>`shops.status <> 'pending'` : sql<SqlBool>`1 = 1`;
}

async function countAfter(db: Database, tx: Tx, table: ReplicatedTable, after: PullRequest['after']): Promise<number> {
  const row = await tx
    .selectFrom(table)
    .where(afterCheckpoint(db, table, after))
    .where(sent(table))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function documentsAfter(db: Database, tx: Tx, collection: ReplicatedCollection, req: PullRequest) {
  if (collection === 'products') {
    const rows = await selectProductDocColumns(tx)
      .where(afterCheckpoint(db, 'products', req.after))
      .orderBy('products.updated_at')
      .orderBy(idText(db.dialect, 'products.id'))
      .limit(req.limit)
      .execute();
    const docs = await toProductDocs(tx, rows);
    const language = req.descriptionsIn;
    return language === undefined ? docs : docs.map((doc) => ({ ...doc, descriptions: onlyShown(doc.descriptions, language) }));
  }
  if (collection === 'reviews') {
    const rows = await tx
      .selectFrom('reviews')
      .selectAll()
      .where(afterCheckpoint(db, 'reviews', req.after))
      .orderBy('updated_at')
      .orderBy(idText(db.dialect, 'id'))
      .limit(req.limit)
      .execute();
    return toReviewDocs(tx, rows);
  }
  const rows = await tx
    .selectFrom(collection)
    .selectAll()
    .where(afterCheckpoint(db, collection, req.after))
    .where(sent(collection))
    .orderBy('updated_at')
    .orderBy(idText(db.dialect, 'id'))
    .limit(req.limit)
    .execute();
  return collection === 'categories'
    ? rows.map((r) => toCategoryDoc(r as Parameters<typeof toCategoryDoc>[0]))
    : rows.map((r) => toShopDoc(r as Parameters<typeof toShopDoc>[0]));
}

export async function pull<C extends ReplicatedCollection>(
  db: Database,
  collection: C,
  req: PullRequest,
): Promise<PullResponse<C>> {
  // One read transaction, so the batch and the remaining count agree (PostgreSQL: repeatable read).
  const run = async (tx: Tx) => {
    const documents = await documentsAfter(db, tx, collection, req);
    const last = documents[documents.length - 1];
    const checkpoint: Checkpoint | null = last
      ? { updatedAt: last.updatedAt, id: last.id }
      : req.after;
    const remaining = checkpoint === null ? 0 : await countAfter(db, tx, collection, checkpoint);
    return { v: PROTOCOL_VERSION, documents, checkpoint, remaining } as unknown as PullResponse<C>;
  };
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().setIsolationLevel('repeatable read').execute(run);
  }
  return db.kysely.transaction().execute(run);
}
