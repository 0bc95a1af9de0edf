/**
 * Issue 24: the sellers' money (docs/MONEY.md).
 *
 * - shops.commission_rate_bp: the operator's rate for that shop in basis points, null for the default
 *   (COMMISSION_RATE, 10 %).
 * - order_items.commission_rate_bp: the rate of the item's shop when the order was placed, frozen there (an
 *   order may hold several shops' items); null on items placed before this migration (booked at the default).
 * - ledger_entries: the append-only ledger, one row per booking (sale, commission, refund, reversal,
 *   cod_collected, payout, adjustment), signed integer centimes, the Casablanca period it lands in
 *   (period_start, YYYY-MM-DD). booking_key is unique and names what was booked (`sale:{order_item_id}`,
 *   `reversal:{entry_id}`…), so a booking made twice writes once. Rows are never updated or deleted; a
 *   mistake is reversed by a new entry that names it (reverses_entry_id).
 * - payouts: one per shop and period end, pending → paid | failed, with the operator's reference.
 * - cod_collections: the cash a courier (or the seller) collected on delivery of a COD order, one per order.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function ledgerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shops').addColumn('commission_rate_bp', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('commission_rate_bp', 'integer').execute();

      await addIdColumn(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('order_item_id', 'integer', (c) => c.references('order_items.id'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reverses_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
        .addColumn('payout_id', 'integer')
        .addColumn('booking_key', 'text', (c) => c.notNull().unique())
        .addCheckConstraint(
          'ledger_entries_kind_check',
          sql`kind in ('sale', 'commission', 'refund', 'reversal', 'cod_collected', 'payout', 'adjustment')`,
        )
        .execute();
      await db.schema.createIndex('ledger_entries_shop_created').on('ledger_entries').columns(['shop_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('ledger_entries_order').on('ledger_entries').columns(['order_id']).execute();

      await addIdColumn(db.schema.createTable('payouts'), dialect)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('period_end', 'text', (c) => c.notNull())
        .addColumn('gross_cents', 'bigint', (c) => c.notNull())
        .addColumn('commission_cents', 'bigint', (c) => c.notNull())
        .addColumn('net_cents', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('paid_at', 'bigint')
        .addColumn('reference', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('payouts_status_check', sql`status in ('pending', 'paid', 'failed')`)
        .addUniqueConstraint('payouts_shop_period_end', ['shop_id', 'period_end'])
        .execute();
      await db.schema.createIndex('payouts_period_status').on('payouts').columns(['period_end', 'status']).execute();

      await addIdColumn(db.schema.createTable('cod_collections'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('collected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('collected_at', 'bigint', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cod_collections').execute();
      await db.schema.dropTable('payouts').execute();
      await db.schema.dropTable('ledger_entries').execute();
      await db.schema.alterTable('order_items').dropColumn('commission_rate_bp').execute();
      await db.schema.alterTable('shops').dropColumn('commission_rate_bp').execute();
    },
  };
}
