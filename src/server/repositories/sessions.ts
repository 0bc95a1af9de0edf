/**
 * Session rows: a signed token names its session (sid), and the row is what
 * makes it live. Deleting rows revokes tokens at once (logout, password and
 * email change). A cookie session minted from a bearer token records it as its
 * parent, and logout ends the whole family. Expired rows are ignored on read
 * and swept (sweepExpired, run by the app now and then, and a user's own when
 * a session is issued); a user keeps at most MAX_SESSIONS_PER_USER live ones.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SessionsTable } from '../db/schema';
import type { DbHandle } from './users';

export type SessionRow = Selectable<SessionsTable>;
export type SessionKind = SessionsTable['kind'];

/** Live sessions one user may hold; issuing one more deletes the oldest. */
export const MAX_SESSIONS_PER_USER = 20;

export interface NewSession {
  userId: number;
  kind: SessionKind;
  /** Lifetime from `now`. */
  ttlMs: number;
  now?: number;
  /** The bearer session a cookie session was minted from. */
  parentSessionId?: string | null;
}

/**
 * Inserts a session; first removes the user's expired ones, then keeps the user's newest
 * MAX_SESSIONS_PER_USER (this one included).
 */
export async function createSession(db: DbHandle, s: NewSession): Promise<SessionRow> {
  const now = s.now ?? Date.now();
  const row: SessionRow = {
    id: randomBytes(18).toString('base64url'),
    user_id: s.userId,
    kind: s.kind,
    created_at: now,
    expires_at: now + s.ttlMs,
    parent_session_id: s.parentSessionId ?? null,
  };
  await db.kysely.deleteFrom('sessions').where('user_id', '=', s.userId).where('expires_at', '<=', now).execute();
  await db.kysely.insertInto('sessions').values(row).execute();
  const surplus = await db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', s.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1_000)
    .offset(MAX_SESSIONS_PER_USER)
    .execute();
  const ids = surplus.map((r) => r.id).filter((id) => id !== row.id);
  if (ids.length > 0) await db.kysely.deleteFrom('sessions').where('id', 'in', ids).execute();
  return row;
}

/** The live session with this id (expires_at after `now`), or undefined. */
export async function findSession(db: DbHandle, id: string, now: number = Date.now()): Promise<SessionRow | undefined> {
  return db.kysely.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

/** Which of `ids` are live sessions at `now` (the chat rechecks its sockets with it). */
export async function liveSessionIds(db: DbHandle, ids: readonly string[], now: number = Date.now()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.kysely.selectFrom('sessions').select('id').where('id', 'in', [...new Set(ids)]).where('expires_at', '>', now).execute();
  return new Set(rows.map((r) => r.id));
}

export async function deleteSession(db: DbHandle, id: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
}

/**
 * Logout: deletes the sessions `ids`, their parents, and every session minted from any of those
 * (a bearer session and the cookie sessions made from it end together).
 */
export async function deleteSessionFamilies(db: DbHandle, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const parents = await db.kysely.selectFrom('sessions').select('parent_session_id').where('id', 'in', ids).execute();
  const all = [...new Set([...ids, ...parents.flatMap((p) => (p.parent_session_id === null ? [] : [p.parent_session_id]))])];
  const result = await db.kysely
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('id', 'in', all), eb('parent_session_id', 'in', all)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Revokes every session of a user, except the one presenting the request when given. */
export async function deleteUserSessions(db: DbHandle, userId: number, exceptSessionId?: string): Promise<number> {
  let q = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: DbHandle, now: number = Date.now()): Promise<number> {
  const result = await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
