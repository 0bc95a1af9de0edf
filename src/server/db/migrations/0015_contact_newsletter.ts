/**
 * Issue 7, contact form and newsletter (docs/ARCHITECTURE.md, routes/contact.ts and routes/newsletter.ts):
 *
 * - contact_messages: what the contact form sent, one row per message (the
 *   signed-in sender's id when there was one, else null; kept when the user goes).
 * - newsletter_subscriptions: one row per lowercased email (unique), so a
 *   second sign-up with the same address finds the first instead of adding one.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function contactNewsletterMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('contact_messages'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created').on('contact_messages').columns(['created_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('newsletter_subscriptions'), dialect)
        /** Trimmed and lowercased. */
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('newsletter_subscriptions_email').on('newsletter_subscriptions').column('email').unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('newsletter_subscriptions').execute();
      await db.schema.dropTable('contact_messages').execute();
    },
  };
}
