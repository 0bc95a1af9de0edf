/**
 * Issue 23: the photos a seller uploads for a product (docs/SELLERS.md "Images"). As review_images (0007), the
 * re-encoded WebP bytes live in the database, so an image exists exactly when its row does, on every instance,
 * and an upload refused or failed midway leaves nothing. Their order is the product's images_json (URLs, the first
 * the main image), which already holds the generated pictures of seeded products; a row here only keeps the bytes
 * behind /media/product-images/{file}. Deleting the product row (never done today) takes its images with it.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function productImagesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('product_images'), dialect)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_images_product').on('product_images').column('product_id').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_images').execute();
    },
  };
}
