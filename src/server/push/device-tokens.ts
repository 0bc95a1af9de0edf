/**
 * The device tokens store (migration 0013): which FCM registration tokens
 * reach each user. A token belongs to the last user who saved it; a user keeps
 * the MAX_DEVICE_TOKENS most recently saved. A token also belongs to the
 * session that saved it: deleting the session deletes it (foreign key,
 * migration 0013), so a signed-out device gets no more pushes.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const MAX_DEVICE_TOKENS = 10;
/** FCM registration tokens are about 160 characters; the contract allows up to 4096. */
export const MAX_TOKEN_LENGTH = 4096;

export interface DeviceToken {
  userId: number;
  token: string;
}

export interface DeviceTokens {
  /** Saves (or refreshes, or moves to this user and session) a token, then drops the user's oldest beyond the limit. */
  save(userId: number, token: string, now: number, sessionId?: string | null): Promise<void>;
  /** Removes one of the user's tokens; false when they had no such token. */
  remove(userId: number, token: string): Promise<boolean>;
  /** The tokens of these users, newest first per user. */
  of(userIds: readonly number[]): Promise<DeviceToken[]>;
  /** Deletes tokens the provider said are gone (whoever holds them). */
  drop(tokens: readonly string[]): Promise<number>;
}

export function createDeviceTokens(db: Kysely<DB>): DeviceTokens {
  return {
    async save(userId, token, now, sessionId = null) {
      await db
        .insertInto('device_tokens')
        .values({ user_id: userId, token, session_id: sessionId, created_at: now, last_used_at: now })
        .onConflict((oc) =>
          oc
            .column('token')
            .doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id'), session_id: eb.ref('excluded.session_id'), last_used_at: eb.ref('excluded.last_used_at') })),
        )
        .execute();
      await db
        .deleteFrom('device_tokens')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('device_tokens')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('last_used_at', 'desc')
            .orderBy('id', 'desc')
            .limit(MAX_DEVICE_TOKENS),
        )
        .execute();
    },

    async remove(userId, token) {
      const result = await db.deleteFrom('device_tokens').where('user_id', '=', userId).where('token', '=', token).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async of(userIds) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('device_tokens')
        .select(['user_id', 'token'])
        .where('user_id', 'in', [...new Set(userIds)])
        .orderBy('user_id')
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ userId: Number(r.user_id), token: r.token }));
    },

    async drop(tokens) {
      if (tokens.length === 0) return 0;
      const result = await db.deleteFrom('device_tokens').where('token', 'in', [...new Set(tokens)]).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
