/**
 * One user's documents of a personal collection strictly after a
 * (updatedAt, id) checkpoint (src/sync/protocol.ts), in that order, with the
 * count left after the page: the shape every personal pull shares (follows,
 * wishlist, orders…). A collection says how to read its rows and turn them into
 * documents; this holds the checkpoint rule, the page's checkpoint and count,
 * and the snapshot they are read in (repeatable read on PostgreSQL, so the page
 * and its count agree).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PROTOCOL_VERSION, type Checkpoint } from '../../sync/protocol';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import type { PullRequest } from './sync-pull';

/** `(updated, id) > after` with the id compared as text (pass idText(…) or another text expression). */
export function afterCheckpoint(updatedColumn: string, id: RawBuilder<string>, after: Checkpoint | null): RawBuilder<SqlBool> {
  if (after === null) return sql<SqlBool>`1 = 1`;
  const updated = sql.ref(updatedColumn);
  return sql<SqlBool>`(${updated} > ${after.updatedAt} or (${updated} = ${after.updatedAt} and ${id} > ${after.id}))`;
}

export interface PersonalPullSource<D extends { id: string; updatedAt: number }> {
  /** The user's rows matching `where`, ordered by (updated_at, id as text), at most `limit`, as documents. */
  read(tx: Tx, where: RawBuilder<SqlBool>, limit: number): Promise<(D & { _deleted: boolean })[]>;
  /** How many of the user's rows match `where`. */
  count(tx: Tx, where: RawBuilder<SqlBool>): Promise<number>;
  /** The checkpoint condition for this collection (afterCheckpoint with its columns). */
  after(checkpoint: Checkpoint | null): RawBuilder<SqlBool>;
}

export interface PersonalPage<D> {
  v: typeof PROTOCOL_VERSION;
  documents: (D & { _deleted: boolean })[];
  checkpoint: Checkpoint | null;
  remaining: number;
}

export async function runPersonalPull<D extends { id: string; updatedAt: number }>(
  db: Database,
  req: PullRequest,
  source: PersonalPullSource<D>,
): Promise<PersonalPage<D>> {
  const run = async (tx: Tx): Promise<PersonalPage<D>> => {
    const documents = await source.read(tx, source.after(req.after), req.limit);
    const last = documents[documents.length - 1];
    const checkpoint: Checkpoint | null = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    const remaining = checkpoint === null ? 0 : await source.count(tx, source.after(checkpoint));
    return { v: PROTOCOL_VERSION, documents, checkpoint, remaining };
  };
  if (db.dialect === 'postgres') return db.kysely.transaction().setIsolationLevel('repeatable read').execute(run);
  return db.kysely.transaction().execute(run);
}
