/** Stored texts one byte per character (src/db/packed-text.ts): exact for every string, Arabic script packed. */
import { describe, expect, it } from 'vitest';
import { fromStoredText, packArabic, toStoredText, unpackArabic } from '../../src/db/packed-text';
import { prng } from './support/catalog-fixtures';

describe('stored texts', () => {
  it('packs Arabic script one byte per character and reads it back', () => {
    for (const text of ['قفطان مطروز باليد، لون أبيض.', 'Kaftan قفطان 12', 'جلابة ديال الصوف']) {
      const stored = toStoredText(text);
      expect(stored.length).toBe(text.length + 1);
      expect([...stored].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
      expect(fromStoredText(stored)).toBe(text);
      expect(unpackArabic(packArabic(text)!)).toBe(text);
    }
  });

  it('leaves other texts as they are', () => {
    for (const text of ['Caftan brodé', 'Kaftan', '', 'ڭندورة خفيفة', 'Straße 🌙']) expect(toStoredText(text)).toBe(text);
  });

  it('is exact for any string, the marks themselves included', () => {
    const r = prng(5);
    const alphabet = ['a', ' ', '7', 'é', 'ق', 'ف', 'ن', '\u064e', 'ڭ', '\u0001', '\u0002', '🌙', '\u00ff', '\u0080'];
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: r.int(0, 10) }, () => r.pick(alphabet)).join('');
      expect(fromStoredText(toStoredText(text)), JSON.stringify(text)).toBe(text);
    }
  });
});
