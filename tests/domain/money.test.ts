import { describe, expect, it } from 'vitest';
import { addMoney, formatMAD, fromCentimes, multiplyMoney, toCentimes } from '../../src/domain/money';

describe('money', () => {
  it('adds MAD amounts without floating drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney(199.99, 0.01, 50)).toBe(250);
  });

  it('multiplies to the centime', () => {
    expect(multiplyMoney(19.99, 3)).toBe(59.97);
    expect(multiplyMoney(1.1, 3)).toBe(3.3);
  });

  it('converts to and from centimes', () => {
    expect(toCentimes(1250.5)).toBe(125050);
    expect(fromCentimes(125050)).toBe(1250.5);
    expect(toCentimes(0.29)).toBe(29);
  });

  it('always shows 2 decimals and the dirham in every language', () => {
    for (const lang of ['ma', 'ar', 'fr', 'en', 'es', 'de']) {
      const text = formatMAD(1250.5, lang);
      // Latin or Arabic-Indic digits: the fraction must be exactly two digits of 50.
      expect(text, lang).toMatch(/(50|٥٠)/);
      expect(text, lang).toMatch(/MAD|د\.م\./);
    }
    expect(formatMAD(7, 'en')).toContain('7.00');
  });

  // Written out, not computed with Intl: a no-break space before or after the currency, and the Arabic text between
  // right-to-left marks.
  const NBSP = '\u00a0';
  const RLM = '\u200f';

  it('formats per language: the separators and the currency where each language puts them', () => {
    const LANGS = ['ma', 'ar', 'fr', 'en', 'es', 'de'];
    expect(Object.fromEntries(LANGS.map((lang) => [lang, formatMAD(1250.5, lang)]))).toEqual({
      ma: `${RLM}1.250,50${NBSP}د.م.${RLM}`,
      ar: `${RLM}1.250,50${NBSP}د.م.${RLM}`,
      fr: `1.250,50${NBSP}MAD`,
      en: `MAD${NBSP}1,250.50`,
      es: `1250,50${NBSP}MAD`,
      de: `1.250,50${NBSP}MAD`,
    });
    // Millions, rounded to the centime.
    expect(Object.fromEntries(LANGS.map((lang) => [lang, formatMAD(1234567.891, lang)]))).toEqual({
      ma: `${RLM}1.234.567,89${NBSP}د.م.${RLM}`,
      ar: `${RLM}1.234.567,89${NBSP}د.م.${RLM}`,
      fr: `1.234.567,89${NBSP}MAD`,
      en: `MAD${NBSP}1,234,567.89`,
      es: `1.234.567,89${NBSP}MAD`,
      de: `1.234.567,89${NBSP}MAD`,
    });
  });

  it('falls back to English conventions for an unknown language', () => {
    expect(formatMAD(3, 'xx')).toBe(`MAD${NBSP}3.00`);
  });
});
