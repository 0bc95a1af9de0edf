/** The shape check a remembered listing page passes before a card draws it: every ProductDoc field, by kind. */
import { describe, expect, it } from 'vitest';
import { productDocSchema } from '../../src/domain/catalog';
import { PRODUCT_DOC_FIELDS, forRemembering, isProductDocShape, isRememberedProductPage } from '../../src/app/data/remembered-products';
import { makeProducts } from '../db/support/catalog-fixtures';

const [doc] = makeProducts(1);
const page = { items: makeProducts(3), total: 3, page: 1, perPage: 24, lastPage: 1 };

describe('isProductDocShape', () => {
  it('names exactly the fields of the zod schema', () => {
    expect(Object.keys(PRODUCT_DOC_FIELDS).sort()).toEqual(Object.keys(productDocSchema.shape).sort());
  });

  it('accepts a schema-valid document, and one with a null discount price', () => {
    expect(productDocSchema.safeParse(doc).success).toBe(true);
    expect(isProductDocShape(doc)).toBe(true);
    expect(isProductDocShape({ ...doc, discount_price: null, has_discount: false })).toBe(true);
  });

  it('refuses a document missing any one field (an older build stored it)', () => {
    for (const field of Object.keys(productDocSchema.shape)) {
      const copy: Record<string, unknown> = { ...doc };
      delete copy[field];
      expect(isProductDocShape(copy), field).toBe(false);
    }
  });

  it('refuses a field of the wrong kind', () => {
    expect(isProductDocShape({ ...doc, price: '120' })).toBe(false);
    expect(isProductDocShape({ ...doc, variants: {} })).toBe(false);
    expect(isProductDocShape({ ...doc, in_stock: 1 })).toBe(false);
    expect(isProductDocShape(null)).toBe(false);
    expect(isProductDocShape('x')).toBe(false);
  });
});

describe('isRememberedProductPage', () => {
  it('accepts a page of products, empty or not', () => {
    expect(isRememberedProductPage(page)).toBe(true);
    expect(isRememberedProductPage({ ...page, items: [], total: 0 })).toBe(true);
  });

  it('refuses a page with one bad item or without its paging numbers', () => {
    expect(isRememberedProductPage({ ...page, items: [...page.items, { id: '9' }] })).toBe(false);
    for (const field of ['total', 'page', 'perPage', 'lastPage']) {
      const copy: Record<string, unknown> = { ...page };
      delete copy[field];
      expect(isRememberedProductPage(copy), field).toBe(false);
    }
    expect(isRememberedProductPage({ ...page, items: 'x' })).toBe(false);
    expect(isRememberedProductPage(undefined)).toBe(false);
  });
});

describe('forRemembering', () => {
  it('keeps a page a card can draw in any language, without the descriptions', () => {
    const slim = forRemembering(page);
    expect(isRememberedProductPage(slim)).toBe(true);
    expect(slim.items.map((p) => p.id)).toEqual(page.items.map((p) => p.id));
    for (const [i, p] of slim.items.entries()) {
      expect(p.descriptions).toEqual({});
      expect([p.description, p.description_ar]).toEqual(['', '']);
      expect(p.names).toEqual(page.items[i]!.names);
      expect(p.category_names).toEqual(page.items[i]!.category_names);
    }
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(page).length);
  });
});
