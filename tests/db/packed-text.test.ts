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

  it('leaves texts of one-byte characters as they are', () => {
    for (const text of ['Caftan brodé', 'Kaftan', '', 'Straße', 'Größe ÿ']) expect(toStoredText(text)).toBe(text);
  });

  it('keeps other two-byte texts as their UTF-8 bytes, one byte each', () => {
    for (const text of ['Caftan d’une seule pièce', 'Le cœur — brodé', 'ڭندورة خفيفة', 'Straße 🌙', 'Кафтан']) {
      const stored = toStoredText(text);
      expect([...stored].every((c) => c.charCodeAt(0) <= 0xff), text).toBe(true);
      expect(stored.length, text).toBe(new TextEncoder().encode(text).length + 1);
      expect(fromStoredText(stored)).toBe(text);
    }
    // French with a typographic apostrophe: one byte per character, but the apostrophe's three.
    expect(toStoredText('d’une').length).toBe('d’une'.length + 1 + 2);
  });

  it('leaves a text with a lone surrogate as it is (it has no UTF-8)', () => {
    const broken = 'Kaftan \ud800 ’';
    expect(toStoredText(broken)).toBe(broken);
    expect(fromStoredText(toStoredText(broken))).toBe(broken);
  });

  it('is exact for any string, the marks themselves included', () => {
    const r = prng(5);
    const alphabet = ['a', ' ', '7', 'é', 'ق', 'ف', 'ن', '\u064e', 'ڭ', '\u0001', '\u0002', '\u0003', '🌙', '\u00ff', '\u0080', '’', 'œ', '\ud800', '\udc00'];
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: r.int(0, 10) }, () => r.pick(alphabet)).join('');
      expect(fromStoredText(toStoredText(text)), JSON.stringify(text)).toBe(text);
    }
  });
});
