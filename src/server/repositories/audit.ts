/**
 * The operator's audit log (issue 24, docs/OPERATOR.md "Audit"): one row per operator action, who did it (user
 * and role at the time), what (an action name such as `shop.update`), on which object (`shop` 12, `period`
 * 2026-11-15…), the object's state before and after (JSON, only the fields the action touches) and the reason
 * given.
 *
 * recordAudit is called INSIDE the transaction that performs the action, with that transaction's handle: the
 * action and its record commit together or not at all. Rows are never updated or deleted.
 *
 * For other operator actions (the inbox, COD remittances, returns):
 *
 *   await writeTransaction(db, [], async (tx) => {
 *     const before = …; // read the row
 *     … // the action
 *     await recordAudit(tx, { actor, action: 'remittance.reconcile', objectType: 'remittance', objectId: id, before, after, reason: null, now });
 *   });
 *
 * `actor` is the request's principal (`{ userId, role }`, from requireRole).
 */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { AuditLogTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { pageMeta, type PageMeta } from '../http/page-meta';
import { displayName } from '../http/user-response';

/** Who acted: the request's principal (requireRole's result has both fields). */
export interface AuditActor {
  userId: number;
  role: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** `{object_type}.{verb}`: shop.update, review.hide, product.unpublish, payout.mark, period.close… */
  action: string;
  objectType: string;
  objectId: number | string;
  /** The fields the action changes as they were (null when it creates the object). Serialised as JSON. */
  before: unknown;
  /** The same fields as the action left them. */
  after: unknown;
  reason?: string | null;
  now: number;
}

/** Writes the audit row of an action, in the action's own transaction `tx`. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actor.userId,
      actor_role: entry.actor.role,
      action: entry.action,
      object_type: entry.objectType,
      object_id: String(entry.objectId),
      before_json: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      created_at: entry.now,
    })
    .execute();
}

/** What an audited write needs besides its own arguments: who acts, and when (the action's time and the row's). */
export interface AuditContext {
  actor: AuditActor;
  now: number;
}

/** The audit repository's writer, for callers that prefer `audit.record(tx, …)`. */
export const audit = { record: recordAudit };

/** Money actions (docs/MONEY.md): by name, and by prefix for the families (payout.mark, period.close, remittance.record…). */
export const MONEY_ACTIONS = ['shop.adjust', 'order.return', 'order.move'] as const;
export const MONEY_ACTION_PREFIXES = ['payout.', 'period.', 'remittance.'] as const;
/** Money objects: every row about them is money, whatever its action. */
export const MONEY_OBJECT_TYPES = ['payout', 'period', 'remittance'] as const;

export interface AuditFilters {
  objectType?: string;
  objectId?: string;
  actorUserId?: number;
  /** Leave out the money rows (a manager's view, docs/OPERATOR.md "Permissions"): MONEY_ACTIONS and MONEY_OBJECT_TYPES. */
  withoutMoney?: boolean;
  page: number;
  perPage: number;
}

export interface AuditJson {
  id: number;
  actor: { id: number | null; name: string | null; email: string | null; role: string };
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: number;
}

export interface AuditPage {
  data: AuditJson[];
  meta: PageMeta;
}

type AuditRow = Selectable<AuditLogTable> & {
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_username: string | null;
  actor_email: string | null;
};

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function auditJson(row: AuditRow): AuditJson {
  return {
    id: Number(row.id),
    actor: {
      id: row.actor_user_id === null ? null : Number(row.actor_user_id),
      name:
        row.actor_username === null
          ? null
          : displayName({ first_name: row.actor_first_name ?? '', last_name: row.actor_last_name ?? '', username: row.actor_username }),
      email: row.actor_email,
      role: row.actor_role,
    },
    action: row.action,
    object_type: row.object_type,
    object_id: row.object_id,
    before: parseJson(row.before_json),
    after: parseJson(row.after_json),
    reason: row.reason,
    created_at: Number(row.created_at),
  };
}

/** The audit rows matching `filters`, newest first. */
export async function listAudit(db: Database, filters: AuditFilters): Promise<AuditPage> {
  let query = db.kysely.selectFrom('audit_log as a');
  if (filters.objectType !== undefined) query = query.where('a.object_type', '=', filters.objectType);
  if (filters.objectId !== undefined) query = query.where('a.object_id', '=', filters.objectId);
  if (filters.actorUserId !== undefined) query = query.where('a.actor_user_id', '=', filters.actorUserId);
  if (filters.withoutMoney === true) {
    query = query.where('a.action', 'not in', [...MONEY_ACTIONS]).where('a.object_type', 'not in', [...MONEY_OBJECT_TYPES]);
    for (const prefix of MONEY_ACTION_PREFIXES) query = query.where('a.action', 'not like', `${prefix}%`);
  }
  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await query
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .selectAll('a')
    .select(['u.first_name as actor_first_name', 'u.last_name as actor_last_name', 'u.username as actor_username', 'u.email as actor_email'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage)
    .execute();
  return {
    data: rows.map(auditJson),
    meta: pageMeta({ page: filters.page, perPage: filters.perPage, total, lastPage: Math.max(1, Math.ceil(total / filters.perPage)) }),
  };
}
