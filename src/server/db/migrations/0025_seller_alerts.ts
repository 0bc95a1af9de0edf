/**
 * Issue 23: the seller's alerts and replies to reviews (docs/SELLERS.md "Alerts", "Replies to reviews").
 *
 * - Alerts are rows of 0011's `notifications` (user, kind, title, body, data, read_at), the table the custom
 *   requests already fill; an index on (user_id, read_at) counts a seller's unread ones.
 * - low_stock_marks: one row per variant that has been alerted as low (at or below its product's
 *   low_stock_threshold) and has not gone above it since. Its primary key makes the alert once per crossing,
 *   whoever writes first; the row goes when the variant is found above the threshold again.
 * - reviews.reply, reply_created_at, reply_updated_at: the product's shop's one reply to a review (null: none).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function sellerAlertsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'read_at']).execute();
      await db.schema
        .createTable('low_stock_marks')
        .addColumn('variant_id', 'integer', (c) => c.primaryKey().references('product_variants.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('reviews').addColumn('reply', 'text').execute();
      await db.schema.alterTable('reviews').addColumn('reply_created_at', 'bigint').execute();
      await db.schema.alterTable('reviews').addColumn('reply_updated_at', 'bigint').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('reviews').dropColumn('reply_updated_at').execute();
      await db.schema.alterTable('reviews').dropColumn('reply_created_at').execute();
      await db.schema.alterTable('reviews').dropColumn('reply').execute();
      await db.schema.dropTable('low_stock_marks').execute();
      await db.schema.dropIndex('notifications_user_read').execute();
    },
  };
}
