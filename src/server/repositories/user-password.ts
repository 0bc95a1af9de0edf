/**
 * A profile update that changes the sign-in identity (the email): the update and the revocation of every
 * other session of the user commit together, as for a password change.
 */
export async function updateRevokingOtherSessions(
  db: Database,
  userId: number,
  patch: UserPatch,
  keepSessionId: string,
  now: number,
): Promise<UserRow | undefined> {
  return writeTransaction(db, [], async (tx) => {
    const row = await updateUser({ kysely: tx }, userId, patch, now);
    if (row) await deleteUserSessions({ kysely: tx }, userId, keepSessionId);
    return row;
  });
}

/**
 * A password change as one transaction: the new hash and the revocation of
 * every other session of the user commit together, so no other device keeps a
 * token that outlives the password it was issued under.
 */
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import { deleteUserSessions } from './sessions';
import { updateUser, type UserPatch } from './users';

export async function replacePassword(
  db: Database,
  userId: number,
  passwordHash: string,
  keepSessionId: string,
  now: number,
): Promise<UserRow | undefined> {
  return writeTransaction(db, [], async (tx) => {
    const row = await updateUser({ kysely: tx }, userId, { password_hash: passwordHash }, now);
    if (row) await deleteUserSessions({ kysely: tx }, userId, keepSessionId);
    return row;
  });
}
