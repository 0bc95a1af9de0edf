/**
 * Every catalogue has every key of the English one, with a non-empty value and
 * the same {{placeholders}}. Plural keys (key_one, key_other…) are checked per
 * language: a catalogue must give every plural form its language needs
 * (Intl.PluralRules; Darija uses Arabic's), and plural forms may leave out
 * {{count}} (Arabic says 'منتجان', not '2 منتجان'), but no other placeholder.
 *
 * No stray English: a value identical to the English one fails unless each of its words is a name (NAMES) or
 * that language's own word spelled the same (SAME_WORDS); in the right-to-left catalogues (ar, ma) any Latin
 * word of three letters or more that is not a name fails. Every namespace is covered, the on-demand ones too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLURAL_LOCALE_OF } from '../../src/app/i18n/darija-plurals';
import { LANGUAGES, localeDir } from '../../src/app/i18n/languages';
import { ALL_NAMESPACES as NAMESPACES } from '../../src/app/i18n/namespaces';

const LOCALES_DIR = join(__dirname, '../../src/app/i18n/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Catalog = { [key: string]: string | Catalog };

function load(language: string, namespace: string): Catalog {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Catalog;
}

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1] ?? '').sort();
}

/** Singular keys as they are; plural keys grouped under their base with the forms present. */
function shape(flat: Map<string, string>) {
  const singular = new Map<string, string>();
  const plural = new Map<string, Map<string, string>>();
  for (const [key, value] of flat) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m) {
      singular.set(key, value);
      continue;
    }
    const base = key.slice(0, m.index);
    const forms = plural.get(base) ?? new Map<string, string>();
    forms.set(m[1] ?? '', value);
    plural.set(base, forms);
  }
  return { singular, plural };
}

/**
 * Names written the same in every language, Latin letters even in Arabic script: the brand, payment and
 * sign-in services, browsers, file formats, keyboard keys (as printed on the keys), the currency code, and
 * the fabric and delivery names the catalogue uses as product names, and the CNDP (Morocco's data protection
 * authority, whose acronym Arabic texts keep in Latin letters beside its name).
 */
const NAMES = new Set(['Souk', 'PayPal', 'Google', 'WhatsApp', 'Chrome', 'Edge', 'PDF', 'JPG', 'PNG', 'WebP', 'GIF', 'Enter', 'Shift', 'MAD', 'Express', 'Polyester', 'CNDP']);

/**
 * Words spelled as in English that are that language's own word (each one in its dictionary, or the Moroccan
 * garment names those languages borrow as they are: djellaba, takchita, jabador), lower case.
 */
const SAME_WORDS: Record<string, ReadonlySet<string>> = {
  fr: new Set(['budget', 'code', 'contact', 'cookies', 'djellaba', 'jabador', 'standard', 'takchita', 'conversation', 'conversations', 'description', 'maximum', 'message', 'messages', 'minimum', 'notes', 'notifications', 'options', 'page', 'pages', 'photo', 'total']),
  es: new Set(['cookies', 'general', 'jabador', 'subtotal', 'takchita', 'total']),
  de: new Set(['budget', 'cookies', 'details', 'international', 'jabador', 'kaftan', 'standard', 'takchita', 'maximum', 'minimum', 'newsletter', 'offline', 'online', 'optional', 'status']),
};

function isSameInLanguage(word: string, language: string): boolean {
  return NAMES.has(word) || (SAME_WORDS[language]?.has(word.toLowerCase()) ?? false);
}

/** The Latin-script words of at least `min` letters in a text, leaving out {{placeholders}}, <tags>, e-mail addresses and URLs. */
function latinWords(text: string, min: number): string[] {
  const prose = text
    .replace(/{{[^}]*}}/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  return (prose.match(/[A-Za-z\u00C0-\u024F]+/g) ?? []).filter((word) => word.length >= min);
}

function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(PLURAL_LOCALE_OF[language] ?? language).resolvedOptions().pluralCategories;
}

describe('translation catalogues', () => {
  it('exist for exactly the six interface languages, each with every namespace', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES_DIR, language)).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    }
  });

  it('English has content', () => {
    const english = shape(flatten(load('en', 'translation')));
    expect(english.singular.size).toBeGreaterThan(100);
    expect(english.plural.size).toBeGreaterThan(3);
  });

  for (const namespace of NAMESPACES) {
  const english = shape(flatten(load('en', namespace)));
  for (const language of LANGUAGES) {
    describe(`${language}/${namespace}`, () => {
      const catalog = shape(flatten(load(language, namespace)));

      it('has every English key, non-empty, with the same placeholders', () => {
        const problems: string[] = [];
        for (const [key, en] of english.singular) {
          const value = catalog.singular.get(key);
          if (value === undefined) problems.push(`missing: ${key}`);
          else if (value.trim() === '') problems.push(`empty: ${key}`);
          else if (placeholders(value).join() !== placeholders(en).join())
            problems.push(`placeholders differ in ${key}: ${placeholders(value).join()} vs ${placeholders(en).join()}`);
        }
        expect(problems).toEqual([]);
      });

      it('has every plural form its language needs, with the same placeholders apart from count', () => {
        const problems: string[] = [];
        const needed = pluralCategories(language);
        for (const [base, enForms] of english.plural) {
          const forms = catalog.plural.get(base);
          const enOther = placeholders(enForms.get('other') ?? '').filter((p) => p !== 'count');
          for (const category of needed) {
            const value = forms?.get(category);
            if (value === undefined) problems.push(`missing: ${base}_${category}`);
            else if (value.trim() === '') problems.push(`empty: ${base}_${category}`);
            else if (placeholders(value).filter((p) => p !== 'count').join() !== enOther.join())
              problems.push(`placeholders differ in ${base}_${category}`);
          }
        }
        expect(problems).toEqual([]);
      });

      it('has no keys the English catalogue lacks', () => {
        const extra = [...catalog.singular.keys()].filter((k) => !english.singular.has(k));
        const extraPlural = [...catalog.plural.keys()].filter((k) => !english.plural.has(k));
        expect([...extra, ...extraPlural]).toEqual([]);
      });

      if (language !== 'en') {
        it('is translated, not English copied', () => {
          const copied = [...english.singular]
            .filter(([key, en]) => catalog.singular.get(key) === en)
            .filter(([, en]) => latinWords(en, 2).some((word) => !isSameInLanguage(word, language)))
            .map(([key, en]) => `${key}: ${en}`);
          expect(copied).toEqual([]);
        });
      }

      if (localeDir(language) === 'rtl') {
        it('has no Latin-script words but names that are written so', () => {
          const latin = [...catalog.singular, ...[...catalog.plural].flatMap(([base, forms]) => [...forms].map(([form, value]) => [`${base}_${form}`, value] as const))]
            .flatMap(([key, value]) => latinWords(value, 3).filter((word) => !NAMES.has(word)).map((word) => `${key}: ${word}`));
          expect(latin).toEqual([]);
        });
      }
    });
  }
}
});
