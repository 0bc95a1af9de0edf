/** Orders list: state ⇄ URL (spec §2 filters, search, pages) and the local query it makes. */
import { describe, expect, it } from 'vitest';
import { ORDER_FILTERS } from '../../src/domain/commerce';
import {
  DEFAULT_ORDERS_LIST,
  ORDERS_PER_PAGE,
  ordersQuery,
  parseOrdersSearch,
  serializeOrdersState,
  withOrderFilters,
} from '../../src/app/orders/order-filters';

describe('orders list state ⇄ URL', () => {
  it('the plain list has a clean URL and the defaults', () => {
    expect(serializeOrdersState(DEFAULT_ORDERS_LIST)).toBe('');
    expect(parseOrdersSearch('')).toEqual(DEFAULT_ORDERS_LIST);
  });

  it('round-trips every filter of the spec, the search and the page', () => {
    for (const status of ORDER_FILTERS) {
      const state = { status, search: 'SK-250101', page: 3 };
      const qs = serializeOrdersState(state);
      expect(parseOrdersSearch(`?${qs}`)).toEqual(state);
    }
    expect(serializeOrdersState({ status: 'shipped', search: ' kaftan ', page: 2 })).toBe('status=shipped&q=kaftan&page=2');
  });

  it('drops unknown or malformed values', () => {
    expect(parseOrdersSearch('status=lost&page=-1')).toEqual(DEFAULT_ORDERS_LIST);
    expect(parseOrdersSearch('status=ALL&page=1.5')).toEqual(DEFAULT_ORDERS_LIST);
    expect(parseOrdersSearch(`q=${'x'.repeat(300)}`).search).toHaveLength(100);
  });

  it('a new filter or search goes back to page 1', () => {
    const state = { status: 'all' as const, search: '', page: 4 };
    expect(withOrderFilters(state, { status: 'delivered' })).toEqual({ status: 'delivered', search: '', page: 1 });
    expect(withOrderFilters(state, { search: 'SK' })).toEqual({ status: 'all', search: 'SK', page: 1 });
  });
});

describe('orders list query', () => {
  it('leaves out all and an empty search, keeps the page', () => {
    expect(ordersQuery(DEFAULT_ORDERS_LIST)).toEqual({ kind: 'orders', page: 1, perPage: ORDERS_PER_PAGE });
    expect(ordersQuery({ status: 'pending', search: 'SK-1', page: 2 })).toEqual({
      kind: 'orders',
      status: 'pending',
      search: 'SK-1',
      page: 2,
      perPage: ORDERS_PER_PAGE,
    });
  });
});
