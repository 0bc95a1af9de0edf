/**
 * Every catalogue has every key of the English one, with a non-empty value and
 * the same {{placeholders}}. Plural keys (key_one, key_other…) are checked per
 * language: a catalogue must give every plural form its language needs
 * (Intl.PluralRules; Darija uses Arabic's), and plural forms may leave out
 * {{count}} (Arabic says 'منتجان', not '2 منتجان'), but no other placeholder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLURAL_LOCALE_OF } from '../../src/app/i18n/darija-plurals';
import { LANGUAGES } from '../../src/app/i18n/languages';
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
          const same = [...english.singular].filter(
            ([key, en]) => catalog.singular.get(key) === en && /[a-z]{4,}/i.test(en.replace(/{{[^}]*}}/g, '')),
          );
          // A few words are the same in several languages (Express, Description, Polyester, Souk…).
          expect(same.length).toBeLessThan(Math.max(1, english.singular.size * 0.06));
        });
      }
    });
  }
}
});
