/**
 * Catalogue texts as stored (migration 0019, docs/CATALOGUE.md): each text's map is JSON in a `*_json` column,
 * and the spec's columns beside it (`name`/`name_ar`, `description`/`description_ar`, `name_en`, `bio`) hold its
 * English and Arabic texts, since many places read them (orders, carts, messages). A map is the source; these
 * functions derive the rest from it, so every writer fills the columns the same way:
 * - a name column is never blank while the thing has a name: its language, else the first held along the
 *   fallback chain (Darija first for the Arabic column);
 * - a description column is exactly that language's description ('' when not held: a description may be cleared).
 */
import { cleanText, textIn, type LocalizedText } from '../../domain/catalog-text';
import { searchText } from '../../domain/search';

/** A stored map: only the languages held; `{}` for junk (a column is never trusted to hold a valid map). */
export function parseTexts(json: string | null | undefined): LocalizedText {
  if (json === null || json === undefined || json === '' || json === '{}') return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? cleanText(value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A list of stored maps (tailors' specialty names). */
export function parseTextList(json: string | null | undefined): LocalizedText[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? cleanText(v as Record<string, unknown>) : {})) : [];
  } catch {
    return [];
  }
}

/**
 * The map a row holds; a row written without one (before 0019's writers, or by raw SQL) reads as its English and
 * Arabic columns.
 */
export function textsOf(json: string | null | undefined, en: string, ar: string): LocalizedText {
  const texts = parseTexts(json);
  return Object.keys(texts).length > 0 ? texts : cleanText({ en, ar });
}

/** The English column of a map: its English text, else the first held along the fallback chain ('' for none). */
export function englishColumn(texts: LocalizedText): string {
  return textIn(texts, 'en');
}

/** The Arabic column of a map: its Arabic text, else along the chain (Darija, being Arabic script, comes first). */
export function arabicColumn(texts: LocalizedText): string {
  return textIn(texts, 'ar');
}

/** The search column of some names (src/domain/search.ts searchText over every language). */
export function namesSearchText(names: LocalizedText): string {
  return searchText(Object.values(names));
}

/** The name columns of a product or shop from its names map. */
export function nameColumns(names: LocalizedText): { name: string; name_ar: string; names_json: string; search_text: string } {
  return { name: englishColumn(names), name_ar: arabicColumn(names), names_json: JSON.stringify(names), search_text: namesSearchText(names) };
}

/** The description columns of a product or shop from its descriptions map. */
export function descriptionColumns(descriptions: LocalizedText): { description: string; description_ar: string; descriptions_json: string } {
  return { description: descriptions.en ?? '', description_ar: descriptions.ar ?? '', descriptions_json: JSON.stringify(descriptions) };
}

/** A category's name columns from its names map. */
export function categoryNameColumns(names: LocalizedText): { name_en: string; name_ar: string; names_json: string; search_text: string } {
  return { name_en: englishColumn(names), name_ar: arabicColumn(names), names_json: JSON.stringify(names), search_text: namesSearchText(names) };
}
