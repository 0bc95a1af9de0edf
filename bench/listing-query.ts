import { SORTS, type Color, type ProductQuery, type Size } from '../src/domain/catalog';

/** The benchmark's listing query: category + color + size + price range, sorted by price, a page of 24. */
export interface BenchListingQuery {
  category: string;
  colors: Color[];
  sizes: Size[];
  minPrice: number;
  maxPrice: number;
  page: number;
  perPage: number;
}

export const BENCH_QUERIES: BenchListingQuery[] = [
  { category: 'women', colors: ['red', 'blue'], sizes: ['M', 'L'], minPrice: 200, maxPrice: 1500, page: 1, perPage: 24 },
  { category: 'men', colors: ['white'], sizes: ['L', 'XL'], minPrice: 100, maxPrice: 2500, page: 2, perPage: 24 },
  { category: 'women-kaftan', colors: ['green', 'yellow', 'black'], sizes: ['S', 'M'], minPrice: 0, maxPrice: 5000, page: 1, perPage: 24 },
];

/**
 * The i-th query of a run: the base queries with the price bounds nudged per run, so no two runs ask the same
 * thing and no query cache (RxDB keeps one) can answer instead of the database.
 */
export function benchQuery(i: number): BenchListingQuery {
  const base = BENCH_QUERIES[i % BENCH_QUERIES.length] as BenchListingQuery;
  const nudge = Math.floor(i / BENCH_QUERIES.length);
  return { ...base, minPrice: base.minPrice + nudge, maxPrice: base.maxPrice - nudge };
}

/** Typical listings (home rows, category pages, facets, search, deep pages), each under every sort: 35 queries. */
const MIX_FILTERS: ProductQuery[] = [
  {},
  { category: 'women' },
  { category: 'men', colors: ['red', 'blue'] },
  { category: 'children', inStock: true },
  { minPrice: 200, maxPrice: 800 },
  { search: 'kaftan' },
  { category: 'women', page: 3 },
];
export const LISTING_MIX: ProductQuery[] = SORTS.flatMap((sort) => MIX_FILTERS.map((f) => ({ ...f, sort, perPage: 24 })));
