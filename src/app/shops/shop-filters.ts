/**
 * Shops list state ⇄ URL query (spec §2: filters, search, pagination). The state lives in the URL so a list
 * is shareable and survives a reload; unknown or malformed values are dropped, defaults are omitted.
 *
 *   /shops?q=kaftan&type=company&featured=1&verified=1&page=2
 */
import { STORE_TYPES, type StoreType } from '../../domain/catalog-constants';
import type { DataQuery } from '../../workers/data-api';

export interface ShopListState {
  search: string;
  storeType: StoreType | null;
  featured: boolean;
  verified: boolean;
  page: number;
}

/** As GET /api/shops (src/server/routes/shops.ts). */
export const SHOPS_PER_PAGE = 12;
const MAX_SEARCH = 100;
const MAX_PAGE = 10_000;

export const DEFAULT_SHOP_LIST: ShopListState = { search: '', storeType: null, featured: false, verified: false, page: 1 };

function isStoreType(value: string | null): value is StoreType {
  return value !== null && (STORE_TYPES as readonly string[]).includes(value);
}

const flag = (raw: string | null): boolean => raw === '1' || raw === 'true';

export function parseShopListSearch(search: string): ShopListState {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    storeType: isStoreType(type) ? type : null,
    featured: flag(params.get('featured')),
    verified: flag(params.get('verified')),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function serializeShopListState(state: ShopListState): string {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('q', search.slice(0, MAX_SEARCH));
  if (state.storeType) params.set('type', state.storeType);
  if (state.featured) params.set('featured', '1');
  if (state.verified) params.set('verified', '1');
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** A change of filter or search starts again on page 1. */
export function withFilters(state: ShopListState, change: Partial<Omit<ShopListState, 'page'>>): ShopListState {
  return { ...state, ...change, page: 1 };
}

/** How many filters are on (search excluded): for the 'clear filters' action. */
export function activeFilterCount(state: ShopListState): number {
  return (state.storeType ? 1 : 0) + (state.featured ? 1 : 0) + (state.verified ? 1 : 0);
}

/** The local query for a state: a flag that is off means 'any', not 'not featured'. */
export function shopsPageQuery(state: ShopListState): Extract<DataQuery, { kind: 'shopsPage' }> {
  return {
    kind: 'shopsPage',
    ...(state.storeType ? { storeType: state.storeType } : {}),
    ...(state.featured ? { featured: true } : {}),
    ...(state.verified ? { verified: true } : {}),
    ...(state.search ? { search: state.search } : {}),
    page: state.page,
    perPage: SHOPS_PER_PAGE,
  };
}
