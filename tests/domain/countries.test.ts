/**
 * Countries sent by name (decisions.md "Order calls from API clients"): every name the checkout shows in the
 * six languages names its country; folding ignores case, accents, Arabic diacritics and letter variants;
 * anything else names none.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/domain/account';
import { countryCodeOf, foldCountryName } from '../../src/domain/countries';

describe('countryCodeOf', () => {
  it('takes every code, in any case', () => {
    for (const code of COUNTRIES) {
      expect(countryCodeOf(code)).toBe(code);
      expect(countryCodeOf(code.toLowerCase())).toBe(code);
    }
  });

  it("takes the names the checkout shows in each interface language (Intl.DisplayNames of the app's locales)", () => {
    for (const locale of ['ar-MA', 'ar', 'fr', 'en', 'es', 'de']) {
      const names = new Intl.DisplayNames([locale], { type: 'region' });
      for (const code of COUNTRIES) expect(countryCodeOf(names.of(code) ?? ''), `${locale} ${names.of(code)}`).toBe(code);
    }
  });

  it('written out, per language', () => {
    const cases: [string, string][] = [
      ['Morocco', 'MA'],
      ['Maroc', 'MA'],
      ['المغرب', 'MA'],
      ['Marruecos', 'MA'],
      ['Marokko', 'MA'],
      ['Saudi Arabia', 'SA'],
      ['Arabie Saoudite', 'SA'],
      ['Arabia Saudí', 'SA'],
      ['Saudi-Arabien', 'SA'],
      ['United Arab Emirates', 'AE'],
      ['UAE', 'AE'],
      ['Emirats arabes unis', 'AE'],
      ['Katar', 'QA'],
      ['Catar', 'QA'],
      ['Koweit', 'KW'],
      ['Bahrein', 'BH'],
      ['Omán', 'OM'],
      ['سلطنة عُمان', 'OM'],
    ];
    for (const [name, code] of cases) expect(countryCodeOf(name), name).toBe(code);
  });

  it('ignores case, spacing, accents, Arabic diacritics, tatweel and hamza forms', () => {
    expect(countryCodeOf('  MOROCCO ')).toBe('MA');
    expect(countryCodeOf('émirats   arabes-unis')).toBe('AE');
    expect(countryCodeOf('المـغـرب')).toBe('MA');
    expect(countryCodeOf('الامارات')).toBe('AE');
    expect(foldCountryName('Koweït')).toBe('koweit');
    expect(foldCountryName('الإمارات')).toBe('الامارات');
  });

  it('names no country it does not offer, nor a part of a name', () => {
    for (const name of ['France', 'FR', 'US', 'Morocc', 'Arabia', '', ' ', 'Egypt', 'مصر', 'MAR']) expect(countryCodeOf(name), name).toBeNull();
  });
});
