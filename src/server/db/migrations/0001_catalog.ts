/**
 * Catalogue: categories, shops, products, product_variants.
 *
 * Later tables (users, carts, orders, wishlist, reviews, conversations,
 * messages, community posts) get their own numbered migrations; they will
 * reference products(id) / shops(id) and follow the same conventions:
 * integer ids, money in centimes, times in epoch ms, and updated_at + deleted
 * with an (updated_at, id) index when replicated.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function catalogMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('categories'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('categories_gender_check', sql`gender in ('men', 'women', 'children')`)
        .addCheckConstraint('categories_deleted_check', sql`deleted in (0, 1)`)
        .execute();
      await db.schema.createIndex('categories_updated_at_id').on('categories').columns(['updated_at', 'id']).execute();
      await db.schema.createIndex('categories_parent_position').on('categories').columns(['parent_id', 'position']).execute();

      await addIdColumn(db.schema.createTable('shops'), dialect)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('store_type', 'text', (c) => c.notNull())
        .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('logo', 'text', (c) => c.notNull())
        .addColumn('cover', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('rating_x10', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('products_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_rate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_time_hours', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('shops_status_check', sql`status in ('active', 'suspended')`)
        .addCheckConstraint(
          'shops_store_type_check',
          sql`store_type in ('individual', 'company', 'manufacturer', 'distributor', 'regular')`,
        )
        .addCheckConstraint('shops_rating_check', sql`rating_x10 between 0 and 50`)
        .addCheckConstraint('shops_flags_check', sql`is_featured in (0, 1) and is_verified in (0, 1) and deleted in (0, 1)`)
        .execute();
      await db.schema.createIndex('shops_updated_at_id').on('shops').columns(['updated_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('products'), dialect)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('search_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_ar', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_cents', 'integer')
        .addColumn('effective_cents', 'integer', (c) => c.notNull())
        .addColumn('has_discount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('colors_mask', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sizes_mask', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fabrics_mask', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stock_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('in_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('handmade', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('customizable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('express', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating_x10', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reviews_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sales_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('images_json', 'text', (c) => c.notNull())
        .addColumn('made_in', 'text', (c) => c.notNull())
        .addColumn('shipping_from', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('products_gender_check', sql`gender in ('men', 'women', 'children')`)
        .addCheckConstraint('products_price_check', sql`price_cents >= 0 and effective_cents >= 0`)
        .addCheckConstraint(
          'products_discount_check',
          sql`(has_discount = 0 and discount_cents is null) or (has_discount = 1 and discount_cents < price_cents)`,
        )
        .addCheckConstraint('products_stock_check', sql`stock_quantity >= 0`)
        .addCheckConstraint('products_rating_check', sql`rating_x10 between 0 and 50`)
        .execute();
      await db.schema.createIndex('products_updated_at_id').on('products').columns(['updated_at', 'id']).execute();
      await db.schema.createIndex('products_created_at_id').on('products').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('products_effective_id').on('products').columns(['effective_cents', 'id']).execute();
      await db.schema.createIndex('products_sales_id').on('products').columns(['sales_count', 'id']).execute();
      await db.schema
        .createIndex('products_rating_reviews_id')
        .on('products')
        .columns(['rating_x10', 'reviews_count', 'id'])
        .execute();
      await db.schema.createIndex('products_category').on('products').columns(['category_id', 'deleted']).execute();
      await db.schema.createIndex('products_gender').on('products').columns(['gender', 'deleted']).execute();
      await db.schema.createIndex('products_shop').on('products').columns(['shop_id', 'deleted']).execute();

      await addIdColumn(db.schema.createTable('product_variants'), dialect)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('fabric', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('product_variants_stock_check', sql`stock >= 0 and price_cents >= 0`)
        .execute();
      await db.schema.createIndex('product_variants_product').on('product_variants').columns(['product_id', 'id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_variants').execute();
      await db.schema.dropTable('products').execute();
      await db.schema.dropTable('shops').execute();
      await db.schema.dropTable('categories').execute();
    },
  };
}
