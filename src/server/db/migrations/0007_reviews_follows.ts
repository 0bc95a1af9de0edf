/**
 * Issue 4 (docs/REVIEWS-FOLLOWS.md): reviews with their reactions and images,
 * shop follows, and the stored answers of idempotent writes.
 *
 * - reviews is replicated (updated_at + deleted, (updated_at, id) index). One
 *   live review per user and product: a partial unique index, so a deleted
 *   review does not block writing a new one.
 * - follows is a personal collection: one row per (user, shop), unfollow is a
 *   soft delete, pulled per user through (user_id, updated_at, shop_id).
 * - review_images holds the re-encoded WebP bytes (small: ≤ 1200 px), so an
 *   image exists exactly when its review row does, on every instance.
 * - idempotency_keys: (principal, key) → the answer, swept after 24 h.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function reviewsFollowsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('reviews'), dialect)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('verified_purchase', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('not_helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('reviews_rating_check', sql`rating between 1 and 5`)
        .addCheckConstraint('reviews_flags_check', sql`verified_purchase in (0, 1) and deleted in (0, 1)`)
        .execute();
      await db.schema.createIndex('reviews_updated_at_id').on('reviews').columns(['updated_at', 'id']).execute();
      await db.schema.createIndex('reviews_product_created').on('reviews').columns(['product_id', 'deleted', 'created_at']).execute();
      await db.schema
        .createIndex('reviews_one_live_per_user')
        .on('reviews')
        .columns(['product_id', 'user_id'])
        .unique()
        .where(sql.ref('deleted'), '=', 0)
        .execute();

      await db.schema
        .createTable('review_reactions')
        .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reaction', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('review_reactions_pk', ['review_id', 'user_id'])
        .addCheckConstraint('review_reactions_reaction_check', sql`reaction in ('helpful', 'not_helpful')`)
        .execute();

      await addIdColumn(db.schema.createTable('review_images'), dialect)
        .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        // The re-encoded WebP itself: written in the review's transaction, so a refused or failed write leaves no file.
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_images_review').on('review_images').columns(['review_id', 'position']).execute();

      await db.schema
        .createTable('follows')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('follows_pk', ['user_id', 'shop_id'])
        .addCheckConstraint('follows_deleted_check', sql`deleted in (0, 1)`)
        .execute();
      await db.schema.createIndex('follows_user_updated').on('follows').columns(['user_id', 'updated_at', 'shop_id']).execute();
      await db.schema.createIndex('follows_shop_live').on('follows').columns(['shop_id', 'deleted']).execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('principal', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        /** 0 while the first request is still running. */
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['principal', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropTable('follows').execute();
      await db.schema.dropTable('review_images').execute();
      await db.schema.dropTable('review_reactions').execute();
      await db.schema.dropTable('reviews').execute();
    },
  };
}
