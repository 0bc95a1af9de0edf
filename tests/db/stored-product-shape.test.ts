/**
 * Products are stored compactly (src/db/query-fields.ts, issue 22): the single-language fields the maps give are
 * left out, a field with another value is kept, and reading gives back the wire document key for key (the query
 * API's answers, comlink's structured clone and the remembered pages compare them as JSON).
 */
import { describe, expect, it } from 'vitest';
import { productDocSchema, type ProductDoc } from '../../src/domain/catalog';
import { DERIVED_PRODUCT_FIELDS, fromStoredProduct, PRODUCT_DOC_KEYS, toStoredProduct } from '../../src/db/query-fields';
import { makeProducts } from './support/catalog-fixtures';

describe('the stored product', () => {
  it('PRODUCT_DOC_KEYS is the wire schema, in its order', () => {
    expect([...PRODUCT_DOC_KEYS]).toEqual(Object.keys(productDocSchema.shape));
  });

  it('leaves out what the maps give and reads back the wire document, keys in order', () => {
    for (const doc of makeProducts(200, 13)) {
      const stored = toStoredProduct(doc);
      for (const f of DERIVED_PRODUCT_FIELDS) expect(f in stored, `${doc.id} ${f}`).toBe(false);
      for (const v of stored.variants) expect(Object.keys(v), `${doc.id} variant ${v.id}`).toEqual(['id', 'sku', 'size', 'color', 'fabric', 'price', 'stock_quantity']);
      // Every text one byte per character (Arabic script packed, other two-byte texts as UTF-8); one-byte texts as
      // they are.
      for (const [language, text] of Object.entries(doc.names)) {
        const kept = stored.names[language as keyof typeof doc.names]!;
        const oneByte = (t: string) => [...t].every((c) => c.charCodeAt(0) <= 0xff);
        if (oneByte(text) && (text.codePointAt(0) ?? 0x20) > 0x03) expect(kept).toBe(text);
        else expect(oneByte(kept), `${doc.id} ${language}`).toBe(true);
      }
      expect(JSON.stringify(fromStoredProduct(stored))).toBe(JSON.stringify(doc));
    }
  });

  it('keeps a field whose value the maps do not give (the server is the judge of its own fields)', () => {
    const [base] = makeProducts(1, 3);
    const cases: [Partial<ProductDoc>, (typeof DERIVED_PRODUCT_FIELDS)[number][]][] = [
      // The English name falls back along the chain (ma first) when names.en is missing: derived, left out.
      [{ names: { ma: 'قفطان', fr: 'Caftan' }, name: 'قفطان', name_ar: 'قفطان' }, []],
      // A name that is not the map's: kept.
      [{ names: { en: 'Kaftan', ar: 'قفطان' }, name: 'Kaftan (old)', name_ar: 'قفطان' }, ['name']],
      // The descriptions are exactly their language's ('' when not held): a fallback would be another value.
      [{ descriptions: { fr: 'Brodé main.' }, description: '', description_ar: '' }, []],
      [{ descriptions: { fr: 'Brodé main.' }, description: 'Brodé main.', description_ar: '' }, ['description']],
      [{ category_names: {}, category_name_en: 'Shoes', category_name_ar: '' }, ['category_name_en']],
    ];
    for (const [over, kept] of cases) {
      const doc = { ...base!, ...over };
      const stored = toStoredProduct(doc);
      expect(DERIVED_PRODUCT_FIELDS.filter((f) => f in stored), JSON.stringify(over)).toEqual(kept);
      expect(fromStoredProduct(stored)).toEqual(doc);
    }
  });

  it("keeps a variant's prices when they are not the ones its product's sale gives", () => {
    const doc = makeProducts(40, 6).find((d) => d.variants.length >= 2)!;
    const [first, ...others] = doc.variants;
    const odd = { ...doc, variants: [{ ...first!, effective_price: first!.effective_price + 1 }, ...others] };
    const stored = toStoredProduct(odd);
    expect(stored.variants[0]).toEqual(odd.variants[0]);
    expect(stored.variants.slice(1).every((v) => v.effective_price === undefined)).toBe(true);
    expect(JSON.stringify(fromStoredProduct(stored))).toBe(JSON.stringify(odd));
  });

  it('passes the pulled _deleted flag through', () => {
    const [doc] = makeProducts(1, 4);
    expect(toStoredProduct({ ...doc!, _deleted: true })._deleted).toBe(true);
  });
});
