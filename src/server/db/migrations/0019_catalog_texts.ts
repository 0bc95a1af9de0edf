/**
 * Issue 22: catalogue texts in the six languages (docs/CATALOGUE.md). Adds the maps (JSON LocalizedText,
 * src/domain/catalog-text.ts) beside the spec's columns, which stay filled with their English and Arabic texts:
 * - categories: names_json, and search_text (its names folded: product search finds a product by its category);
 * - shops: names_json, descriptions_json, search_text (replaces 0004's search_name);
 * - products: names_json, descriptions_json, search_text (replaces 0001's search_name);
 * - tailors: bios_json, specialty_names_json (one map per specialty, in specialties_json's order).
 * search_text is searchText (src/domain/search.ts) of the names in every language, folded in JavaScript: the
 * search rule's folding (accents, case, Arabic letter variants) cannot be done the same way by both databases.
 *
 * Rows already there get maps from today's columns (name → en, name_ar → ar; description, bio likewise) and
 * their search text, computed here in JavaScript. On PostgreSQL the trigram index of product search moves to
 * products.search_text (0017's indexes were on search_name and name_ar); where pg_trgm cannot be created, search
 * stays without an index, as 0017 leaves it.
 *
 * Down: the old search columns come back, filled as 0001 and 0004 fill them, and the maps go (their languages
 * other than en and ar are lost).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { cleanText, type LocalizedText } from '../../../domain/catalog-text';
import { searchText } from '../../../domain/search';
import type { Dialect } from '../database';
import { shopSearchName } from '../search-text';

/** The trigram index of product search from here on (0017's two are dropped). */
export const PRODUCT_SEARCH_TRIGRAM_INDEX = 'products_search_text_trgm';
const OLD_TRIGRAM_INDEXES = [
  { name: 'products_search_name_trgm', column: 'search_name' },
  { name: 'products_name_ar_trgm', column: 'name_ar' },
] as const;

/** Rows per backfill statement (4 parameters a row). */
const BATCH = 500;

type Row = Record<string, string | number | null>;

function mapOf(en: string | null | undefined, ar: string | null | undefined): LocalizedText {
  return cleanText({ en: en ?? '', ar: ar ?? '' });
}

/**
 * Sets `columns` of `table` for each (id, values) in batches: one `update ... from (values ...)` per batch (both
 * databases name a VALUES list's columns column1, column2, ...).
 */
async function updateRows(db: Kysely<unknown>, table: string, columns: readonly string[], rows: readonly (readonly [number, readonly string[]])[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const values = sql.join(batch.map(([id, texts]) => sql`(${sql.lit(id)}, ${sql.join(texts.map((t) => sql`${t}`))})`));
    const sets = sql.join(columns.map((c, k) => sql`${sql.id(c)} = v.${sql.id(`column${k + 2}`)}`));
    await sql`update ${sql.table(table)} set ${sets} from (values ${values}) as v where ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
  }
}

async function select(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<Row[]> {
  const result = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}`.execute(db);
  return result.rows;
}

/** Whether pg_trgm is there, or can be created (under a savepoint: a refusal does not abort the migration). */
async function trigramsAvailable(db: Kysely<unknown>): Promise<boolean> {
  await sql`savepoint souk_pg_trgm_0019`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint souk_pg_trgm_0019`.execute(db);
    return true;
  } catch (error) {
    await sql`rollback to savepoint souk_pg_trgm_0019`.execute(db);
    console.warn(`pg_trgm is not available, product search stays without an index: ${String(error)}`);
    return false;
  }
}

export function catalogTextsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const json = (table: string, column: string, empty = '{}') =>
        db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo(empty)).execute();
      const text = (table: string, column: string) =>
        db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();

      await json('categories', 'names_json');
      await text('categories', 'search_text');
      const categories = await select(db, 'categories', ['id', 'name_en', 'name_ar']);
      await updateRows(
        db,
        'categories',
        ['names_json', 'search_text'],
        categories.map((r) => {
          const names = mapOf(String(r.name_en), String(r.name_ar));
          return [Number(r.id), [JSON.stringify(names), searchText(Object.values(names))]] as const;
        }),
      );

      await json('shops', 'names_json');
      await json('shops', 'descriptions_json');
      await text('shops', 'search_text');
      const shops = await select(db, 'shops', ['id', 'name', 'name_ar', 'description', 'description_ar']);
      await updateRows(
        db,
        'shops',
        ['names_json', 'descriptions_json', 'search_text'],
        shops.map((r) => {
          const names = mapOf(String(r.name), String(r.name_ar));
          const descriptions = mapOf(String(r.description), String(r.description_ar));
          return [Number(r.id), [JSON.stringify(names), JSON.stringify(descriptions), searchText(Object.values(names))]] as const;
        }),
      );
      await db.schema.alterTable('shops').dropColumn('search_name').execute();

      await json('products', 'names_json');
      await json('products', 'descriptions_json');
      await text('products', 'search_text');
      const products = await select(db, 'products', ['id', 'name', 'name_ar', 'description', 'description_ar']);
      await updateRows(
        db,
        'products',
        ['names_json', 'descriptions_json', 'search_text'],
        products.map((r) => {
          const names = mapOf(String(r.name), String(r.name_ar));
          const descriptions = mapOf(String(r.description), String(r.description_ar));
          return [Number(r.id), [JSON.stringify(names), JSON.stringify(descriptions), searchText(Object.values(names))]] as const;
        }),
      );
      if (dialect === 'postgres') {
        for (const { name } of OLD_TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
      }
      await db.schema.alterTable('products').dropColumn('search_name').execute();
      if (dialect === 'postgres' && (await trigramsAvailable(db))) {
        await sql`create index ${sql.id(PRODUCT_SEARCH_TRIGRAM_INDEX)} on products using gin (search_text gin_trgm_ops)`.execute(db);
      }

      await json('tailors', 'bios_json');
      await json('tailors', 'specialty_names_json', '[]');
      const tailors = await select(db, 'tailors', ['id', 'bio']);
      await updateRows(
        db,
        'tailors',
        ['bios_json'],
        tailors.map((r) => [Number(r.id), [JSON.stringify(mapOf(String(r.bio), ''))]] as const),
      );
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tailors').dropColumn('specialty_names_json').execute();
      await db.schema.alterTable('tailors').dropColumn('bios_json').execute();

      if (dialect === 'postgres') await sql`drop index if exists ${sql.id(PRODUCT_SEARCH_TRIGRAM_INDEX)}`.execute(db);
      await db.schema.alterTable('products').addColumn('search_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      const products = await select(db, 'products', ['id', 'name']);
      // As 0001's writers filled it: the name lower-cased.
      await updateRows(db, 'products', ['search_name'], products.map((r) => [Number(r.id), [String(r.name).toLowerCase()]] as const));
      for (const column of ['search_text', 'descriptions_json', 'names_json']) await db.schema.alterTable('products').dropColumn(column).execute();
      if (dialect === 'postgres') {
        const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
        if (Number(trgm.rows[0]?.n ?? 0) > 0) {
          for (const { name, column } of OLD_TRIGRAM_INDEXES) {
            await sql`create index ${sql.id(name)} on products using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
          }
        }
      }

      await db.schema.alterTable('shops').addColumn('search_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      const shops = await select(db, 'shops', ['id', 'name', 'name_ar']);
      await updateRows(db, 'shops', ['search_name'], shops.map((r) => [Number(r.id), [shopSearchName(String(r.name), String(r.name_ar))]] as const));
      for (const column of ['search_text', 'descriptions_json', 'names_json']) await db.schema.alterTable('shops').dropColumn(column).execute();

      for (const column of ['search_text', 'names_json']) await db.schema.alterTable('categories').dropColumn(column).execute();
    },
  };
}
