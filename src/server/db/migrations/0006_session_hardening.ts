/**
 * Account security hardening (docs/ACCOUNTS.md, security review of issue 3):
 * - sessions.parent_session_id: a cookie session minted from a bearer token
 *   (POST /api/auth/set-cookie) names that bearer session, so logout ends the
 *   whole family. No foreign key: a password change keeps the presenting cookie
 *   session while it deletes the bearer one it came from; logout deletes the
 *   family explicitly (repositories/sessions.ts).
 * - login_failures: failed password logins per email in a fixed window, in the
 *   database so every instance counts the same failures.
 * - phone_send_counts: verification codes sent per destination number in a
 *   fixed window, across all users.
 * Both counter tables hold one row per key; expired windows are swept.
 */
import type { Kysely, Migration } from 'kysely';

export function sessionHardeningMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('parent_session_id', 'text').execute();
      await db.schema.createIndex('sessions_parent_session_id').on('sessions').column('parent_session_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_window_start').on('login_failures').column('window_start').execute();

      await db.schema
        .createTable('phone_send_counts')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('sends', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('phone_send_counts_window_start').on('phone_send_counts').column('window_start').execute();

      await db.schema.createIndex('phone_codes_expires_at').on('phone_codes').column('expires_at').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('phone_codes_expires_at').execute();
      await db.schema.dropTable('phone_send_counts').execute();
      await db.schema.dropTable('login_failures').execute();
      await db.schema.dropIndex('sessions_parent_session_id').execute();
      await db.schema.alterTable('sessions').dropColumn('parent_session_id').execute();
    },
  };
}
