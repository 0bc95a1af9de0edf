/**
 * The catalogue's search rule (issue 22), one for the server listing and the local (offline) listing:
 *
 * - A query finds a product by its name in any of the six languages, and by its category's names.
 * - Folding: case and accents are ignored; Arabic letter variants are folded (أ إ آ ٱ → ا, ة → ه, ى → ي,
 *   ڭ گ → ك) and tatweel and diacritics dropped; punctuation becomes a space.
 * - Garment names are found under their common spellings (GARMENT_SPELLINGS): "caftan" finds a Kaftan, "قفطان"
 *   finds one too, "jellaba" a Djellaba.
 * - Each word of the query must be found (as a substring, under any of its spellings); a product whose names hold
 *   every word ranks before one that needs its category's names for some word (rank 0, then 1).
 *
 * Pure and zod-free (the app bundle and the data worker import it).
 */

/** Arabic diacritics (harakat, shadda, sukun, superscript alef) and tatweel. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
/** Latin combining marks left by NFD. */
const COMBINING = /[\u0300-\u036f]/g;

/** A text folded for search: see the module comment. Words are separated by single spaces. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING, '')
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[ڭگ]/g, 'ك')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Moroccan garment names and their common spellings, in Latin and Arabic script. A query word that is one of them
 * (folded) matches any of them.
 */
export const GARMENT_SPELLINGS: readonly (readonly string[])[] = [
  ['kaftan', 'caftan', 'qaftan', 'caftán', 'kaftane', 'caftane', 'قفطان'],
  ['djellaba', 'jellaba', 'jilaba', 'djellabah', 'jellabah', 'chilaba', 'yilaba', 'جلابة', 'جلابية'],
  ['babouche', 'babouches', 'belgha', 'balgha', 'bulgha', 'بلغة'],
  ['takchita', 'takshita', 'tackchita', 'تكشيطة'],
  ['gandoura', 'gandora', 'gandurah', 'ڭندورة', 'قندورة', 'كندورة'],
  ['jabador', 'jabadour', 'jabadur', 'جابادور'],
  ['selham', 'silham', 'سلهام'],
];

const SPELLINGS_BY_WORD: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, readonly string[]>();
  for (const group of GARMENT_SPELLINGS) {
    const folded = [...new Set(group.map(foldForSearch))];
    for (const word of folded) map.set(word, folded);
  }
  return map;
})();

/**
 * A query as the words to find: each word with the spellings any of which may stand for it. An empty list means
 * no search (an empty or blank query, or one of punctuation only).
 */
export function searchTerms(query: string): string[][] {
  const words = foldForSearch(query).split(' ').filter((w) => w !== '');
  return [...new Set(words)].map((w) => [...(SPELLINGS_BY_WORD.get(w) ?? [w])]);
}

/** Whether every term is found in the folded text (one of its spellings as a substring). */
export function termsFoundIn(folded: string, terms: readonly (readonly string[])[]): boolean {
  return terms.every((spellings) => spellings.some((s) => folded.includes(s)));
}

/** What a product is searched in: its names in every language, and its category's names. */
export interface SearchableTexts {
  names: readonly string[];
  categoryNames: readonly string[];
}

/** The folded search text of some texts, one per line (a term never spans two: it holds no line break). */
export function searchText(texts: readonly string[]): string {
  return texts
    .map(foldForSearch)
    .filter((t) => t !== '')
    .join('\n');
}

/**
 * The rank of a product for a query: 0 when its names hold every term, 1 when its names and its category's names
 * together do, null when it does not match. With no terms, every product ranks 0.
 */
export function searchRank(texts: SearchableTexts, terms: readonly (readonly string[])[]): 0 | 1 | null {
  if (terms.length === 0) return 0;
  const names = searchText(texts.names);
  if (termsFoundIn(names, terms)) return 0;
  return termsFoundIn(`${names}\n${searchText(texts.categoryNames)}`, terms) ? 1 : null;
}
