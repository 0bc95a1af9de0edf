/**
 * Issue 6 (docs/COMMUNITY.md, "Community"): custom requests (posts), the
 * verified shops' responses to them, their images, and the notifications a
 * new request sends to sellers.
 *
 * - community_posts is pulled per user (GET /api/sync/community_posts/pull):
 *   updated_at comes from one clock for the whole table, strictly increasing
 *   (writers serialised: SQLite's single write lock, a PostgreSQL advisory
 *   lock), and every response write bumps its post, so a checkpoint never
 *   skips a change. Money in integer centimes; lists as JSON text; search and
 *   style filters read folded columns (db/search-text.ts).
 * - client_ref: the app's id of a post or a response; a queued create sent
 *   twice makes one row. A post's client_ref is its document id for every
 *   reader (and public), so it is unique across all authors (another
 *   author's reuse would overwrite or delete the first post in every
 *   client's replica); a response's is unique per seller.
 * - One response per (post, shop). shop_id has no foreign key: a catalogue
 *   reset re-creates the shops (and deletes the community rows first).
 * - community_images holds the re-encoded WebP bytes of a post's or a
 *   response's pictures (exactly one of the two ids is set).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function communityMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('community_posts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_ref', 'text')
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer')
        .addColumn('budget_min_cents', 'bigint', (c) => c.notNull())
        .addColumn('budget_max_cents', 'bigint', (c) => c.notNull())
        .addColumn('timeline_value', 'integer', (c) => c.notNull())
        .addColumn('timeline_unit', 'text', (c) => c.notNull())
        .addColumn('expected_delivery', 'text')
        .addColumn('specifications', 'text', (c) => c.notNull())
        .addColumn('required_skills_json', 'text', (c) => c.notNull())
        .addColumn('preferred_colors_json', 'text', (c) => c.notNull())
        .addColumn('preferred_styles_json', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('styles_search', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('responses_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('accepted_response_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('community_posts_status_check', sql`status in ('open', 'in_progress', 'closed')`)
        .addCheckConstraint('community_posts_category_check', sql`category in ('clothing', 'accessories', 'shoes', 'jewelry', 'other')`)
        .addUniqueConstraint('community_posts_client_ref', ['client_ref'])
        .execute();
      await db.schema.createIndex('community_posts_status_created').on('community_posts').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('community_posts_user_created').on('community_posts').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('community_posts_created').on('community_posts').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('community_posts_updated').on('community_posts').columns(['updated_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('community_responses'), dialect)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('community_posts.id').onDelete('cascade'))
        .addColumn('shop_id', 'integer', (c) => c.notNull())
        .addColumn('seller_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_ref', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'bigint', (c) => c.notNull())
        .addColumn('delivery_days', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('community_responses_status_check', sql`status in ('pending', 'accepted', 'rejected')`)
        .addUniqueConstraint('community_responses_post_shop', ['post_id', 'shop_id'])
        .addUniqueConstraint('community_responses_seller_client_ref', ['seller_user_id', 'client_ref'])
        .execute();
      await db.schema.createIndex('community_responses_shop').on('community_responses').columns(['shop_id', 'post_id']).execute();

      await addIdColumn(db.schema.createTable('community_images'), dialect)
        .addColumn('post_id', 'integer', (c) => c.references('community_posts.id').onDelete('cascade'))
        .addColumn('response_id', 'integer', (c) => c.references('community_responses.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('community_images_owner_check', sql`(post_id is null) <> (response_id is null)`)
        .execute();
      await db.schema.createIndex('community_images_post').on('community_images').columns(['post_id', 'position']).execute();
      await db.schema.createIndex('community_images_response').on('community_images').columns(['response_id', 'position']).execute();

      await addIdColumn(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notifications').execute();
      await db.schema.dropTable('community_images').execute();
      await db.schema.dropTable('community_responses').execute();
      await db.schema.dropTable('community_posts').execute();
    },
  };
}
