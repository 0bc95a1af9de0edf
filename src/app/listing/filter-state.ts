/**
 * Listing state ⇄ URL query. Filters, sort and page live in the URL so a
 * listing is shareable and survives a reload; unknown or malformed values are
 * dropped rather than trusted. Defaults are omitted, so a plain listing has a
 * clean URL.
 *
 *   ?q=kaftan&colors=red,blue&sizes=M,L&fabrics=Silk&stock=1&custom=1&sale=1
 *    &min=100&max=900&sort=price-low-high&page=2
 */
import type { Color, Fabric, ProductQuery, Size, Sort } from '../../domain/catalog';
import { COLORS, DEFAULT_PAGE_SIZE, FABRICS, SIZES, SORTS } from '../../domain/catalog-constants';

export interface ListingFilters {
  colors: Color[];
  sizes: Size[];
  fabrics: Fabric[];
  inStock: boolean;
  customizable: boolean;
  onSale: boolean;
  minPrice: number | null;
  maxPrice: number | null;
  search: string;
}

export interface ListingState {
  filters: ListingFilters;
  sort: Sort;
  page: number;
}

export const DEFAULT_SORT: Sort = 'newest';

export const EMPTY_FILTERS: ListingFilters = {
  colors: [],
  sizes: [],
  fabrics: [],
  inStock: false,
  customizable: false,
  onSale: false,
  minPrice: null,
  maxPrice: null,
  search: '',
};

const MAX_SEARCH = 100;

function pickList<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map((s) => s.trim()));
  // Keep the canonical order so equal filters give equal URLs.
  return allowed.filter((value) => wanted.has(value));
}

/** A price bound from user or URL text: empty, negative or not a number → no bound. */
export function parsePrice(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim().replace(',', '.');
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value * 100) / 100;
}

function flag(raw: string | null): boolean {
  return raw === '1' || raw === 'true';
}

export function parseListingSearch(search: string): ListingState {
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const pageParam = Number(params.get('page'));
  return {
    filters: {
      colors: pickList(params.get('colors'), COLORS),
      sizes: pickList(params.get('sizes'), SIZES),
      fabrics: pickList(params.get('fabrics'), FABRICS),
      inStock: flag(params.get('stock')),
      customizable: flag(params.get('custom')),
      onSale: flag(params.get('sale')),
      minPrice: parsePrice(params.get('min')),
      maxPrice: parsePrice(params.get('max')),
      search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    },
    sort: (SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as Sort) : DEFAULT_SORT,
    page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1,
  };
}

export function serializeListingState(state: ListingState): string {
  const { filters: f } = state;
  const params = new URLSearchParams();
  if (f.search) params.set('q', f.search);
  if (f.colors.length) params.set('colors', f.colors.join(','));
  if (f.sizes.length) params.set('sizes', f.sizes.join(','));
  if (f.fabrics.length) params.set('fabrics', f.fabrics.join(','));
  if (f.inStock) params.set('stock', '1');
  if (f.customizable) params.set('custom', '1');
  if (f.onSale) params.set('sale', '1');
  if (f.minPrice !== null) params.set('min', String(f.minPrice));
  if (f.maxPrice !== null) params.set('max', String(f.maxPrice));
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** New filters always start again at page 1. */
export function withFilters(state: ListingState, filters: ListingFilters): ListingState {
  return { ...state, filters, page: 1 };
}

/** The data worker query for a listing, within an optional fixed scope (category, shop). */
export function toProductQuery(
  state: ListingState,
  scope: Pick<ProductQuery, 'category' | 'shopId'> = {},
  perPage: number = DEFAULT_PAGE_SIZE,
): ProductQuery {
  const { filters: f } = state;
  const query: ProductQuery = { ...scope, sort: state.sort, page: state.page, perPage };
  if (f.colors.length) query.colors = f.colors;
  if (f.sizes.length) query.sizes = f.sizes;
  if (f.fabrics.length) query.fabrics = f.fabrics;
  if (f.inStock) query.inStock = true;
  if (f.customizable) query.customizable = true;
  if (f.onSale) query.onSale = true;
  if (f.minPrice !== null) query.minPrice = f.minPrice;
  if (f.maxPrice !== null) query.maxPrice = f.maxPrice;
  if (f.search) query.search = f.search;
  return query;
}

export type FilterChip =
  | { kind: 'color'; value: Color }
  | { kind: 'size'; value: Size }
  | { kind: 'fabric'; value: Fabric }
  | { kind: 'inStock' }
  | { kind: 'customizable' }
  | { kind: 'onSale' }
  | { kind: 'price'; min: number | null; max: number | null }
  | { kind: 'search'; value: string };

/** One removable chip per active filter, in panel order. */
export function filterChips(f: ListingFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.search) chips.push({ kind: 'search', value: f.search });
  f.colors.forEach((value) => chips.push({ kind: 'color', value }));
  f.sizes.forEach((value) => chips.push({ kind: 'size', value }));
  f.fabrics.forEach((value) => chips.push({ kind: 'fabric', value }));
  if (f.inStock) chips.push({ kind: 'inStock' });
  if (f.customizable) chips.push({ kind: 'customizable' });
  if (f.onSale) chips.push({ kind: 'onSale' });
  if (f.minPrice !== null || f.maxPrice !== null) chips.push({ kind: 'price', min: f.minPrice, max: f.maxPrice });
  return chips;
}

export function removeChip(f: ListingFilters, chip: FilterChip): ListingFilters {
  switch (chip.kind) {
    case 'color':
      return { ...f, colors: f.colors.filter((c) => c !== chip.value) };
    case 'size':
      return { ...f, sizes: f.sizes.filter((s) => s !== chip.value) };
    case 'fabric':
      return { ...f, fabrics: f.fabrics.filter((x) => x !== chip.value) };
    case 'inStock':
      return { ...f, inStock: false };
    case 'customizable':
      return { ...f, customizable: false };
    case 'onSale':
      return { ...f, onSale: false };
    case 'price':
      return { ...f, minPrice: null, maxPrice: null };
    case 'search':
      return { ...f, search: '' };
  }
}

/** Filters counted on the mobile 'Filters (n)' button (search is shown in the title instead). */
export function activeFilterCount(f: ListingFilters): number {
  return filterChips(f).filter((chip) => chip.kind !== 'search').length;
}

/** Adds or removes one value of a multi-value facet, keeping the canonical order. */
export function toggleValue<T extends string>(list: readonly T[], value: T, allowed: readonly T[]): T[] {
  const next = new Set(list);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return allowed.filter((v) => next.has(v));
}
