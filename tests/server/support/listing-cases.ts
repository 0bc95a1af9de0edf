/**
 * Listing queries for the cross-check between GET /api/products/all and the
 * reference runProductQuery: hand-picked edge cases plus seeded random
 * combinations of every filter and sort.
 */
import { expect } from 'vitest';
import { COLORS, FABRICS, SIZES, SORTS, type ProductDoc, type ProductQuery } from '../../../src/domain/catalog';
import { runProductQuery } from '../../../src/domain/product-query';
import { createPrng } from '../../../src/server/seed/prng';
import { getJson } from './http';

export const HAND_PICKED: ProductQuery[] = [
  {},
  { sort: 'newest' },
  { sort: 'price-low-high' },
  { sort: 'price-high-low' },
  { sort: 'popular' },
  { sort: 'rating' },
  { category: 'women' },
  { category: 'men', sort: 'price-low-high' },
  { category: 'children', sort: 'rating', perPage: 7, page: 2 },
  { category: 'women-kaftan', sort: 'price-high-low' },
  { category: 'men-selham' },
  { category: 'no-such-category' },
  { gender: 'men', category: 'women' },
  { colors: ['red'] },
  { colors: ['red', 'blue'], sort: 'price-low-high' },
  { sizes: ['XS', 'XXL'] },
  { fabrics: ['Silk', 'Wool'], sort: 'popular' },
  { colors: ['green'], sizes: ['M'], fabrics: ['Cotton', 'Linen'] },
  { inStock: true },
  { inStock: false },
  { customizable: true, handmade: true },
  { express: true, sort: 'rating' },
  { onSale: true, sort: 'price-low-high' },
  { minPrice: 500 },
  { maxPrice: 300, sort: 'price-high-low' },
  { minPrice: 1000, maxPrice: 2500 },
  { minPrice: 0.07, maxPrice: 0.07 },
  { minPrice: 199.5, maxPrice: 1299.99 },
  { minPrice: 100000000 },
  { search: 'kaftan' },
  { search: 'KAFTAN', sort: 'price-low-high' },
  { search: '  belt  ' },
  { search: 'قفطان' },
  { search: 'بلغة', category: 'women' },
  { search: 'zzz-nothing' },
  // Issue 22's search rule (src/domain/search.ts): every language, garment spellings, folding, name matches first.
  { search: 'caftan' },
  { search: 'Caftán', sort: 'price-low-high' },
  { search: 'jellaba', sort: 'popular' },
  { search: 'جلابه', category: 'men' },
  { search: 'قفطان', sort: 'rating', perPage: 7, page: 2 },
  { search: 'belgha' },
  { search: 'takchita rouge' },
  { search: 'accessories' },
  { search: 'ACCESSOIRES', sort: 'price-high-low' },
  { search: '%' },
  { search: 'kaftan%' },
  { perPage: 1 },
  { perPage: 100, page: 2, sort: 'price-low-high' },
  { page: 999, perPage: 50 },
];

const SEARCH_WORDS = ['kaftan', 'Royal', 'silk', 'red', 'قفطان', 'جلابة', 'with', 'ar', 'Belt', 'x', 'caftan', 'jilaba', 'rouge', 'shoes', 'ڭندورة'];
const CATEGORIES = ['men', 'women', 'children', 'women-kaftan', 'men-djellaba', 'women-takchita', 'children-shoes', 'women-accessories'];

export function randomQueries(count: number, seed: number): ProductQuery[] {
  const rng = createPrng(seed);
  const out: ProductQuery[] = [];
  for (let i = 0; i < count; i++) {
    const q: ProductQuery = { sort: rng.pick(SORTS) };
    if (rng.chance(0.4)) q.category = rng.pick(CATEGORIES);
    if (rng.chance(0.15)) q.gender = rng.pick(['men', 'women', 'children'] as const);
    if (rng.chance(0.35)) q.colors = rng.sample(COLORS, rng.int(1, 3));
    if (rng.chance(0.3)) q.sizes = rng.sample(SIZES, rng.int(1, 3));
    if (rng.chance(0.3)) q.fabrics = rng.sample(FABRICS, rng.int(1, 2));
    if (rng.chance(0.25)) q.inStock = true;
    if (rng.chance(0.15)) q.customizable = true;
    if (rng.chance(0.15)) q.handmade = true;
    if (rng.chance(0.15)) q.express = true;
    if (rng.chance(0.2)) q.onSale = true;
    if (rng.chance(0.25)) q.minPrice = rng.int(0, 3000) + rng.pick([0, 0.5, 0.99, 0.01]);
    if (rng.chance(0.25)) q.maxPrice = (q.minPrice ?? 0) + rng.int(0, 5000) + rng.pick([0, 0.5]);
    if (rng.chance(0.15)) q.search = rng.pick(SEARCH_WORDS);
    q.perPage = rng.pick([5, 10, 24, 100]);
    q.page = rng.int(1, 4);
    out.push(q);
  }
  return out;
}

/** The query string for a ProductQuery, alternating comma lists and repeated parameters. */
export function toQueryString(q: ProductQuery, repeatedLists = false): string {
  const p = new URLSearchParams();
  const scalar: [string, unknown][] = [
    ['category', q.category],
    ['gender', q.gender],
    ['inStock', q.inStock],
    ['customizable', q.customizable],
    ['handmade', q.handmade],
    ['express', q.express],
    ['onSale', q.onSale],
    ['minPrice', q.minPrice],
    ['maxPrice', q.maxPrice],
    ['search', q.search],
    ['sort', q.sort],
    ['page', q.page],
    ['per_page', q.perPage],
  ];
  for (const [k, v] of scalar) if (v !== undefined) p.set(k, String(v));
  for (const [k, list] of [
    ['colors', q.colors],
    ['sizes', q.sizes],
    ['fabrics', q.fabrics],
  ] as const) {
    if (!list) continue;
    if (repeatedLists) for (const v of list) p.append(k, v);
    else p.set(k, list.join(','));
  }
  return p.toString();
}

interface ListBody {
  success: boolean;
  data: { id: number; price: number; discount_price: number | null; name: string }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** Asserts that the API's page equals the reference's page for q (ids in order, total, paging). */
export async function expectListingMatchesReference(base: string, docs: readonly ProductDoc[], q: ProductQuery, i: number) {
  const expected = runProductQuery(docs, q);
  const res = await getJson<ListBody>(base, `/api/products/all?${toQueryString(q, i % 2 === 1)}`);
  const label = JSON.stringify(q);
  expect(res.status, label).toBe(200);
  expect(res.body.success, label).toBe(true);
  expect(res.body.data.map((p) => String(p.id)), label).toEqual(expected.items.map((d) => d.id));
  expect(res.body.meta, label).toEqual({
    current_page: expected.page,
    last_page: expected.lastPage,
    per_page: expected.perPage,
    total: expected.total,
  });
  return { expected, body: res.body };
}
