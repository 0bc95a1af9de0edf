/**
 * Catalogue search (products, shops: issue 22) follows the rule of src/domain/search.ts: the search columns
 * (`search_text`) hold searchText of the names in every language, folded in JavaScript, and a query is its
 * searchTerms; `termsFoundIn` below is that test in SQL. What follows here is the older, case-only folding that
 * community search still uses, and the substring test both build on.
 *
 * Case-insensitive substring search, the same on SQLite and PostgreSQL. Text
 * is folded in JavaScript (toLowerCase, as the reference listing and the
 * client do) and stored folded in a search column; the needle is folded the
 * same way; the database then only compares code points (instr / strpos). The
 * databases' own lower() is not used: SQLite's folds ASCII only ('É' stays
 * 'É'), PostgreSQL's depends on the database's collation.
 *
 * Folding is case only: 'é' finds 'É', not 'e'.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database';

export function foldForSearch(text: string): string {
  return text.toLowerCase();
}

/** The needle for a search as typed: trimmed and folded; null when nothing is left (no search). */
export function searchNeedle(search: string | undefined): string | null {
  const needle = foldForSearch(search?.trim() ?? '');
  return needle === '' ? null : needle;
}

/**
 * `column` contains `needle`, compared code point by code point (no collation, no folding in SQL).
 * SQLite: instr. PostgreSQL: LIKE '%needle%' with the needle's own wildcards escaped — the same test as
 * strpos, but one a trigram index can answer (0017_search_trigrams: a rare word is found in a millisecond
 * instead of a scan of every product).
 */
export function containsText(dialect: Dialect, column: string, needle: string): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(needle)} escape '\\'`;
  return sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0`;
}

/** A LIKE pattern matching any text that contains `needle` literally: its backslash, % and _ escaped with a backslash. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One term of a search (src/domain/search.ts searchTerms: the spellings any of which stands for the word) found in
 * `column`, a searchText column: the OR of a substring test per spelling.
 */
export function termFoundIn(dialect: Dialect, column: string, spellings: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(spellings.map((s) => containsText(dialect, column, s)), sql` or `)})`;
}

/** Every term found in `column` (termsFoundIn of src/domain/search.ts, in SQL); true for no terms. */
export function termsFoundIn(dialect: Dialect, column: string, terms: readonly (readonly string[])[]): Expression<SqlBool> {
  if (terms.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(terms.map((t) => termFoundIn(dialect, column, t)), sql` and `)})`;
}

/** 0004's shops.search_name (dropped by 0019): the name and the Arabic name, case-folded, on two lines. */
export function shopSearchName(name: string, nameAr: string): string {
  return `${foldForSearch(name)}\n${foldForSearch(nameAr)}`;
}
