/**
 * The personal pulls of conversations and messages (docs/COMMUNITY.md
 * "Messages"): a user's conversations as a buyer and those of the shop they
 * sell for, and every message of those conversations, strictly after a
 * (updatedAt, id) checkpoint, id being the document id compared as text like
 * compareCheckpoints (byte order on PostgreSQL). Nothing here is ever deleted.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Conversation, Message } from '../../domain/community-schemas';
import { PROTOCOL_VERSION, type Checkpoint } from '../../sync/protocol';
import type { Database } from '../db/database';
import { clientDocId, idText } from '../db/id-text';
import type { Tx } from '../db/write-transaction';
import { toConversationDocs, toMessageDocs } from './message-docs';
import { ownShopOf } from './message-reads';
import type { PullRequest } from './sync-pull';

export interface PersonalPullResponse<D> {
  v: typeof PROTOCOL_VERSION;
  documents: (D & { _deleted: boolean })[];
  checkpoint: Checkpoint | null;
  remaining: number;
}

const conversationDocId = (db: Database) => idText(db.dialect, 'conversations.id');
const messageDocIdExpr = (db: Database) => clientDocId(db.dialect, 'messages');

function after(updated: RawBuilder<number>, id: RawBuilder<string>, checkpoint: Checkpoint | null): RawBuilder<SqlBool> {
  if (checkpoint === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${updated} > ${checkpoint.updatedAt} or (${updated} = ${checkpoint.updatedAt} and ${id} > ${checkpoint.id}))`;
}

function participant(userId: number, shopId: number | null): RawBuilder<SqlBool> {
  return shopId === null
    ? sql<SqlBool>`${sql.ref('conversations.user_id')} = ${userId}`
    : sql<SqlBool>`(${sql.ref('conversations.user_id')} = ${userId} or ${sql.ref('conversations.shop_id')} = ${shopId})`;
}

async function inSnapshot<T>(db: Database, run: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().setIsolationLevel('repeatable read').execute(run);
  return db.kysely.transaction().execute(run);
}

export async function pullConversations(db: Database, userId: number, req: PullRequest): Promise<PersonalPullResponse<Conversation>> {
  return inSnapshot(db, async (tx) => {
    const shopId = await ownShopOf(tx, userId);
    const updated = sql<number>`${sql.ref('conversations.updated_at')}`;
    const rows = await tx
      .selectFrom('conversations')
      .selectAll()
      .where(participant(userId, shopId))
      .where(after(updated, conversationDocId(db), req.after))
      .orderBy('updated_at')
      .orderBy(conversationDocId(db))
      .limit(req.limit)
      .execute();
    const documents = (await toConversationDocs(tx, rows, userId)).map((d) => ({ ...d, _deleted: false }));
    const last = documents[documents.length - 1];
    const checkpoint = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    const count = await tx
      .selectFrom('conversations')
      .where(participant(userId, shopId))
      .where(after(updated, conversationDocId(db), checkpoint))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { v: PROTOCOL_VERSION, documents, checkpoint, remaining: Number(count?.n ?? 0) };
  });
}

export async function pullMessages(db: Database, userId: number, req: PullRequest): Promise<PersonalPullResponse<Message>> {
  return inSnapshot(db, async (tx) => {
    const shopId = await ownShopOf(tx, userId);
    const updated = sql<number>`${sql.ref('messages.updated_at')}`;
    const rows = await tx
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .selectAll('messages')
      .where(participant(userId, shopId))
      .where(after(updated, messageDocIdExpr(db), req.after))
      .orderBy('messages.updated_at')
      .orderBy(messageDocIdExpr(db))
      .limit(req.limit)
      .execute();
    const documents = (await toMessageDocs(tx, rows)).map((d) => ({ ...d, _deleted: false }));
    const last = documents[documents.length - 1];
    const checkpoint = last ? { updatedAt: last.updatedAt, id: last.id } : req.after;
    const count = await tx
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .where(participant(userId, shopId))
      .where(after(updated, messageDocIdExpr(db), checkpoint))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { v: PROTOCOL_VERSION, documents, checkpoint, remaining: Number(count?.n ?? 0) };
  });
}
