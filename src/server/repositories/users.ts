/**
 * User rows (docs/ACCOUNTS.md). Emails are stored trimmed and lowercased, so
 * lookups lowercase too and the unique index is case-insensitive on both
 * databases. Uniqueness is the database's job: callers insert and map a unique
 * violation (isUniqueViolation) to EMAIL_TAKEN / USERNAME_TAKEN, which also
 * covers two requests racing for the same email.
 *
 * Every function takes `{kysely}`: the Database handle, or `{kysely: tx}` to
 * run inside a caller's transaction.
 */
import type { Insertable, Updateable } from 'kysely';
import { DEFAULT_TIMEZONE } from '../../domain/account';
import type { UserRow, UsersTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';

export interface DbHandle {
  kysely: Tx;
}

type Defaulted = Exclude<keyof UsersTable, 'id' | 'email' | 'username' | 'created_at' | 'updated_at'>;

/** What a new account needs: email and username; every other column has the migration's default. */
export type NewUserRow = Pick<UsersTable, 'email' | 'username'> & Partial<Pick<UsersTable, Defaulted>> & { created_at?: number };

/** The columns a new account starts with unless told otherwise (also what tests insert in bulk). */
export const USER_DEFAULTS: Pick<UsersTable, Defaulted> = {
  first_name: '',
  last_name: '',
  full_name_en: '',
  full_name_ar: '',
  password_hash: null,
  google_sub: null,
  role: 'user',
  phone: null,
  phone_verified_at: null,
  email_notifications: 1,
  marketing_emails: 0,
  order_updates: 1,
  newsletter: 0,
  language: 'ma',
  timezone: DEFAULT_TIMEZONE,
};
export type UserPatch = Omit<Updateable<UsersTable>, 'id' | 'created_at' | 'updated_at'>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: DbHandle, id: number): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: DbHandle, email: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserByUsername(db: DbHandle, username: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserByGoogleSub(db: DbHandle, sub: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export async function usernameTaken(db: DbHandle, username: string, exceptUserId?: number): Promise<boolean> {
  let q = db.kysely.selectFrom('users').select('id').where('username', '=', username);
  if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a user (email normalised, role 'user' unless given) and returns the stored row. Throws on a unique violation. */
export async function createUser(db: DbHandle, row: NewUserRow, now: number = Date.now()): Promise<UserRow> {
  const createdAt = row.created_at ?? now;
  const values: Insertable<UsersTable> = { ...USER_DEFAULTS, ...row, email: normalizeEmail(row.email), created_at: createdAt, updated_at: createdAt };
  return db.kysely
    .insertInto('users')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies `patch` (email normalised when present) and bumps updated_at; returns the new row, undefined when absent. */
export async function updateUser(db: DbHandle, id: number, patch: UserPatch, now: number = Date.now()): Promise<UserRow | undefined> {
  const values: Updateable<UsersTable> = { ...patch, updated_at: now };
  if (typeof patch.email === 'string') values.email = normalizeEmail(patch.email);
  return db.kysely.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Which unique column an insert or update collided on ('email', 'username', 'google_sub'…), or null when
 * `error` is not a unique violation. SQLite: "UNIQUE constraint failed: users.email"; PostgreSQL: code 23505
 * with constraint users_email_key and detail "Key (email)=(…) already exists.".
 */
export function uniqueViolationColumn(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  if (e.code === '23505') {
    const detail = typeof e.detail === 'string' ? /^Key \(([^)]+)\)/.exec(e.detail) : null;
    if (detail?.[1]) return detail[1];
    const constraint = typeof e.constraint === 'string' ? /^[a-z]+_(.+)_key$/.exec(e.constraint) : null;
    return constraint?.[1] ?? '';
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const m = typeof e.message === 'string' ? /constraint failed: \w+\.(\w+)/.exec(e.message) : null;
    return m?.[1] ?? '';
  }
  return null;
}

export function isUniqueViolation(error: unknown, column?: string): boolean {
  const hit = uniqueViolationColumn(error);
  return hit !== null && (column === undefined || hit === column);
}
