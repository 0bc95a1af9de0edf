/**
 * Trigram indexes for product search on PostgreSQL (pg_trgm, GIN): search is a substring test
 * (db/search-text.ts containsText: LIKE '%needle%' there), which a B-tree cannot answer, so every search
 * scanned all products — on 50,000 products ~70 ms to count the matches of a common word, as long for a
 * word that matches nothing. With these indexes a rare word takes about a millisecond and a common one half
 * the time.
 *
 * pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, so the database's owner may create it.
 * Where it cannot be created (an older server, a role without the right, a build without contrib), the
 * migration leaves search as it was: same results, no index. It runs in the migration's transaction under a
 * savepoint, so a refusal does not abort the migration. SQLite: nothing to do (its instr() scan stays).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

export const SEARCH_TRIGRAM_INDEXES = [
  { name: 'products_search_name_trgm', table: 'products', column: 'search_name' },
  { name: 'products_name_ar_trgm', table: 'products', column: 'name_ar' },
] as const;

async function trigramsAvailable(db: Kysely<unknown>): Promise<boolean> {
  await sql`savepoint souk_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint souk_pg_trgm`.execute(db);
    return true;
  } catch (error) {
    await sql`rollback to savepoint souk_pg_trgm`.execute(db);
    console.warn(`pg_trgm is not available, product search stays without an index: ${String(error)}`);
    return false;
  }
}

export function searchTrigramsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres' || !(await trigramsAvailable(db))) return;
      for (const { name, table, column } of SEARCH_TRIGRAM_INDEXES) {
        await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const { name } of SEARCH_TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
    },
  };
}
