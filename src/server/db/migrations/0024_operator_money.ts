/**
 * Issue 24, the operator's money and inbox (docs/OPERATOR.md "Inbox", "COD remittances"; docs/MONEY.md "Returns"):
 * - orders.status may be 'returned' (an order after delivery, the operator's move): the status CHECK is widened;
 * - contact_messages gains the operator's answer: status ('open' | 'answered'), the reply, who answered and when;
 * - cod_remittances: the cash a courier handed to the platform (courier, amount in centimes, when it was received,
 *   who recorded it);
 * - cod_remittance_orders: the delivered COD orders a remittance covers, one remittance per order at most (order_id
 *   unique: an order remitted twice is refused).
 *
 * Widening the orders' status CHECK the way 0020 widened the shops' one: PostgreSQL drops and adds the constraint;
 * SQLite edits the table's CREATE statement in sqlite_schema (Database.editSqliteSchema), which SQLite documents
 * for changes that leave every stored row valid. Down turns returned orders back into delivered ones first.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database, Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export const ORDER_STATUS_CHECK = 'orders_status_check';
const NARROW = "status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')";
const WIDE = "status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled', 'returned')";

/** Replaces `from` by `to` in the CREATE statement of orders (exactly once), in one transaction. */
function editOrdersCheck(sqlite: BetterSqlite3.Database, from: string, to: string): void {
  sqlite.transaction(() => {
    const row = sqlite.prepare("select sql from sqlite_schema where type = 'table' and name = 'orders'").get() as { sql: string } | undefined;
    const current = row?.sql ?? '';
    const at = current.indexOf(from);
    if (at < 0 || current.indexOf(from, at + 1) >= 0) throw new Error(`orders: expected the CHECK "${from}" once in ${current}`);
    const version = Number(sqlite.pragma('schema_version', { simple: true }));
    sqlite.pragma('writable_schema = ON');
    try {
      sqlite.prepare("update sqlite_schema set sql = ? where type = 'table' and name = 'orders'").run(current.replace(from, to));
      sqlite.pragma(`schema_version = ${version + 1}`);
    } finally {
      sqlite.pragma('writable_schema = OFF');
    }
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`orders: quick_check after the CHECK edit says ${String(check)}`);
  })();
}

async function setStatusCheck(db: Kysely<unknown>, dialect: Dialect, handle: Database | undefined, from: string, to: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table orders drop constraint ${sql.id(ORDER_STATUS_CHECK)}`.execute(db);
    await sql`alter table orders add constraint ${sql.id(ORDER_STATUS_CHECK)} check (${sql.raw(to)})`.execute(db);
    return;
  }
  if (handle?.editSqliteSchema === undefined) throw new Error('0024_operator_money needs the SQLite connection (Database.editSqliteSchema)');
  handle.editSqliteSchema((sqlite) => editOrdersCheck(sqlite, from, to));
}

/** `handle`: the database being migrated (its raw SQLite connection edits the CHECK). */
export function operatorMoneyMigration(dialect: Dialect, handle?: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await setStatusCheck(db, dialect, handle, NARROW, WIDE);

      await db.schema.alterTable('contact_messages').addColumn('status', 'text', (c) => c.notNull().defaultTo('open')).execute();
      await db.schema.alterTable('contact_messages').addColumn('reply', 'text').execute();
      await db.schema.alterTable('contact_messages').addColumn('answered_at', 'bigint').execute();
      // No foreign key: SQLite cannot drop a column that is one (down); the answering user id as it was.
      await db.schema.alterTable('contact_messages').addColumn('answered_by', 'integer').execute();
      await db.schema.createIndex('contact_messages_status_created').on('contact_messages').columns(['status', 'created_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('cod_remittances'), dialect)
        .addColumn('courier', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('cod_remittances_amount_check', sql`amount_cents >= 0`)
        .execute();
      await db.schema.createIndex('cod_remittances_received').on('cod_remittances').columns(['received_at', 'id']).execute();

      await db.schema
        .createTable('cod_remittance_orders')
        .addColumn('remittance_id', 'integer', (c) => c.notNull().references('cod_remittances.id'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .execute();
      await db.schema.createIndex('cod_remittance_orders_remittance').on('cod_remittance_orders').columns(['remittance_id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cod_remittance_orders').execute();
      await db.schema.dropTable('cod_remittances').execute();
      await db.schema.dropIndex('contact_messages_status_created').execute();
      await db.schema.alterTable('contact_messages').dropColumn('answered_by').execute();
      await db.schema.alterTable('contact_messages').dropColumn('answered_at').execute();
      await db.schema.alterTable('contact_messages').dropColumn('reply').execute();
      await db.schema.alterTable('contact_messages').dropColumn('status').execute();
      await sql`update orders set status = 'delivered' where status = 'returned'`.execute(db);
      await setStatusCheck(db, dialect, handle, WIDE, NARROW);
    },
  };
}
