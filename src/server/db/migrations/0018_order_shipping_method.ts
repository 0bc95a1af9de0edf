/**
 * Issue 21 (decisions.md "Shipping in Morocco"): an order remembers how it travels, standard or express
 * (Morocco only). Orders placed before this were all standard.
 */
import type { Kysely, Migration } from 'kysely';

export function orderShippingMethodMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('shipping_method', 'text', (c) => c.notNull().defaultTo('standard'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('shipping_method').execute();
    },
  };
}
