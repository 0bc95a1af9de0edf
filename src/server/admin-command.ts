/**
 * `npm run admin -- create EMAIL [--reset-password]` (admin-cli.ts runs it): makes EMAIL an admin on
 * DATABASE_URL (default: the SQLite file), migrating it first (README "Configuration").
 *
 * - No account with that email: one is created, role admin, with a one-time password printed here once (24
 *   random characters, crypto.randomBytes; only its scrypt hash is stored). Sign in with it and change it
 *   (POST /api/user/password).
 * - An account without a shop: promoted to admin. Its password is kept (a fresh one-time password is printed only
 *   when it has none, or with --reset-password, which also signs out its sessions). Roles are read on every
 *   request, so its sessions are admin from their next request on.
 * - An account that owns a shop is refused (one role per account: a seller stays a seller).
 * Exit codes: 0 done, 1 refused, 2 usage or DATABASE_URL error.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { hashPassword } from './auth/passwords';
import { openDatabase, type Database } from './db/database';
import { databaseUrlProblem } from './db/database-url';
import { migrateToLatest } from './db/migrate';
import { deleteUserSessions } from './repositories/sessions';
import { createUser, findUserByEmail, isUniqueViolation, normalizeEmail, updateUser } from './repositories/users';
import { usernameCandidate } from './auth/usernames';

export const ADMIN_CLI_USAGE = 'Usage: npm run admin -- create EMAIL [--reset-password]';

export interface AdminCliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** scrypt cost of the one-time password (tests lower it). */
  scryptLog2N?: number;
}

export type AdminOutcome =
  | { kind: 'created'; userId: number; password: string }
  | { kind: 'promoted' | 'already admin'; userId: number; password: string | null }
  | { kind: 'owns shop'; userId: number };

/** A one-time password: 18 random bytes, base64url (24 characters). */
export function oneTimePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Creates or promotes the account of `email` to admin (see the file's comment). */
export async function makeAdmin(db: Database, email: string, opts: { resetPassword?: boolean; scryptLog2N?: number } = {}): Promise<AdminOutcome> {
  const hashed = async () => {
    const password = oneTimePassword();
    return { password, hash: await hashPassword(password, { log2N: opts.scryptLog2N }) };
  };
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    const { password, hash } = await hashed();
    for (let attempt = 0; ; attempt++) {
      try {
        const local = normalizeEmail(email).split('@')[0] ?? '';
        const user = await createUser(db, { email, username: usernameCandidate(local, '', attempt), role: 'admin', password_hash: hash });
        return { kind: 'created', userId: user.id, password };
      } catch (error) {
        if (!isUniqueViolation(error, 'username') || attempt >= 10) throw error;
      }
    }
  }
  const shop = await db.kysely.selectFrom('shops').select('id').where('owner_user_id', '=', existing.id).executeTakeFirst();
  if (shop) return { kind: 'owns shop', userId: existing.id };
  const kind = existing.role === 'admin' ? 'already admin' : 'promoted';
  if (existing.password_hash === null || opts.resetPassword === true) {
    const { password, hash } = await hashed();
    await updateUser(db, existing.id, { role: 'admin', password_hash: hash });
    if (opts.resetPassword === true) await deleteUserSessions(db, existing.id);
    return { kind, userId: existing.id, password };
  }
  if (kind === 'promoted') await updateUser(db, existing.id, { role: 'admin' });
  return { kind, userId: existing.id, password: null };
}

const emailSchema = z.email();

export async function adminCli(argv: readonly string[], io: AdminCliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { 'reset-password': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n${ADMIN_CLI_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(ADMIN_CLI_USAGE);
    return 0;
  }
  const [command, rawEmail, ...rest] = parsed.positionals;
  if (command !== 'create' || rawEmail === undefined || rest.length > 0) {
    io.err(ADMIN_CLI_USAGE);
    return 2;
  }
  const email = normalizeEmail(rawEmail);
  if (!emailSchema.safeParse(email).success || email.length > 254) {
    io.err(`Not an email address: '${rawEmail}'\n${ADMIN_CLI_USAGE}`);
    return 2;
  }
  const url = io.env.DATABASE_URL || undefined;
  const problem = databaseUrlProblem(url);
  if (problem !== null) {
    io.err(`DATABASE_URL: ${problem}`);
    return 2;
  }
  const db = openDatabase(url);
  try {
    await migrateToLatest(db);
    const outcome = await makeAdmin(db, email, { resetPassword: parsed.values['reset-password'], scryptLog2N: io.scryptLog2N });
    if (outcome.kind === 'owns shop') {
      io.err(`${email} owns a shop: a seller account cannot be an admin. Use another email.`);
      return 1;
    }
    const what = { created: 'Created the admin account', promoted: 'Made an admin:', 'already admin': 'Already an admin:' }[outcome.kind];
    io.out(`${what} ${email} (user ${outcome.userId}) in ${db.location}`);
    if (outcome.password !== null) {
      io.out(`One-time password (shown once, not stored): ${outcome.password}`);
      io.out('Sign in with it and change it in the profile (POST /api/user/password).');
    } else {
      io.out('It signs in with its own password (--reset-password prints a new one and signs out its sessions).');
    }
    return 0;
  } finally {
    await db.close();
  }
}
