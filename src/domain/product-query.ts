/**
 * The meaning of a product listing query, written once. The server turns it
 * into SQL and the data worker into an RxDB query; both are tested against
 * `runProductQuery`, this plain in-memory version of the same rules.
 *
 * - category: the slugs men, women and children are the top categories and
 *   filter by gender; any other slug filters by the product's subcategory.
 * - colors, sizes, fabrics: any of the listed values (facets are ANDed).
 * - minPrice/maxPrice: inclusive bounds on effective_price.
 * - search (src/domain/search.ts): every word of the query found, under any of its common spellings, with case,
 *   accents and Arabic letter variants folded, in the product's names (all six languages, `names`) or its
 *   category's (`category_names`); products whose names hold every word come first (searchRank 0), then those
 *   that need their category's names (1), each group in the sort's order.
 * - sort ties are broken by id compared as a string in code-unit order (as
 *   RxDB sorts its string primary key; SQL: CAST(id AS TEXT), COLLATE "C" on
 *   PostgreSQL), in the direction of the last sort key, so paging is stable.
 */
import {
  GENDERS,
  productQuerySchema,
  type Gender,
  type NormalizedProductQuery,
  type Page,
  type ProductDoc,
  type ProductQuery,
  type Sort,
} from './catalog';
import { searchRank, searchTerms } from './search';

export type SortField = 'created_at' | 'effective_price' | 'sales_count' | 'rating' | 'reviews_count';
export interface SortKey {
  field: SortField;
  dir: 'asc' | 'desc';
}

/** Sort keys per option; the final tie-break is the id string in the direction of the last key. */
export const SORT_KEYS: Record<Sort, SortKey[]> = {
  newest: [{ field: 'created_at', dir: 'desc' }],
  'price-low-high': [{ field: 'effective_price', dir: 'asc' }],
  'price-high-low': [{ field: 'effective_price', dir: 'desc' }],
  popular: [{ field: 'sales_count', dir: 'desc' }],
  rating: [
    { field: 'rating', dir: 'desc' },
    { field: 'reviews_count', dir: 'desc' },
  ],
};

export function isGender(slug: string): slug is Gender {
  return (GENDERS as readonly string[]).includes(slug);
}

export function normalizeProductQuery(q: ProductQuery): NormalizedProductQuery {
  return productQuerySchema.parse(q);
}

function anyOf<T>(wanted: readonly T[] | undefined, have: readonly T[]): boolean {
  return !wanted || wanted.length === 0 || wanted.some((w) => have.includes(w));
}

export function matchesProductQuery(doc: ProductDoc, q: NormalizedProductQuery): boolean {
  if (q.category !== undefined) {
    if (isGender(q.category) ? doc.gender !== q.category : doc.category_slug !== q.category) return false;
  }
  if (q.gender !== undefined && doc.gender !== q.gender) return false;
  if (q.shopId !== undefined && doc.shop_id !== q.shopId) return false;
  if (!anyOf(q.colors, doc.colors) || !anyOf(q.sizes, doc.sizes) || !anyOf(q.fabrics, doc.fabrics)) return false;
  if (q.inStock && !doc.in_stock) return false;
  if (q.customizable && !doc.customizable) return false;
  if (q.handmade && !doc.handmade) return false;
  if (q.express && !doc.express) return false;
  if (q.onSale && !doc.has_discount) return false;
  if (q.minPrice !== undefined && doc.effective_price < q.minPrice) return false;
  if (q.maxPrice !== undefined && doc.effective_price > q.maxPrice) return false;
  return q.search === undefined || productSearchRank(doc, searchTerms(q.search)) !== null;
}

/** The product's rank for the search terms (searchRank over its names and its category's names). */
export function productSearchRank(doc: ProductDoc, terms: readonly (readonly string[])[]): 0 | 1 | null {
  return searchRank({ names: Object.values(doc.names), categoryNames: Object.values(doc.category_names) }, terms);
}

export function compareForSort(sort: Sort): (a: ProductDoc, b: ProductDoc) => number {
  const keys = SORT_KEYS[sort];
  const lastDir = keys[keys.length - 1]?.dir ?? 'asc';
  return (a, b) => {
    for (const { field, dir } of keys) {
      const d = a[field] - b[field];
      if (d !== 0) return dir === 'asc' ? d : -d;
    }
    const idOrder = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return lastDir === 'asc' ? idOrder : -idOrder;
  };
}

/** Reference implementation: filter, sort and page in memory. */
export function runProductQuery(docs: readonly ProductDoc[], query: ProductQuery): Page<ProductDoc> {
  const q = normalizeProductQuery(query);
  const terms = q.search === undefined ? [] : searchTerms(q.search);
  const bySort = compareForSort(q.sort);
  const matching = docs
    .filter((d) => matchesProductQuery(d, q))
    .map((doc) => ({ doc, rank: productSearchRank(doc, terms) ?? 1 }))
    .sort((a, b) => a.rank - b.rank || bySort(a.doc, b.doc))
    .map((r) => r.doc);
  const start = (q.page - 1) * q.perPage;
  return {
    items: matching.slice(start, start + q.perPage),
    total: matching.length,
    page: q.page,
    perPage: q.perPage,
    lastPage: Math.max(1, Math.ceil(matching.length / q.perPage)),
  };
}
