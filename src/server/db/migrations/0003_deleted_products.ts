/**
 * The soft-deleted products alone, in a partial index. An unfiltered listing
 * counts live products as all rows minus these (product-listing.ts
 * countLive): SQLite counts a whole table from its b-tree pages, and this
 * index holds only the few deleted rows, so neither count visits the live
 * ones.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function deletedProductsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('products_deleted')
        .on('products')
        .column('deleted')
        .where(sql.ref('deleted'), '<>', 0)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('products_deleted').execute();
    },
  };
}
