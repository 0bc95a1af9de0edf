/**
 * The demo operator (issue 23): `admin@souk.test`, role admin. Its password is the one given
 * (SEED_ADMIN_PASSWORD) or none, like the demo sellers' (seed-sellers.ts): unset, nobody can sign in as it with a
 * password, and `npm run admin -- create EMAIL` (admin-cli.ts, README "Configuration") makes a real admin.
 *
 * Idempotent (npm start runs it on databases seeded before it existed): an existing admin account with that email
 * gets a given password when it has none and is otherwise left alone. An account with that email that is not an
 * admin is never promoted here: anyone could have registered the address first. Its row is deterministic (username
 * 'admin', created at the seed's epoch), apart from the password's salt.
 */
import { randomInt } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { createUser, findUserByEmail, isUniqueViolation, updateUser } from '../repositories/users';
import { SEED_EPOCH_MS } from './product-generator';

export const DEMO_ADMIN_EMAIL = 'admin@souk.test';

export interface AdminSeedOptions {
  /** The demo admin's password; null or absent: none. */
  password?: string | null;
  /** scrypt cost (tests lower it). */
  scryptLog2N?: number;
}

/** 'created', 'password set', or 'kept' (already there, or an account of another role holds the email). */
export type AdminSeedOutcome = 'created' | 'password set' | 'kept';

export async function seedDemoAdmin(db: Database, opts: AdminSeedOptions = {}): Promise<AdminSeedOutcome> {
  const password = opts.password ?? null;
  const existing = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
  if (existing) {
    if (password === null || existing.role !== 'admin' || existing.password_hash !== null) return 'kept';
    await updateUser(db, existing.id, { password_hash: await hashPassword(password, { log2N: opts.scryptLog2N }) });
    return 'password set';
  }
  const hash = password === null ? null : await hashPassword(password, { log2N: opts.scryptLog2N });
  for (let attempt = 0; ; attempt++) {
    const username = attempt === 0 ? 'admin' : `admin${randomInt(1000, 10_000)}`;
    try {
      await createUser(db, { email: DEMO_ADMIN_EMAIL, username, first_name: 'Souk', last_name: 'Admin', role: 'admin', password_hash: hash, created_at: SEED_EPOCH_MS });
      return 'created';
    } catch (error) {
      if (isUniqueViolation(error, 'email')) return 'kept';
      if (!isUniqueViolation(error, 'username') || attempt >= 10) throw error;
    }
  }
}
