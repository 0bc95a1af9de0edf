/**
 * Issue 24: the operator's console, server side (docs/OPERATOR.md).
 *
 * - audit_log: one row per operator action (who: user and role; what: action; on what: object_type and
 *   object_id as text, `shop` 12 or `period` 2026-11-15; the touched fields before and after as JSON text; the
 *   reason), written in the action's own transaction (repositories/audit.ts). Never updated or deleted.
 * - shops.status_reason: the operator's reason for the last rejection or suspension (shown to the seller),
 *   null when none; shops.rejected_at: set when a pending shop was rejected (it is then suspended, and activating
 *   it still wants the phone check of a pending shop).
 * - reviews.hidden / hidden_reason: a review the operator hid leaves every public read, the ratings and the
 *   reviews pull (a tombstone); its author still sees it, with the reason.
 * - products.moderation_reason: why the operator unpublished the product (shown to the seller), null otherwise.
 * - community_posts.hidden / hidden_reason: a request the operator hid leaves the public lists and reads; its
 *   author still sees it, with the reason.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function operatorMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('audit_log'), dialect)
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id', 'created_at']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_user_id', 'created_at']).execute();
      await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();

      await db.schema.alterTable('shops').addColumn('status_reason', 'text').execute();
      await db.schema.alterTable('shops').addColumn('rejected_at', 'bigint').execute();
      await db.schema.alterTable('reviews').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('reviews').addColumn('hidden_reason', 'text').execute();
      await db.schema.alterTable('products').addColumn('moderation_reason', 'text').execute();
      await db.schema.alterTable('community_posts').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('community_posts').addColumn('hidden_reason', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('community_posts').dropColumn('hidden_reason').execute();
      await db.schema.alterTable('community_posts').dropColumn('hidden').execute();
      await db.schema.alterTable('products').dropColumn('moderation_reason').execute();
      await db.schema.alterTable('reviews').dropColumn('hidden_reason').execute();
      await db.schema.alterTable('reviews').dropColumn('hidden').execute();
      await db.schema.alterTable('shops').dropColumn('rejected_at').execute();
      await db.schema.alterTable('shops').dropColumn('status_reason').execute();
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
