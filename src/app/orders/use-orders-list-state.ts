import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseOrdersSearch, serializeOrdersState, type OrdersListState } from './order-filters';

/** The orders list state read from the URL, a way to write it back, and the link of a page. */
export function useOrdersListState(): [OrdersListState, (next: OrdersListState) => void, (page: number) => string] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseOrdersSearch(search), [search]);
  const hrefOf = useCallback(
    (next: OrdersListState) => {
      const qs = serializeOrdersState(next);
      return qs ? `${location}?${qs}` : location;
    },
    [location],
  );
  const commit = useCallback((next: OrdersListState) => navigate(hrefOf(next)), [navigate, hrefOf]);
  const pageHref = useCallback((page: number) => hrefOf({ ...state, page }), [hrefOf, state]);
  return [state, commit, pageHref];
}
