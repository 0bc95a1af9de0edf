/**
 * Issue 5 (docs/COMMERCE.md, "Orders API"): orders and their items.
 *
 * - orders is a personal collection (pulled by its buyer through
 *   (user_id, updated_at)); updated_at is stamped from a strictly increasing
 *   clock like the replicated tables (write-transaction.ts, lock 'orders').
 *   Money in integer centimes, shipping info and status history as JSON text.
 * - client_ref: the id the app gave the order (its document id); one order per
 *   (user, client_ref), so a queued order sent twice is placed once. Null for
 *   orders made without one (the document id is then the order id).
 * - order_items keep what was bought as it was (name, picture, options, unit
 *   price): the catalogue may change or go, the order does not. No foreign key
 *   to products for that reason.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function ordersMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_ref', 'text')
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('shipping_json', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_cents', 'integer', (c) => c.notNull())
        .addColumn('shipping_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('coupon_code', 'text')
        .addColumn('tracking_number', 'text', (c) => c.notNull())
        .addColumn('estimated_delivery', 'bigint', (c) => c.notNull())
        .addColumn('history_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('orders_status_check', sql`status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`)
        .addCheckConstraint('orders_payment_status_check', sql`payment_status in ('pending', 'paid', 'failed', 'refunded', 'completed')`)
        .addUniqueConstraint('orders_user_client_ref', ['user_id', 'client_ref'])
        .execute();
      await db.schema.createIndex('orders_user_updated').on('orders').columns(['user_id', 'updated_at']).execute();
      await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('orders_updated_at_id').on('orders').columns(['updated_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('order_items'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer', (c) => c.notNull())
        .addColumn('shop_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('fabric', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_cents', 'integer', (c) => c.notNull())
        .addCheckConstraint('order_items_quantity_check', sql`quantity > 0`)
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'position']).execute();
      await db.schema.createIndex('order_items_shop_order').on('order_items').columns(['shop_id', 'order_id']).execute();
      await db.schema.createIndex('order_items_product').on('order_items').columns(['product_id', 'order_id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_items').execute();
      await db.schema.dropTable('orders').execute();
    },
  };
}
