/**
 * Case-insensitive substring search, the same on SQLite and PostgreSQL. Text
 * is folded in JavaScript (toLowerCase, as the reference listing and the
 * client do) and stored folded in a search column; the needle is folded the
 * same way; the database then only compares code points (instr / strpos). The
 * databases' own lower() is not used: SQLite's folds ASCII only ('É' stays
 * 'É'), PostgreSQL's depends on the database's collation.
 *
 * Folding is case only: 'é' finds 'É', not 'e'.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
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

/** Between the names in shops.search_name. A needle holds no line break (search refuses control characters). */
const NAME_SEPARATOR = '\n';

/** shops.search_name: the name and the Arabic name, folded, so one column answers a search of either. */
export function shopSearchName(name: string, nameAr: string): string {
  return `${foldForSearch(name)}${NAME_SEPARATOR}${foldForSearch(nameAr)}`;
}

/** A shop search needle that could only match across the two names matches nothing. */
export function isShopNeedle(needle: string): boolean {
  return !needle.includes(NAME_SEPARATOR);
}
