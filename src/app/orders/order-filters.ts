/**
 * Orders list state ⇄ URL query (spec §2: filter all, pending, processing, shipped, delivered, cancelled;
 * search; pages). The state lives in the URL so a list survives a reload and the back button; unknown or
 * malformed values are dropped and defaults are omitted.
 *
 *   /orders?status=shipped&q=SK-2501&page=2
 */
import { ORDER_FILTERS, type OrderFilter } from '../../domain/commerce';
import type { DataQuery } from '../../workers/data-api';

export interface OrdersListState {
  status: OrderFilter;
  search: string;
  page: number;
}

export const ORDERS_PER_PAGE = 10;
const MAX_SEARCH = 100;
const MAX_PAGE = 10_000;

export const DEFAULT_ORDERS_LIST: OrdersListState = { status: 'all', search: '', page: 1 };

export function isOrderFilter(value: unknown): value is OrderFilter {
  return typeof value === 'string' && (ORDER_FILTERS as readonly string[]).includes(value);
}

export function parseOrdersSearch(search: string): OrdersListState {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: isOrderFilter(status) ? status : 'all',
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function serializeOrdersState(state: OrdersListState): string {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  const search = state.search.trim();
  if (search) params.set('q', search.slice(0, MAX_SEARCH));
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** A change of filter or search starts again on page 1. */
export function withOrderFilters(state: OrdersListState, change: Partial<Omit<OrdersListState, 'page'>>): OrdersListState {
  return { ...state, ...change, page: 1 };
}

/** The local query for a state ('all' and an empty search are left out). */
export function ordersQuery(state: OrdersListState): Extract<DataQuery, { kind: 'orders' }> {
  return {
    kind: 'orders',
    ...(state.status !== 'all' ? { status: state.status } : {}),
    ...(state.search ? { search: state.search } : {}),
    page: state.page,
    perPage: ORDERS_PER_PAGE,
  };
}
