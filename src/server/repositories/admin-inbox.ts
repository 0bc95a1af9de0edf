/**
 * The operator's inbox (docs/OPERATOR.md "Inbox"): the contact messages, open or answered, newest first; the
 * answer to one (claimed in a transaction with its audit row before the mail goes, given back if the mail
 * fails); the newsletter subscribers for the CSV export.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { ContactMessagesTable } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import { pageMeta, type PageMeta } from '../http/page-meta';
import { recordAudit, type AuditActor } from './audit';

export const CONTACT_MESSAGE_STATUSES = ['open', 'answered'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export interface ContactMessageJson {
  id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactMessageStatus;
  reply: string | null;
  answered_at: number | null;
  answered_by: number | null;
  created_at: number;
}

function messageJson(row: Selectable<ContactMessagesTable>): ContactMessageJson {
  return {
    id: Number(row.id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status === 'answered' ? 'answered' : 'open',
    reply: row.reply,
    answered_at: row.answered_at === null ? null : Number(row.answered_at),
    answered_by: row.answered_by === null ? null : Number(row.answered_by),
    created_at: Number(row.created_at),
  };
}

export interface InboxFilters {
  status?: ContactMessageStatus;
  page: number;
  perPage: number;
}

export async function listContactMessages(db: Database, filters: InboxFilters): Promise<{ data: ContactMessageJson[]; meta: PageMeta }> {
  let query = db.kysely.selectFrom('contact_messages');
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage)
    .execute();
  return {
    data: rows.map(messageJson),
    meta: pageMeta({ page: filters.page, perPage: filters.perPage, total, lastPage: Math.max(1, Math.ceil(total / filters.perPage)) }),
  };
}

export type ClaimOutcome = { kind: 'ok'; message: ContactMessageJson } | { kind: 'not_found' } | { kind: 'answered' };

/** Marks an open message answered with `reply` by `actor`, audited; the mail is sent after (sendReply). */
export async function claimReply(db: Database, id: number, reply: string, actor: AuditActor, now: number): Promise<ClaimOutcome> {
  return writeTransaction(db, [], async (tx) => {
    const row = await tx.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    if (row.status === 'answered') return { kind: 'answered' };
    const updated = await tx
      .updateTable('contact_messages')
      .set({ status: 'answered', reply, answered_at: now, answered_by: actor.userId })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { kind: 'answered' };
    await recordAudit(tx, {
      actor,
      action: 'contact_message.reply',
      objectType: 'contact_message',
      objectId: id,
      before: { status: 'open', reply: null },
      after: { status: 'answered', reply },
      now,
    });
    return { kind: 'ok', message: messageJson(updated) };
  });
}

/** The mail of a claimed answer did not go: the message is open again (audited), unless answered since. */
export async function releaseReply(db: Database, id: number, actor: AuditActor, answeredAt: number, reason: string, now: number): Promise<void> {
  await writeTransaction(db, [], async (tx) => {
    const released = await tx
      .updateTable('contact_messages')
      .set({ status: 'open', reply: null, answered_at: null, answered_by: null })
      .where('id', '=', id)
      .where('status', '=', 'answered')
      .where('answered_at', '=', answeredAt)
      .where('answered_by', '=', actor.userId)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) === 0) return;
    await recordAudit(tx, {
      actor,
      action: 'contact_message.reply_failed',
      objectType: 'contact_message',
      objectId: id,
      before: { status: 'answered' },
      after: { status: 'open', reply: null },
      reason,
      now,
    });
  });
}

/** Every newsletter subscriber, oldest first. */
export async function newsletterSubscribers(db: Database): Promise<{ email: string; createdAt: number }[]> {
  const rows = await db.kysely.selectFrom('newsletter_subscriptions').select(['email', 'created_at']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ email: r.email, createdAt: Number(r.created_at) }));
}
