import { describe, expect, it } from 'vitest';
import { discountPercent, stockLevel, type ProductDoc } from '../../src/domain/catalog';
import { compareForSort, matchesProductQuery, normalizeProductQuery, runProductQuery } from '../../src/domain/product-query';

function doc(over: Partial<ProductDoc> & { id: string }): ProductDoc {
  const d: Omit<ProductDoc, 'names' | 'descriptions' | 'category_names'> = {
    name: `Kaftan ${over.id}`,
    name_ar: `قفطان ${over.id}`,
    description: '',
    description_ar: '',
    sku: `SKU-${over.id}`,
    category_id: 4,
    category_slug: 'women-kaftan',
    category_name_en: 'Kaftan',
    category_name_ar: 'قفطان',
    gender: 'women',
    shop_id: 1,
    shop_name: 'Dar',
    shop_slug: 'dar',
    price: 100,
    discount_price: null,
    has_discount: false,
    discount_percent: 0,
    effective_price: 100,
    colors: ['red'],
    sizes: ['M'],
    fabrics: ['Silk'],
    variants: [],
    stock_quantity: 3,
    in_stock: true,
    handmade: false,
    customizable: false,
    express: false,
    rating: 4,
    reviews_count: 1,
    sales_count: 0,
    main_image: '',
    images: [],
    made_in: 'Morocco',
    shipping_from: 'Fes',
    created_at: 1000,
    updatedAt: 1,
    ...over,
  };
  // The maps the server fills (en and ar as the spec's pair), unless the case gives its own.
  return {
    ...d,
    names: over.names ?? { en: d.name, ar: d.name_ar },
    descriptions: over.descriptions ?? {},
    category_names: over.category_names ?? { en: d.category_name_en, ar: d.category_name_ar },
  };
}

describe('listing query semantics', () => {
  const docs = [
    doc({ id: '1', effective_price: 300, price: 300, created_at: 5, colors: ['red', 'blue'], sales_count: 9 }),
    doc({ id: '2', effective_price: 150, price: 200, has_discount: true, discount_price: 150, created_at: 9, gender: 'men', category_slug: 'men-djellaba' }),
    doc({ id: '10', effective_price: 150, price: 150, created_at: 9, in_stock: false, stock_quantity: 0, sizes: ['XL'] }),
    doc({ id: '3', effective_price: 90, price: 90, created_at: 1, fabrics: ['Wool'], customizable: true, rating: 4.8, reviews_count: 2 }),
    doc({ id: '4', effective_price: 90, price: 90, created_at: 2, name: 'Golden Takchita', rating: 4.8, reviews_count: 7 }),
  ];

  it('treats men, women and children as genders and other slugs as subcategories', () => {
    expect(runProductQuery(docs, { category: 'men' }).items.map((d) => d.id)).toEqual(['2']);
    expect(runProductQuery(docs, { category: 'men-djellaba' }).total).toBe(1);
    expect(runProductQuery(docs, { category: 'women' }).total).toBe(4);
  });

  it('matches any listed value within a facet and ANDs facets', () => {
    expect(runProductQuery(docs, { colors: ['blue', 'green'] }).items.map((d) => d.id)).toEqual(['1']);
    expect(runProductQuery(docs, { colors: ['red'], sizes: ['XL'] }).items.map((d) => d.id)).toEqual(['10']);
    expect(runProductQuery(docs, { fabrics: ['Wool'], customizable: true }).total).toBe(1);
  });

  it('bounds effective_price inclusively and drops out-of-stock when asked', () => {
    expect(runProductQuery(docs, { minPrice: 90, maxPrice: 150 }).total).toBe(4);
    expect(runProductQuery(docs, { minPrice: 90, maxPrice: 150, inStock: true }).total).toBe(3);
  });

  it('searches names case-insensitively and Arabic names by substring', () => {
    expect(runProductQuery(docs, { search: 'golden' }).items.map((d) => d.id)).toEqual(['4']);
    expect(runProductQuery(docs, { search: 'قفطان 3' }).items.map((d) => d.id)).toEqual(['3']);
    expect(runProductQuery(docs, { search: '  ' }).total).toBe(docs.length);
  });

  it('searches every language of the names, any spelling of a garment, accents and Arabic variants folded', () => {
    const texts = [
      doc({ id: '20', name: 'Classic Djellaba', name_ar: 'جلابة كلاسيكية', names: { en: 'Classic Djellaba', ar: 'جلابة كلاسيكية', fr: 'Djellaba classique', de: 'Klassische Dschellaba' }, category_slug: 'men-djellaba', category_names: { en: 'Djellaba', ar: 'جلابة', fr: 'Djellaba' } }),
      doc({ id: '21', name: 'Velvet Kaftan', name_ar: 'قفطان مخمل', names: { en: 'Velvet Kaftan', ar: 'قفطان مخمل', fr: 'Caftan en velours', es: 'Caftán de terciopelo' } }),
      doc({ id: '22', name: 'Leather Slippers', name_ar: 'نعالة جلد', names: { en: 'Leather Slippers', ar: 'نعالة جلد', fr: 'Babouches en cuir' }, category_slug: 'men-shoes', category_names: { en: 'Shoes', fr: 'Chaussures', ar: 'أحذية' } }),
    ];
    const ids = (search: string) => runProductQuery(texts, { search }).items.map((d) => d.id);
    expect(ids('caftan')).toEqual(['21']);
    expect(ids('CAFTÁN')).toEqual(['21']);
    expect(ids('قفطان')).toEqual(['21']);
    expect(ids('jellaba')).toEqual(['20']);
    expect(ids('جلابه')).toEqual(['20']);
    expect(ids('velours')).toEqual(['21']);
    expect(ids('dschellaba')).toEqual(['20']);
    expect(ids('belgha')).toEqual(['22']);
    expect(ids('chaussures')).toEqual(['22']);
    expect(ids('classique velours')).toEqual([]);
  });

  it('ranks name matches before category matches, then the sort', () => {
    const ranked = [
      doc({ id: '30', name: 'Silk Takchita', name_ar: 'تكشيطة حرير', created_at: 30, category_names: { en: 'Kaftan', ar: 'قفطان' } }),
      doc({ id: '31', name: 'Red Kaftan', name_ar: 'قفطان أحمر', created_at: 10, category_names: { en: 'Kaftan', ar: 'قفطان' } }),
      doc({ id: '32', name: 'Blue Kaftan', name_ar: 'قفطان أزرق', created_at: 20, category_names: { en: 'Kaftan', ar: 'قفطان' } }),
    ];
    expect(runProductQuery(ranked, { search: 'caftan', sort: 'newest' }).items.map((d) => d.id)).toEqual(['32', '31', '30']);
    expect(runProductQuery(ranked, { search: 'caftan', sort: 'newest', page: 2, perPage: 2 }).items.map((d) => d.id)).toEqual(['30']);
    expect(runProductQuery(ranked, { sort: 'newest' }).items.map((d) => d.id)).toEqual(['30', '32', '31']);
  });

  it('sorts with an id-string tie-break (code-unit order, as RxDB) so pages are stable', () => {
    expect(runProductQuery(docs, { sort: 'price-low-high' }).items.map((d) => d.id)).toEqual(['3', '4', '10', '2', '1']);
    expect(runProductQuery(docs, { sort: 'price-high-low' }).items.map((d) => d.id)).toEqual(['1', '2', '10', '4', '3']);
    expect(runProductQuery(docs, { sort: 'newest' }).items.map((d) => d.id)).toEqual(['2', '10', '1', '4', '3']);
    expect(runProductQuery(docs, { sort: 'rating' }).items.slice(0, 2).map((d) => d.id)).toEqual(['4', '3']);
    expect(runProductQuery(docs, { sort: 'popular' }).items[0]?.id).toBe('1');
  });

  it('pages with total and lastPage', () => {
    const p2 = runProductQuery(docs, { sort: 'price-low-high', page: 2, perPage: 2 });
    expect(p2.items.map((d) => d.id)).toEqual(['10', '2']);
    expect(p2).toMatchObject({ total: 5, page: 2, perPage: 2, lastPage: 3 });
    expect(runProductQuery([], {}).lastPage).toBe(1);
  });

  it('rejects invalid queries', () => {
    expect(() => normalizeProductQuery({ perPage: 1000 })).toThrow();
    expect(() => normalizeProductQuery({ page: 0 })).toThrow();
    expect(() => normalizeProductQuery({ colors: ['purple' as 'red'] })).toThrow();
  });

  it('a comparator and matcher agree with the page result', () => {
    const q = normalizeProductQuery({ colors: ['red'], sort: 'price-high-low' });
    const expected = docs.filter((d) => matchesProductQuery(d, q)).sort(compareForSort(q.sort));
    expect(runProductQuery(docs, { colors: ['red'], sort: 'price-high-low' }).items).toEqual(expected);
  });
});

describe('product helpers', () => {
  it('rounds the discount percent from 1 - discount_price / price', () => {
    expect(discountPercent(200, 150)).toBe(25);
    expect(discountPercent(300, 90)).toBe(70);
    expect(discountPercent(3, 2)).toBe(33);
    expect(discountPercent(100, null)).toBe(0);
    expect(discountPercent(100, 120)).toBe(0);
  });

  it('shows in stock above zero and low stock at 5 or fewer', () => {
    expect(stockLevel(0)).toBe('out_of_stock');
    expect(stockLevel(-1)).toBe('out_of_stock');
    expect(stockLevel(1)).toBe('low_stock');
    expect(stockLevel(5)).toBe('low_stock');
    expect(stockLevel(6)).toBe('in_stock');
  });
});
