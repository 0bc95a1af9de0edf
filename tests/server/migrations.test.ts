/** Versioned migrations on a fresh, empty test database (SQLite or PostgreSQL), and SQLite's connection settings. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_MIGRATIONS, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, STATEMENT_CACHE_SIZE, type Database } from '../../src/server/db/database';
import { createMigrator, migrateToLatest, migrations } from '../../src/server/db/migrate';
import { listingIndexes } from '../../src/server/db/migrations/0002_listing_indexes';
import { shopSearchName } from '../../src/server/db/search-text';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { openTestDatabase, testsOnPostgres, type OpenTestDatabase } from '../helpers/test-database';

let db: Database | undefined;
let dir: string | undefined;
let opened: OpenTestDatabase | undefined;

/** A SQLite file in a directory that does not exist yet. */
function openSqlite(): Database {
  dir = mkdtempSync(join(tmpdir(), 'souk-mig-'));
  db = openDatabase(join(dir, 'nested', 'souk.sqlite'));
  return db;
}

/** A test database without any table. */
async function open(): Promise<Database> {
  opened = await openTestDatabase({ empty: true });
  return opened.db;
}

/** Per index of `table`: its name and its columns, comma-separated. */
async function indexesOf(d: Database, table: string): Promise<{ name: string; columns: string }[]> {
  if (d.dialect === 'postgres') {
    const rows = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = ${table}`.execute(d.kysely);
    return rows.rows.map((r) => ({ name: r.name, columns: (/\((.*)\)/.exec(r.def)?.[1] ?? '').replace(/\s+/g, '') }));
  }
  const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(d.kysely);
  return Promise.all(
    indexes.rows.map(async (ix) => {
      const cols = await sql<{ name: string }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(d.kysely);
      return { name: ix.name, columns: cols.rows.map((c) => c.name).join(',') };
    }),
  );
}

async function productIndexes(d: Database): Promise<string[]> {
  return (await indexesOf(d, 'products')).map((ix) => ix.name);
}

afterEach(async () => {
  await db?.close();
  await opened?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
  opened = undefined;
});

describe('migrations', () => {
  it('run every migration once, in order, and record them', async () => {
    const d = await open();
    const names = Object.keys(migrations(d.dialect));
    expect(names).toEqual([...names].sort());
    expect(await migrateToLatest(d)).toEqual(names);
    expect(await migrateToLatest(d)).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(d.kysely);
    expect(recorded.rows.map((r) => r.name)).toEqual(names);
  });

  it('create the catalogue tables with replication columns and (updated_at, id) indexes', async () => {
    const d = await open();
    await migrateToLatest(d);
    const tables = await d.kysely.introspection.getTables();
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const name of ['categories', 'shops', 'products', 'product_variants']) expect(byName.has(name), name).toBe(true);
    for (const name of ['categories', 'shops', 'products']) {
      const columns = byName.get(name)?.columns.map((c) => c.name) ?? [];
      expect(columns).toEqual(expect.arrayContaining(['id', 'updated_at', 'deleted']));
      const withColumns = (await indexesOf(d, name)).map((ix) => ix.columns);
      expect(withColumns, name).toContain('updated_at,id');
    }
    const variantColumns = byName.get('product_variants')?.columns.map((c) => c.name);
    expect(variantColumns).toEqual(expect.arrayContaining(['size', 'color', 'fabric', 'price_cents', 'stock']));
  });

  it('migrate down and up again', async () => {
    const d = await open();
    await migrateToLatest(d);
    const names = Object.keys(migrations(d.dialect));
    // Down to 0001: 0003 and 0002 drop their indexes, 0002 gives back 0001's; then 0001 drops the tables.
    let down = await createMigrator(d).migrateTo('0001_catalog');
    expect(down.error).toBeUndefined();
    const indexes = await productIndexes(d);
    expect(indexes).toEqual(
      expect.arrayContaining(['products_gender', 'products_category', 'products_effective_id', 'products_rating_reviews_id']),
    );
    expect(indexes.filter((name) => name.startsWith('products_list_') || name === 'products_deleted')).toEqual([]);
    down = await createMigrator(d).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect((await d.kysely.introspection.getTables()).map((t) => t.name)).not.toContain('products');
    expect(await migrateToLatest(d)).toEqual(names);
  });

  it('0002 to 0006 add the listing indexes and shop search names to a catalogue that is already filled', async () => {
    const d = await open();
    // Filled (the seed writes today's columns), then back to 0001's schema with its rows: a catalogue from 0001.
    await migrateToLatest(d);
    await seedDemo(d, { products: 50 });
    expect((await createMigrator(d).migrateTo('0001_catalog')).error).toBeUndefined();
    expect(await migrateToLatest(d)).toEqual(['0002_listing_indexes', '0003_deleted_products', '0004_shop_search_name', '0005_accounts', '0006_session_hardening', '0007_reviews_follows', '0008_idempotency_body_hash', '0009_carts_wishlist', '0010_orders', '0011_community', '0012_messages', '0013_push', '0014_rate_limit_counters', '0015_contact_newsletter', '0016_tailoring', '0017_search_trigrams', '0018_order_shipping_method', '0019_catalog_texts', '0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
    const indexes = await productIndexes(d);
    for (const { name } of listingIndexes()) expect(indexes).toContain(name);
    expect(indexes).toContain('products_deleted');
    expect(indexes).toEqual(expect.arrayContaining(['products_gender', 'products_category', 'products_shop']));
    for (const gone of ['products_created_at_id', 'products_effective_id', 'products_sales_id', 'products_rating_reviews_id']) {
      expect(indexes).not.toContain(gone);
    }
    // SQLite can be told to read through one index (INDEXED BY): the new index holds every live row.
    if (d.dialect === 'sqlite') {
      const live = await sql<{ n: number }>`select count(*) as n from products indexed by products_list_gender_price where gender = 'women' and deleted = 0`.execute(d.kysely);
      const all = await sql<{ n: number }>`select count(*) as n from products not indexed where gender = 'women' and deleted = 0`.execute(d.kysely);
      expect(live.rows[0]?.n).toBe(all.rows[0]?.n);
    }
  });

  it('0004 fills shops.search_name from the names of the shops already there, folded in JavaScript', async () => {
    const d = await open();
    await migrateToLatest(d);
    await seedDemo(d, { products: 5 });
    await d.kysely.updateTable('shops').set({ name: 'Éclat de Fès', name_ar: 'بريق فاس' }).where('id', '=', 2).execute();
    expect((await createMigrator(d).migrateTo('0003_deleted_products')).error).toBeUndefined();
    const columns = (await d.kysely.introspection.getTables()).find((t) => t.name === 'shops')?.columns.map((c) => c.name);
    expect(columns).not.toContain('search_name');

    // Up to 0018: 0019 replaces search_name with search_text (its own test below).
    const upTo0018 = await createMigrator(d).migrateTo('0018_order_shipping_method');
    expect(upTo0018.error).toBeUndefined();
    expect(upTo0018.results?.map((r) => r.migrationName)).toEqual(['0004_shop_search_name', '0005_accounts', '0006_session_hardening', '0007_reviews_follows', '0008_idempotency_body_hash', '0009_carts_wishlist', '0010_orders', '0011_community', '0012_messages', '0013_push', '0014_rate_limit_counters', '0015_contact_newsletter', '0016_tailoring', '0017_search_trigrams', '0018_order_shipping_method']);
    const shops = await sql<{ id: number; name: string; name_ar: string; search_name: string }>`select id, name, name_ar, search_name from shops order by id`.execute(d.kysely);
    expect(shops.rows.length).toBeGreaterThan(10);
    for (const s of shops.rows) expect(s.search_name, s.name).toBe(shopSearchName(s.name, s.name_ar));
    expect(shops.rows.find((s) => Number(s.id) === 2)?.search_name).toBe('éclat de fès\nبريق فاس');
    expect(await migrateToLatest(d)).toEqual(['0019_catalog_texts', '0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
  });

  it('0019 gives the rows already there their texts as maps (name → en, name_ar → ar) and the search rule\'s search text, and goes down', async () => {
    const d = await open();
    await migrateToLatest(d);
    await seedDemo(d, { products: 20 });
    // Back to before 0019, with rows written by that schema's columns only.
    expect((await createMigrator(d).migrateTo('0018_order_shipping_method')).error).toBeUndefined();
    await sql`update shops set name = 'Éclat de Fès', name_ar = 'بريق فاس', description = 'Caftans', description_ar = '' where id = 2`.execute(d.kysely);
    await sql`update products set name = 'Royal Red Kaftán', name_ar = 'قفطان أحمر ملكي' where id = 3`.execute(d.kysely);
    await sql`update categories set name_en = 'Kaftan', name_ar = 'قفطان' where id = 4`.execute(d.kysely);
    await sql`update tailors set bio = 'Three generations.' where id = 1`.execute(d.kysely);

    expect(await migrateToLatest(d)).toEqual(['0019_catalog_texts', '0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
    const shop = await d.kysely.selectFrom('shops').select(['names_json', 'descriptions_json', 'search_text']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(JSON.parse(shop.names_json)).toEqual({ en: 'Éclat de Fès', ar: 'بريق فاس' });
    expect(JSON.parse(shop.descriptions_json)).toEqual({ en: 'Caftans' });
    expect(shop.search_text).toBe('بريق فاس\neclat de fes');
    const product = await d.kysely.selectFrom('products').select(['names_json', 'search_text']).where('id', '=', 3).executeTakeFirstOrThrow();
    expect(JSON.parse(product.names_json)).toEqual({ ar: 'قفطان أحمر ملكي', en: 'Royal Red Kaftán' });
    expect(product.search_text).toBe('قفطان احمر ملكي\nroyal red kaftan');
    const category = await d.kysely.selectFrom('categories').select(['names_json', 'search_text']).where('id', '=', 4).executeTakeFirstOrThrow();
    expect(JSON.parse(category.names_json)).toEqual({ ar: 'قفطان', en: 'Kaftan' });
    expect(category.search_text).toBe('قفطان\nkaftan');
    const tailor = await d.kysely.selectFrom('tailors').select(['bios_json', 'specialty_names_json']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(JSON.parse(tailor.bios_json)).toEqual({ en: 'Three generations.' });
    expect(JSON.parse(tailor.specialty_names_json)).toEqual([]);
    // Every product row got its maps and search text.
    const missing = await sql<{ n: number }>`select count(*) as n from products where names_json = '{}' or search_text = ''`.execute(d.kysely);
    expect(Number(missing.rows[0]?.n)).toBe(0);
    const productColumns = (await d.kysely.introspection.getTables()).find((t) => t.name === 'products')?.columns.map((c) => c.name);
    expect(productColumns).not.toContain('search_name');
    if (d.dialect === 'postgres') {
      const trgm = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm'`.execute(d.kysely);
      expect(trgm.rows.map((r) => r.indexname)).toEqual(['products_search_text_trgm']);
    }

    // Down: the old search columns back, as 0001 and 0004 filled them; the maps gone.
    expect((await createMigrator(d).migrateTo('0018_order_shipping_method')).error).toBeUndefined();
    const oldShop = await sql<{ search_name: string }>`select search_name from shops where id = 2`.execute(d.kysely);
    expect(oldShop.rows[0]?.search_name).toBe('éclat de fès\nبريق فاس');
    const oldProduct = await sql<{ search_name: string }>`select search_name from products where id = 3`.execute(d.kysely);
    expect(oldProduct.rows[0]?.search_name).toBe('royal red kaftán');
    const tables = await d.kysely.introspection.getTables();
    for (const table of ['products', 'shops', 'categories', 'tailors']) {
      const names = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
      expect(names.filter((c) => c.endsWith('_json') && c !== 'images_json' && c !== 'specialties_json'), table).toEqual([]);
      expect(names, table).not.toContain('search_text');
    }
    if (d.dialect === 'postgres') {
      const trgm = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm'`.execute(d.kysely);
      expect(trgm.rows.map((r) => r.indexname).sort()).toEqual(['products_name_ar_trgm', 'products_search_name_trgm']);
    }
    expect(await migrateToLatest(d)).toEqual(['0019_catalog_texts', '0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
  });

  it('0020 lets a shop be pending, still refuses a bogus status, keeps the statuses there, adds phone, published and low_stock_threshold, and goes down', async () => {
    const d = await open();
    await migrateToLatest(d);
    await seedDemo(d, { products: 20 });
    expect((await createMigrator(d).migrateTo('0019_catalog_texts')).error).toBeUndefined();
    const before = await sql<{ id: number; status: string }>`select id, status from shops order by id`.execute(d.kysely);
    expect(before.rows.map((r) => r.status)).toContain('suspended');
    await expect(sql`update shops set status = 'pending' where id = 1`.execute(d.kysely)).rejects.toThrow();
    const liveBefore = await sql<{ n: number }>`select count(*) as n from products where deleted = 0`.execute(d.kysely);

    expect(await migrateToLatest(d)).toEqual(['0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
    const after = await sql<{ id: number; status: string; phone: string }>`select id, status, phone from shops order by id`.execute(d.kysely);
    expect(after.rows.map((r) => [Number(r.id), r.status])).toEqual(before.rows.map((r) => [Number(r.id), r.status]));
    expect(after.rows.every((r) => r.phone === '')).toBe(true);
    const products = await sql<{ published: number; low_stock_threshold: number }>`select published, low_stock_threshold from products`.execute(d.kysely);
    expect(products.rows.length).toBeGreaterThan(0);
    expect(products.rows.every((r) => Number(r.published) === 1 && Number(r.low_stock_threshold) === 3)).toBe(true);
    // The seed's suspended shop has no products: every product stays public.
    const liveAfter = await sql<{ n: number }>`select count(*) as n from products where deleted = 0`.execute(d.kysely);
    expect(Number(liveAfter.rows[0]?.n)).toBe(Number(liveBefore.rows[0]?.n));

    await sql`update shops set status = 'pending' where id = 1`.execute(d.kysely);
    expect((await sql<{ status: string }>`select status from shops where id = 1`.execute(d.kysely)).rows[0]?.status).toBe('pending');
    await expect(sql`update shops set status = 'closed' where id = 2`.execute(d.kysely)).rejects.toThrow(/check/i);
    await expect(sql`update shops set status = '' where id = 2`.execute(d.kysely)).rejects.toThrow(/check/i);
    // The edit kept the table whole: its other constraints and its rows.
    await expect(sql`update shops set store_type = 'bogus' where id = 2`.execute(d.kysely)).rejects.toThrow(/check/i);
    if (d.dialect === 'sqlite') {
      const check = await sql<{ quick_check: string }>`pragma quick_check`.execute(d.kysely);
      expect(check.rows[0]?.quick_check).toBe('ok');
      const fk = await sql`pragma foreign_key_check`.execute(d.kysely);
      expect(fk.rows).toEqual([]);
    }

    // Down: the pending shop becomes suspended and the CHECK narrows again.
    expect((await createMigrator(d).migrateTo('0019_catalog_texts')).error).toBeUndefined();
    expect((await sql<{ status: string }>`select status from shops where id = 1`.execute(d.kysely)).rows[0]?.status).toBe('suspended');
    await expect(sql`update shops set status = 'pending' where id = 1`.execute(d.kysely)).rejects.toThrow(/check/i);
    const columns = (await d.kysely.introspection.getTables()).find((t) => t.name === 'products')?.columns.map((c) => c.name);
    expect(columns).not.toContain('published');
    expect(await migrateToLatest(d)).toEqual(['0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
  });

  it('0020 takes the products of a shop that is not active out of the public catalogue, stamped above every other', async () => {
    const d = await open();
    await migrateToLatest(d);
    await seedDemo(d, { products: 20 });
    expect((await createMigrator(d).migrateTo('0019_catalog_texts')).error).toBeUndefined();
    const product = await sql<{ id: number; shop_id: number }>`select id, shop_id from products where deleted = 0 order by id limit 1`.execute(d.kysely);
    const shopId = Number(product.rows[0]?.shop_id);
    await sql`update shops set status = 'suspended' where id = ${shopId}`.execute(d.kysely);
    const top = await sql<{ m: number }>`select max(updated_at) as m from products`.execute(d.kysely);
    expect(await migrateToLatest(d)).toEqual(['0020_seller_side', '0021_product_images', '0022_ledger', '0023_operator', '0024_operator_money', '0025_seller_alerts']);
    const hidden = await sql<{ deleted: number; updated_at: number }>`select deleted, updated_at from products where shop_id = ${shopId}`.execute(d.kysely);
    expect(hidden.rows.length).toBeGreaterThan(0);
    for (const r of hidden.rows) {
      expect(Number(r.deleted)).toBe(1);
      expect(Number(r.updated_at)).toBeGreaterThan(Number(top.rows[0]?.m));
    }
    const others = await sql<{ n: number }>`select count(*) as n from products where shop_id <> ${shopId} and deleted = 1`.execute(d.kysely);
    expect(Number(others.rows[0]?.n)).toBe(0);
  });

  it('0024 lets an order be returned, still refuses a bogus status, answers contact messages, and goes down', async () => {
    const d = await open();
    await migrateToLatest(d);
    await seedDemo(d, { products: 20 });
    expect((await createMigrator(d).migrateTo('0023_operator')).error).toBeUndefined();
    const orderRows = await sql<{ id: number; status: string }>`select id, status from orders order by id`.execute(d.kysely);
    const first = Number(orderRows.rows[0]?.id);
    expect(orderRows.rows.length).toBeGreaterThan(0);
    await expect(sql`update orders set status = 'returned' where id = ${first}`.execute(d.kysely)).rejects.toThrow(/check/i);

    expect((await createMigrator(d).migrateTo('0024_operator_money')).error).toBeUndefined();
    const after = await sql<{ id: number; status: string }>`select id, status from orders order by id`.execute(d.kysely);
    expect(after.rows).toEqual(orderRows.rows);
    await sql`update orders set status = 'returned' where id = ${first}`.execute(d.kysely);
    await expect(sql`update orders set status = 'lost' where id = ${first}`.execute(d.kysely)).rejects.toThrow(/check/i);
    await expect(sql`update orders set payment_status = 'bogus' where id = ${first}`.execute(d.kysely)).rejects.toThrow(/check/i);
    if (d.dialect === 'sqlite') {
      expect((await sql<{ quick_check: string }>`pragma quick_check`.execute(d.kysely)).rows[0]?.quick_check).toBe('ok');
      expect((await sql`pragma foreign_key_check`.execute(d.kysely)).rows).toEqual([]);
    }
    await sql`insert into contact_messages (first_name, last_name, email, subject, message, created_at) values ('A', 'B', 'a@example.test', 's', 'm', 1)`.execute(d.kysely);
    const message = await sql<{ status: string; reply: string | null }>`select status, reply from contact_messages`.execute(d.kysely);
    expect(message.rows).toEqual([{ status: 'open', reply: null }]);
    const remittance = await sql<{ id: number }>`insert into cod_remittances (courier, amount_cents, received_at, created_at) values ('Amana', 100, 1, 1) returning id`.execute(d.kysely);
    const remittanceId = Number(remittance.rows[0]?.id);
    await sql`insert into cod_remittance_orders (remittance_id, order_id) values (${remittanceId}, ${first})`.execute(d.kysely);
    await expect(sql`insert into cod_remittance_orders (remittance_id, order_id) values (${remittanceId}, ${first})`.execute(d.kysely)).rejects.toThrow();
    await expect(sql`insert into cod_remittances (courier, amount_cents, received_at, created_at) values ('Amana', -1, 1, 1)`.execute(d.kysely)).rejects.toThrow(/check/i);

    // Down: the returned order is delivered again and the CHECK narrows.
    expect((await createMigrator(d).migrateTo('0023_operator')).error).toBeUndefined();
    expect((await sql<{ status: string }>`select status from orders where id = ${first}`.execute(d.kysely)).rows[0]?.status).toBe('delivered');
    await expect(sql`update orders set status = 'returned' where id = ${first}`.execute(d.kysely)).rejects.toThrow(/check/i);
    const tables = (await d.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('cod_remittances');
    const columns = (await d.kysely.introspection.getTables()).find((t) => t.name === 'contact_messages')?.columns.map((c) => c.name);
    expect(columns).not.toContain('status');
    expect((await createMigrator(d).migrateTo('0024_operator_money')).error).toBeUndefined();
  });

  it('enforce constraints: foreign keys, flags, discount below price', async () => {
    const d = await open();
    await migrateToLatest(d);
    await expect(
      d.kysely
        .insertInto('product_variants')
        .values({ product_id: 12345, sku: 'x', size: 'M', color: 'red', fabric: 'Silk', price_cents: 100, stock: 1 })
        .execute(),
    ).rejects.toThrow(d.dialect === 'postgres' ? /violates foreign key constraint/ : /FOREIGN KEY/);
  });
});

// SQLite's own settings (pragmas, its statement cache): nothing of PostgreSQL's.
describe.skipIf(testsOnPostgres)('SQLite connection', () => {
  it('uses WAL, foreign keys and a busy timeout, and creates the directory', async () => {
    const d = openSqlite();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(d.kysely);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(d.kysely);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(d.kysely);
    expect(busy.rows[0]?.timeout).toBeGreaterThanOrEqual(1000);
    expect(d.dialect).toBe('sqlite');
  });

  it('reads through a 64 MB page cache and memory-mapped I/O, with temp storage in memory', async () => {
    const d = openSqlite();
    const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(d.kysely);
    expect(cache.rows[0]?.cache_size).toBe(-65536);
    const mmap = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(d.kysely);
    expect(mmap.rows[0]?.mmap_size).toBe(268435456);
    const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(d.kysely);
    expect(temp.rows[0]?.temp_store).toBe(2);
  });

  it('reuses prepared statements by SQL text with fresh parameters, past the cache size and across writes', async () => {
    const d = openSqlite();
    await migrateToLatest(d);
    await seedDemo(d, { products: 30 });
    const price = (id: number) =>
      d.kysely.selectFrom('products').select('price_cents').where('id', '=', id).executeTakeFirstOrThrow();
    const before = await price(3);
    expect((await price(4)).price_cents).not.toBeUndefined();
    await d.kysely.updateTable('products').set({ price_cents: before.price_cents + 1 }).where('id', '=', 3).execute();
    expect((await price(3)).price_cents).toBe(before.price_cents + 1);
    // More distinct statements than the cache keeps, then the first again.
    for (let n = 1; n <= STATEMENT_CACHE_SIZE + 20; n++) {
      const row = await sql<{ v: number }>`select ${sql.lit(n)} + ${n} as v`.execute(d.kysely);
      expect(row.rows[0]?.v).toBe(2 * n);
    }
    expect((await price(3)).price_cents).toBe(before.price_cents + 1);
    // A stream holds the connection; its statement is not handed out while it iterates.
    const ids: number[] = [];
    for await (const row of d.kysely.selectFrom('products').select('id').orderBy('id').limit(5).stream()) ids.push(row.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
  });
});
