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

  it('formats per language: French differs from English and Darija', () => {
    const fr = formatMAD(1250.5, 'fr');
    expect(fr).toBe(new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD', minimumFractionDigits: 2 }).format(1250.5));
    expect(fr).not.toBe(formatMAD(1250.5, 'en'));
    expect(fr).not.toBe(formatMAD(1250.5, 'ma'));
  });

  it('falls back to English conventions for an unknown language', () => {
    expect(formatMAD(3, 'xx')).toBe(formatMAD(3, 'en'));
  });
});
