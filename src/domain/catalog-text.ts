/**
 * Catalogue texts in the six languages (issue 22, decisions.md "Languages"): a product's, category's, shop's,
 * tailor's or store type's name and description may be held in each of ma, ar, fr, en, es, de. A reader gets the
 * interface language's text; when that is missing, the first present along the chain ma → ar → fr → en, then
 * whatever exists (es, de). Pure and zod-free (the app bundle imports it); the wire schema is
 * `localizedTextSchema` in catalog.ts.
 */

/** The languages a catalogue text may be held in (the interface languages; `ma` is Darija, in Arabic script). */
export const TEXT_LANGUAGES = ['ma', 'ar', 'fr', 'en', 'es', 'de'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** One text in some of the languages. A language absent (or an empty string) is "not held". */
export type LocalizedText = Partial<Record<TextLanguage, string>>;

/** The spec's fallback chain, then the rest in a fixed order. */
export const TEXT_FALLBACK: readonly TextLanguage[] = ['ma', 'ar', 'fr', 'en', 'es', 'de'];

/** Limits of the write API (names 200, descriptions 5,000 characters, per language). */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;

export function isTextLanguage(value: unknown): value is TextLanguage {
  return typeof value === 'string' && (TEXT_LANGUAGES as readonly string[]).includes(value);
}

function held(text: string | undefined): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

/** The language whose text a reader of `language` gets, or null when the text is held in none. */
export function languageShown(texts: LocalizedText, language: string): TextLanguage | null {
  if (isTextLanguage(language) && held(texts[language])) return language;
  for (const l of TEXT_FALLBACK) if (held(texts[l])) return l;
  return null;
}

/** The text in `language`, else along the fallback chain; '' when held in no language. */
export function textIn(texts: LocalizedText, language: string): string {
  const l = languageShown(texts, language);
  return l === null ? '' : (texts[l] ?? '');
}

/** The map reduced to the one text a reader of `language` is shown (textIn's); {} when none is held. */
export function onlyShown(texts: LocalizedText, language: string): LocalizedText {
  const l = languageShown(texts, language);
  return l === null ? {} : { [l]: texts[l] };
}

/** The languages held, in TEXT_LANGUAGES order. */
export function languagesHeld(texts: LocalizedText): TextLanguage[] {
  return TEXT_LANGUAGES.filter((l) => held(texts[l]));
}

/** Only the languages held, trimmed (an empty string or an unknown key is dropped). */
export function cleanText(texts: Readonly<Record<string, unknown>>): LocalizedText {
  const out: LocalizedText = {};
  for (const l of TEXT_LANGUAGES) {
    const v = texts[l];
    if (typeof v === 'string' && v.trim() !== '') out[l] = v.trim();
  }
  return out;
}

/**
 * The spec's pair (`name` English unless `names.en` is given, `name_ar` Arabic) folded into a map: what the write
 * API stores when a client sends `name`/`name_ar` (or `description`/`description_ar`) beside or instead of the map.
 */
export function withSpecPair(texts: LocalizedText, pair: { en?: string | null; ar?: string | null }): LocalizedText {
  const out: LocalizedText = { ...texts };
  if (!held(out.en) && held(pair.en ?? undefined)) out.en = (pair.en ?? '').trim();
  if (!held(out.ar) && held(pair.ar ?? undefined)) out.ar = (pair.ar ?? '').trim();
  return cleanText(out);
}
