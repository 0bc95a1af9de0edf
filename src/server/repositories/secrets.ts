/**
 * Server secrets kept in the database (server_secrets): generated once, then
 * read by every instance on the same database. Insert-or-read is race-safe:
 * two instances starting together both insert with ON CONFLICT DO NOTHING and
 * both read back whichever value won.
 */
import { randomBytes } from 'node:crypto';
import type { DbHandle } from './users';

export const AUTH_SECRET_NAME = 'auth_token_secret';

export async function readOrCreateSecret(db: DbHandle, name: string, now: number = Date.now()): Promise<string> {
  const existing = await db.kysely.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db.kysely
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(48).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.kysely.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
