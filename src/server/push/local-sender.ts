/**
 * The local push sender (no FCM configured): records each notification it
 * would send in push_log, one row per user with how many of their devices FCM
 * would have been handed it, and writes a line to the server log. Delivers to
 * no device: `delivered` counts the tokens it would have sent to.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DeviceTokens } from './device-tokens';
import type { PushLogger } from './fcm-sender';
import type { PushNotification, PushService } from './push-sender';

export interface LocalSenderDeps {
  db: Kysely<DB>;
  tokens: DeviceTokens;
  log: PushLogger;
  now?: () => number;
}

export function createLocalPushSender(deps: LocalSenderDeps): PushService {
  const now = deps.now ?? Date.now;
  return {
    provider: 'local',
    async notify(userIds: readonly number[], notification: PushNotification) {
      const asked = [...new Set(userIds)];
      if (asked.length === 0) return { delivered: 0, dropped: 0 };
      try {
        // Only users that exist (the log is removed with its user).
        const known = await deps.db.selectFrom('users').select('id').where('id', 'in', asked).execute();
        const users = known.map((r) => Number(r.id));
        if (users.length === 0) return { delivered: 0, dropped: 0 };
        const tokens = await deps.tokens.of(users);
        const at = now();
        const rows = users.map((userId) => ({
          user_id: userId,
          title: notification.title,
          body: notification.body,
          data_json: JSON.stringify(notification.data),
          tokens: tokens.filter((t) => t.userId === userId).length,
          created_at: at,
        }));
        await deps.db.insertInto('push_log').values(rows).execute();
        for (const row of rows) {
          deps.log.info({ push: { userId: row.user_id, tokens: row.tokens, data: notification.data } }, `Push to user ${row.user_id}: ${notification.title}: ${notification.body}`);
        }
        return { delivered: tokens.length, dropped: 0 };
      } catch (error) {
        deps.log.error({ err: error }, 'local push sender failed to record a notification');
        return { delivered: 0, dropped: 0 };
      }
    },
  };
}

export interface PushLogEntry {
  id: number;
  user_id: number;
  title: string;
  body: string;
  data: Record<string, string>;
  tokens: number;
  created_at: string;
}

/** The user's last `limit` recorded notifications, newest first. */
export async function readPushLog(db: Kysely<DB>, userId: number, limit = 50): Promise<PushLogEntry[]> {
  const rows = await db.selectFrom('push_log').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    title: r.title,
    body: r.body,
    data: JSON.parse(r.data_json) as Record<string, string>,
    tokens: Number(r.tokens),
    created_at: new Date(Number(r.created_at)).toISOString(),
  }));
}
