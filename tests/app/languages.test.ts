import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LNG,
  LANGUAGES,
  NATIVE_NAMES,
  fallbacksFor,
  langTag,
  localeDir,
  toLanguage,
  usesArabicContent,
} from '../../src/app/i18n/languages';

describe('interface languages', () => {
  it('are the six of the spec, Darija first and default', () => {
    expect([...LANGUAGES].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ma']);
    expect(DEFAULT_LANGUAGE).toBe('ma');
    expect(Object.keys(NATIVE_NAMES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('Arabic and Darija are right to left, the others left to right', () => {
    expect(LANGUAGES.filter((l) => localeDir(l) === 'rtl').sort()).toEqual(['ar', 'ma']);
    expect(localeDir('fr')).toBe('ltr');
    expect(localeDir('unknown')).toBe('ltr');
    expect(usesArabicContent('ma')).toBe(true);
    expect(usesArabicContent('fr')).toBe(false);
  });

  it('fall back along ma → ar → fr → en', () => {
    expect(fallbacksFor('ma')).toEqual(['ar', 'fr', 'en']);
    expect(fallbacksFor('ar')).toEqual(['fr', 'en']);
    expect(fallbacksFor('fr')).toEqual(['en']);
    expect(fallbacksFor('en')).toEqual([]);
    expect(fallbacksFor('de')).toEqual(['fr', 'en']);
    expect(FALLBACK_LNG.default).toEqual(['ma', 'ar', 'fr', 'en']);
  });

  it('carry a valid BCP 47 tag on lang attributes (Darija: ar-MA) that maps back onto the language', () => {
    expect(langTag('ma')).toBe('ar-MA');
    for (const language of LANGUAGES) {
      expect(langTag(language)).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      expect(toLanguage(langTag(language))).toBe(language);
    }
  });

  it('map browser tags onto interface languages', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('ar-MA')).toBe('ma');
    expect(toLanguage('ary')).toBe('ma');
    expect(toLanguage('ar-EG')).toBe('ar');
    expect(toLanguage('DE_at')).toBe('de');
    expect(toLanguage('pt')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
  });
});
