/**
 * Session rows: a signed token names its session (sid), and the row is what
 * makes it live. Deleting rows revokes tokens at once (logout, password
 * change). Expired rows are ignored on read and swept now and then.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SessionsTable } from '../db/schema';
import type { DbHandle } from './users';

export type SessionRow = Selectable<SessionsTable>;
export type SessionKind = SessionsTable['kind'];

export interface NewSession {
  userId: number;
  kind: SessionKind;
  /** Lifetime from `now`. */
  ttlMs: number;
  now?: number;
}

export async function createSession(db: DbHandle, s: NewSession): Promise<SessionRow> {
  const now = s.now ?? Date.now();
  const row: SessionRow = { id: randomBytes(18).toString('base64url'), user_id: s.userId, kind: s.kind, created_at: now, expires_at: now + s.ttlMs };
  await db.kysely.insertInto('sessions').values(row).execute();
  return row;
}

/** The live session with this id (expires_at after `now`), or undefined. */
export async function findSession(db: DbHandle, id: string, now: number = Date.now()): Promise<SessionRow | undefined> {
  return db.kysely.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

export async function deleteSession(db: DbHandle, id: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
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
