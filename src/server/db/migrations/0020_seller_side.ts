/**
 * Issue 23: the seller side (docs/SELLERS.md).
 * - shops.status may be 'pending' (a shop signed up and not yet activated by the operator);
 * - shops.phone: the phone given at sign-up ('' for the shops before);
 * - products.published: 1, or 0 when its seller or the operator unpublished it;
 * - products.low_stock_threshold: the stock at which a variant counts as low (default 3).
 *
 * products.deleted keeps its meaning for everything that reads it (listings, counts, sync pulls' tombstones): the
 * product is not public. From here on it is derived, never set alone: deleted = 1 unless the product is
 * published and its shop is active (repositories/product-visibility.ts). Rows already there keep it; a product of
 * a shop that is not active (the seed's suspended shop has none) becomes deleted, stamped above every updated_at
 * so that pulls carry its tombstone.
 *
 * Widening the status CHECK: PostgreSQL drops and adds the constraint again. SQLite cannot alter a CHECK. The
 * table could be rebuilt (create, copy, drop, rename), but products, reviews, messages and more reference shops.id
 * and foreign keys are on, and the rebuild has to repeat every column and index later migrations added. SQLite
 * documents the other way for changes that leave the stored rows valid, which widening a CHECK does: edit the
 * table's CREATE statement in sqlite_schema under PRAGMA writable_schema, bump schema_version so that every
 * connection re-reads the schema, and check integrity — in one transaction on the raw connection, with
 * better-sqlite3's defensive mode off for just that (Database.editSqliteSchema). Down narrows it again the same way,
 * after turning pending shops into suspended ones.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database, Dialect } from '../database';

export const SHOP_STATUS_CHECK = 'shops_status_check';
const NARROW = "status in ('active', 'suspended')";
const WIDE = "status in ('pending', 'active', 'suspended')";

/** Replaces `from` by `to` in the CREATE statement of shops (exactly once), in one transaction. */
function editShopsCheck(sqlite: BetterSqlite3.Database, from: string, to: string): void {
  sqlite.transaction(() => {
    const row = sqlite.prepare("select sql from sqlite_schema where type = 'table' and name = 'shops'").get() as { sql: string } | undefined;
    const current = row?.sql ?? '';
    const at = current.indexOf(from);
    if (at < 0 || current.indexOf(from, at + 1) >= 0) throw new Error(`shops: expected the CHECK "${from}" once in ${current}`);
    const version = Number(sqlite.pragma('schema_version', { simple: true }));
    sqlite.pragma('writable_schema = ON');
    try {
      sqlite.prepare("update sqlite_schema set sql = ? where type = 'table' and name = 'shops'").run(current.replace(from, to));
      sqlite.pragma(`schema_version = ${version + 1}`);
    } finally {
      sqlite.pragma('writable_schema = OFF');
    }
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`shops: quick_check after the CHECK edit says ${String(check)}`);
  })();
}

async function setStatusCheck(db: Kysely<unknown>, dialect: Dialect, handle: Database | undefined, from: string, to: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table shops drop constraint ${sql.id(SHOP_STATUS_CHECK)}`.execute(db);
    await sql`alter table shops add constraint ${sql.id(SHOP_STATUS_CHECK)} check (${sql.raw(to)})`.execute(db);
    return;
  }
  if (handle?.editSqliteSchema === undefined) throw new Error('0020_seller_side needs the SQLite connection (Database.editSqliteSchema)');
  handle.editSqliteSchema((sqlite) => editShopsCheck(sqlite, from, to));
}

/** `handle`: the database being migrated (its raw SQLite connection edits the CHECK). */
export function sellerSideMigration(dialect: Dialect, handle?: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await setStatusCheck(db, dialect, handle, NARROW, WIDE);
      await db.schema.alterTable('shops').addColumn('phone', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('products').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('products').addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(3)).execute();
      // Products of shops that are not active leave the public catalogue (stamped in id order above every stamp).
      const top = await sql<{ m: number | null }>`select max(updated_at) as m from products`.execute(db);
      const base = Number(top.rows[0]?.m ?? 0);
      await sql`update products set deleted = 1, updated_at = ${sql.lit(base)} + id
        where deleted = 0 and shop_id in (select id from shops where status <> 'active')`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await sql`update shops set status = 'suspended' where status = 'pending'`.execute(db);
      await setStatusCheck(db, dialect, handle, WIDE, NARROW);
      await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
      await db.schema.alterTable('products').dropColumn('published').execute();
      await db.schema.alterTable('shops').dropColumn('phone').execute();
    },
  };
}
