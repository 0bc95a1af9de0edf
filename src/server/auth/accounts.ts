/**
 * What register, login and Google sign-in do, apart from HTTP: create or find
 * the account and start a bearer session, in one transaction so a refusal
 * leaves nothing behind. Duplicate emails are caught by the unique index (so a
 * race between two registrations is refused like a plain duplicate) on SQLite
 * and PostgreSQL alike.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import { ApiError } from '../http/api-error';
import { createUser, findUserByEmail, findUserByGoogleSub, isUniqueViolation, normalizeEmail, updateUser, type NewUserRow } from '../repositories/users';
import { bumpWindowCounter, clearWindowCounter, LOGIN_FAILURES, secondsLeft } from '../repositories/window-counters';
import type { RegisterBody } from './auth-bodies';
import type { GoogleIdentity } from './google';
import { issueSession, type IssuedSession } from './issue-session';
import { hashPassword, verifyPassword } from './passwords';
import { rateLimitRule } from './rate-limits';
import { splitFullName, usernameCandidate } from './usernames';

export interface SignedIn {
  user: UserRow;
  session: IssuedSession;
  created: boolean;
}

const USERNAME_ATTEMPTS = 12;

function emailTaken(): ApiError {
  const message = 'The email has already been taken.';
  return new ApiError('EMAIL_TAKEN', { errors: [{ parameter: 'email', message }] });
}

function usernameTaken(): ApiError {
  const message = 'The username has already been taken.';
  return new ApiError('USERNAME_TAKEN', { errors: [{ parameter: 'username', message }] });
}

/**
 * Inserts the user and a bearer session in one transaction. A chosen username that is taken → USERNAME_TAKEN;
 * a generated one is retried with another candidate; a taken email → `onEmailTaken()`.
 */
async function createWithSession(
  app: FastifyInstance,
  db: Database,
  row: Omit<NewUserRow, 'username'>,
  username: string | undefined,
  names: { first: string; last: string },
  onEmailTaken: () => Error,
): Promise<SignedIn> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const candidate = username ?? usernameCandidate(names.first, names.last, attempt);
    try {
      return await writeTransaction(db, [], async (tx) => {
        const user = await createUser({ kysely: tx }, { ...row, username: candidate }, app.authOptions.now());
        const session = await issueSession(app, { kysely: tx }, user.id, 'bearer');
        return { user, session, created: true };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email')) throw onEmailTaken();
      if (isUniqueViolation(error, 'username')) {
        if (username !== undefined) throw usernameTaken();
        continue;
      }
      throw error;
    }
  }
  throw new Error('could not find a free username');
}

export async function registerAccount(app: FastifyInstance, db: Database, body: RegisterBody): Promise<SignedIn> {
  // Cheap refusal first; the unique index still decides under a race.
  if (await findUserByEmail(db, body.email)) throw emailTaken();
  let first = body.first_name ?? '';
  let last = body.last_name ?? '';
  if (first === '' && last === '' && body.full_name !== undefined) [first, last] = splitFullName(body.full_name);
  const passwordHash = await hashPassword(body.password, { log2N: app.authOptions.scryptLog2N });
  return createWithSession(
    app,
    db,
    {
      email: body.email,
      first_name: first,
      last_name: last,
      full_name_en: body.full_name_en ?? body.full_name ?? '',
      full_name_ar: body.full_name_ar ?? '',
      password_hash: passwordHash,
      role: 'user',
    },
    body.username,
    { first, last },
    emailTaken,
  );
}

/** Too many failed logins for this email in the current window (rate limit loginFailures). */
export class LoginLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('login locked');
  }
}

/**
 * A password login. Every attempt is counted per email in the database before the password is checked
 * (login_failures, shared by all instances, atomic under concurrency): past the loginFailures limit the
 * attempt is refused (LoginLockedError) without running scrypt; a successful login clears the count. Unknown
 * emails are counted and hashed like known ones, so neither timing nor lockout tells them apart.
 */
export async function loginAccount(app: FastifyInstance, db: Database, email: string, password: string): Promise<SignedIn> {
  const rule = rateLimitRule(app, 'loginFailures');
  const key = normalizeEmail(email);
  if (rule !== null) {
    const now = app.authOptions.now();
    const counted = await bumpWindowCounter(db.kysely, LOGIN_FAILURES, key, now, rule.windowMs);
    if (counted.count > rule.max) throw new LoginLockedError(secondsLeft(counted.windowStart, rule.windowMs, now));
  }
  const user = await findUserByEmail(db, email);
  // Unknown email or no password: verifyPassword still hashes, so timing does not tell them apart.
  const ok = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !ok) {
    const message = 'These credentials do not match our records.';
    throw new ApiError('INVALID_CREDENTIALS', { errors: [{ parameter: 'email', message }] });
  }
  if (rule !== null) await clearWindowCounter(db.kysely, LOGIN_FAILURES, key);
  const session = await issueSession(app, db, user.id, 'bearer');
  return { user, session, created: false };
}

export async function verifyGoogle(app: FastifyInstance, credential: string): Promise<GoogleIdentity> {
  const verifier = app.authOptions.google;
  if (verifier === null) throw new ApiError('GOOGLE_NOT_CONFIGURED');
  let identity: GoogleIdentity;
  try {
    identity = await verifier.verify(credential);
  } catch {
    throw new ApiError('GOOGLE_AUTH_FAILED');
  }
  if (!identity.email_verified) throw new ApiError('GOOGLE_AUTH_FAILED');
  return identity;
}

/**
 * A verified Google identity: its linked account signs in; an email of an account that has a password (or
 * another Google link) is refused 409; an existing account with neither (a demo seller without a password)
 * is linked; otherwise a new buyer account without a password is made.
 */
export async function googleSignIn(app: FastifyInstance, db: Database, identity: GoogleIdentity): Promise<SignedIn> {
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return { user: linked, session: await issueSession(app, db, linked.id, 'bearer'), created: false };

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    if (existing.password_hash !== null || existing.google_sub !== null) throw new ApiError('GOOGLE_EMAIL_EXISTS');
    return writeTransaction(db, [], async (tx) => {
      const user = (await updateUser({ kysely: tx }, existing.id, { google_sub: identity.sub }, app.authOptions.now())) ?? existing;
      return { user, session: await issueSession(app, { kysely: tx }, user.id, 'bearer'), created: false };
    });
  }

  const [first, last] = splitFullName(identity.name);
  try {
    return await createWithSession(
      app,
      db,
      {
        email: identity.email,
        first_name: first.slice(0, 100),
        last_name: last.slice(0, 100),
        full_name_en: identity.name.trim().slice(0, 200),
        password_hash: null,
        google_sub: identity.sub,
        role: 'user',
      },
      undefined,
      { first, last },
      () => new ApiError('GOOGLE_EMAIL_EXISTS'),
    );
  } catch (error) {
    // The same Google account signing in twice at once: the other request made it; sign in to that one.
    if (isUniqueViolation(error, 'google_sub')) {
      const made = await findUserByGoogleSub(db, identity.sub);
      if (made) return { user: made, session: await issueSession(app, db, made.id, 'bearer'), created: false };
    }
    throw error;
  }
}
