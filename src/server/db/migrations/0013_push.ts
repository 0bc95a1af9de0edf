/**
 * Issue 6, push (docs/COMMUNITY.md "Push"):
 *
 * - device_tokens: the FCM registration tokens of each signed-in device. A
 *   token is unique (a device that signs in as someone else moves to them);
 *   last_used_at is the last time the device saved it. One user keeps at most
 *   10 (the least recently saved go), and the FCM sender deletes a token FCM
 *   calls unregistered. Removed with their user, and with the session that
 *   saved it (session_id, cascade): a logout, a password or email change, or
 *   an expired session swept stops the pushes to that device.
 * - push_log: what the local sender (no FCM configured) would have sent, one
 *   row per user and notification, for development and the tests.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function pushMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('device_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_tokens_session').on('device_tokens').column('session_id').execute();
      await db.schema.createIndex('device_tokens_token').on('device_tokens').column('token').unique().execute();
      await db.schema.createIndex('device_tokens_user_used').on('device_tokens').columns(['user_id', 'last_used_at']).execute();

      await addIdColumn(db.schema.createTable('push_log'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        /** JSON object of strings (the FCM data). */
        .addColumn('data_json', 'text', (c) => c.notNull())
        /** How many device tokens the user had (what FCM would have been handed). */
        .addColumn('tokens', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_log_user').on('push_log').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_log').execute();
      await db.schema.dropTable('device_tokens').execute();
    },
  };
}
