/**
 * shops.search_name: the shop's names folded in JavaScript (db/search-text.ts),
 * so shop search folds case like product search (products.search_name, 0001)
 * instead of with SQL lower(), which SQLite applies to ASCII only and
 * PostgreSQL per collation. Filled here for the shops already there; the seed
 * and insertShops (repositories/shop-writes.ts) fill it for new ones. Not
 * replicated (the ShopDoc has no such field), so updated_at stays.
 */
import type { Kysely, Migration } from 'kysely';
import { shopSearchName } from '../search-text';

/** The part of the schema this migration reads and writes (migrations see Kysely<unknown>). */
interface ShopNames {
  shops: { id: number; name: string; name_ar: string; search_name: string };
}

export function shopSearchNameMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('shops')
        .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const k = db as unknown as Kysely<ShopNames>;
      const shops = await k.selectFrom('shops').select(['id', 'name', 'name_ar']).execute();
      for (const shop of shops) {
        await k
          .updateTable('shops')
          .set({ search_name: shopSearchName(shop.name, shop.name_ar) })
          .where('id', '=', shop.id)
          .execute();
      }
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('shops').dropColumn('search_name').execute();
    },
  };
}
