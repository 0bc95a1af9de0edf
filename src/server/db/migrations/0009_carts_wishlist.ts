/**
 * Issue 5 (docs/COMMERCE.md): carts, their lines, coupons and wishlists.
 *
 * - carts: one per signed-in user (unique user_id) or per guest (unique
 *   guest_token_hash: the SHA-256 of the Guest-Token, never the token). Both
 *   are nullable; a unique index lets any number of nulls through on SQLite and
 *   PostgreSQL alike. updated_at is the last change (guest carts untouched for
 *   30 days are swept).
 * - cart_items: one line per (cart, variant), so two concurrent adds of one
 *   variant cannot make two lines; removed with their cart.
 * - coupons: code (normalised upper case) → percent (1–100) or fixed off
 *   (centimes), a minimum subtotal (centimes), an optional expiry, active flag.
 * - wishlist_items: a personal pulled collection like follows: one row per
 *   (user, product), removal is a soft delete, updated_at strictly increasing
 *   per user, pulled through (user_id, updated_at, product_id).
 *
 * Lines and wishlist rows name products and variants without a foreign key:
 * products are soft-deleted (reads skip deleted ones), and the catalogue can
 * be reset or rebuilt under them (seed --reset removes them with it).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function cartsWishlistMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('carts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('guest_token_hash', 'text')
        .addColumn('coupon_code', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('carts_owner_check', sql`(user_id is null) <> (guest_token_hash is null)`)
        .execute();
      await db.schema.createIndex('carts_user').on('carts').column('user_id').unique().execute();
      await db.schema.createIndex('carts_guest_token').on('carts').column('guest_token_hash').unique().execute();
      await db.schema.createIndex('carts_updated_at').on('carts').column('updated_at').execute();

      await db.schema
        .createTable('cart_items')
        .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('variant_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'variant_id'])
        .addCheckConstraint('cart_items_quantity_check', sql`quantity >= 1`)
        .execute();
      await db.schema.createIndex('cart_items_variant').on('cart_items').column('variant_id').execute();

      await db.schema
        .createTable('coupons')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        /** percent: 1–100; fixed: centimes off. */
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('coupons_kind_check', sql`kind in ('percent', 'fixed')`)
        .addCheckConstraint('coupons_active_check', sql`active in (0, 1)`)
        .execute();

      await db.schema
        .createTable('wishlist_items')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('notify_price_drop', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notify_back_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
        .addCheckConstraint('wishlist_items_flags_check', sql`notify_price_drop in (0, 1) and notify_back_in_stock in (0, 1) and deleted in (0, 1)`)
        .execute();
      await db.schema.createIndex('wishlist_items_user_updated').on('wishlist_items').columns(['user_id', 'updated_at', 'product_id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wishlist_items').execute();
      await db.schema.dropTable('coupons').execute();
      await db.schema.dropTable('cart_items').execute();
      await db.schema.dropTable('carts').execute();
    },
  };
}
