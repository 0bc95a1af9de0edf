/**
 * The seller's product form draft (src/app/seller/product-draft.ts): the variant matrix's combinations, the body
 * it sends (prices as typed, stock per cell, the variant's own price or null), the client checks, where a server
 * field error is shown, and the client-side photo size (resize-image.ts fitWithin).
 */
import { describe, expect, it } from 'vitest';
import { checkDraft, combinations, draftFromBody, draftFromProduct, draftToBody, emptyDraft, parseMad, placeOfError, type ProductDraft } from '../../src/app/seller/product-draft';
import type { SellerProduct } from '../../src/app/seller/seller-api';
import { fitWithin } from '../../src/app/seller/resize-image';

function draft(patch: Partial<ProductDraft> = {}): ProductDraft {
  return { ...emptyDraft(), names: { ...emptyDraft().names, en: 'Kaftan' }, categoryId: '12', price: '450', ...patch };
}

describe('the variant matrix', () => {
  it('has every chosen size × colour × fabric, in the spec order of each list', () => {
    const rows = combinations({ sizes: ['M', 'S'], colors: ['blue', 'red'], fabrics: ['Cotton'] });
    expect(rows.map((r) => r.key)).toEqual(['S|red|Cotton', 'S|blue|Cotton', 'M|red|Cotton', 'M|blue|Cotton']);
  });

  it('is empty until one of each list is chosen', () => {
    expect(combinations({ sizes: ['S'], colors: ['red'], fabrics: [] })).toEqual([]);
  });
});

describe('the body', () => {
  it('sends the texts given, the prices as MAD, each cell with its stock and its own price or null', () => {
    const d = draft({
      names: { ...emptyDraft().names, en: ' Kaftan ', ar: 'قفطان' },
      price: '1 200,50',
      discountPrice: '999',
      handmade: true,
      sizes: ['S'],
      colors: ['red', 'blue'],
      fabrics: ['Silk'],
      cells: { 'S|red|Silk': { stock: '4', price: '1300' }, 'S|blue|Silk': { stock: '', price: '' } },
    });
    expect(draftToBody(d)).toEqual({
      names: { en: 'Kaftan', ar: 'قفطان' },
      category_id: 12,
      price: 1200.5,
      discount_price: 999,
      handmade: true,
      customizable: false,
      is_express: false,
      variants: [
        { size: 'S', color: 'red', fabric: 'Silk', stock: 4, price: 1300 },
        { size: 'S', color: 'blue', fabric: 'Silk', stock: 0, price: null },
      ],
    });
  });

  it('leaves out the descriptions when none is written (an empty map is refused), sends those written', () => {
    expect(draftToBody(draft())).not.toHaveProperty('descriptions');
    expect(draftToBody(draft({ descriptions: { ...emptyDraft().descriptions, fr: ' Brodé main ' } })).descriptions).toEqual({ fr: 'Brodé main' });
  });

  it('reads amounts with at most 2 decimals only', () => {
    expect(parseMad('99.50')).toBe(99.5);
    expect(parseMad('99.505')).toBeNull();
    expect(parseMad('abc')).toBeNull();
  });
});

describe('the checks', () => {
  it('find nothing in a complete draft', () => {
    expect(checkDraft(draft({ sizes: ['S'], colors: ['red'], fabrics: ['Silk'], cells: { 'S|red|Silk': { stock: '3', price: '' } } }))).toEqual({});
  });

  it('name each missing or wrong field as the server would', () => {
    const d = draft({
      names: emptyDraft().names,
      categoryId: '',
      price: '100',
      discountPrice: '150',
      sizes: ['S', 'M'],
      colors: ['red'],
      fabrics: ['Silk'],
      cells: { 'M|red|Silk': { stock: '-1', price: '0' } },
    });
    expect(checkDraft(d)).toEqual({
      names: 'required',
      category_id: 'required',
      discount_price: 'discountBelow',
      'variants.1.stock': 'stock',
      'variants.1.price': 'positive',
    });
    expect(checkDraft(draft({ price: '' }))).toMatchObject({ price: 'required', sizes: 'chooseOne', colors: 'chooseOne', fabrics: 'chooseOne' });
  });
});

describe('a saved product as a draft', () => {
  it('ticks the options its variants use and keeps a variant price only when it differs', () => {
    const product = {
      names: { en: 'Kaftan' },
      descriptions: {},
      category_id: 7,
      price: 450,
      discount_price: null,
      handmade: false,
      customizable: true,
      is_express: false,
      variants: [
        { id: 1, sku: 'a', size: 'M', color: 'blue', fabric: 'Silk', original_price: 450, stock_quantity: 2 },
        { id: 2, sku: 'b', size: 'S', color: 'blue', fabric: 'Silk', original_price: 500, stock_quantity: 0 },
      ],
    } as unknown as SellerProduct;
    const d = draftFromProduct(product);
    expect([d.sizes, d.colors, d.fabrics]).toEqual([['S', 'M'], ['blue'], ['Silk']]);
    expect(d.cells).toEqual({ 'M|blue|Silk': { stock: '2', price: '' }, 'S|blue|Silk': { stock: '0', price: '500' } });
    expect(draftToBody(d).variants).toEqual([
      { size: 'S', color: 'blue', fabric: 'Silk', stock: 0, price: 500 },
      { size: 'M', color: 'blue', fabric: 'Silk', stock: 2, price: null },
    ]);
  });
});

describe('a queued draft opened again', () => {
  it('gives back the form it was made from, so saving it again sends the same body', () => {
    const d = draft({
      names: { ...emptyDraft().names, en: 'Kaftan', ma: 'قفطان' },
      descriptions: { ...emptyDraft().descriptions, fr: 'Brodé main.' },
      price: '450',
      discountPrice: '399.5',
      handmade: true,
      express: true,
      sizes: ['S', 'M'],
      colors: ['blue'],
      fabrics: ['Silk'],
      cells: { 'S|blue|Silk': { stock: '4', price: '' }, 'M|blue|Silk': { stock: '0', price: '480' } },
    });
    const body = draftToBody(d);
    const again = draftFromBody(JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
    expect(again).toEqual(d);
    expect(draftToBody(again)).toEqual(body);
  });

  it('takes only what the form knows from a body that is not one of its own', () => {
    const again = draftFromBody({ names: { en: 'X', xx: 'junk' }, price: 'a lot', variants: [{ size: 'XXXL', color: 'blue', fabric: 'Silk', stock: 1 }, null] });
    expect(again).toEqual({ ...emptyDraft(), names: { ...emptyDraft().names, en: 'X' } });
  });
});

describe('server field errors', () => {
  it('go to their field, the texts, the matrix, or the alert', () => {
    expect(placeOfError('names.fr')).toBe('names.fr');
    expect(placeOfError('name')).toBe('names');
    expect(placeOfError('price')).toBe('price');
    expect(placeOfError('variants.2.stock')).toBe('variants.2.stock');
    expect(placeOfError('variants.1.size')).toBe('variants');
    expect(placeOfError('made_in')).toBeNull();
  });
});

describe('photo size before upload', () => {
  it('fits the longer side within 1600 px and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1200, 2400)).toEqual({ width: 800, height: 1600 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
