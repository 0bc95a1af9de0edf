import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseShopListSearch, serializeShopListState, type ShopListState } from './shop-filters';

/** The shops list state read from the URL, and a way to write it back (a new history entry). */
export function useShopListState(): [ShopListState, (next: ShopListState) => void, (page: number) => string] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseShopListSearch(search), [search]);
  const hrefOf = useCallback(
    (next: ShopListState) => {
      const qs = serializeShopListState(next);
      return qs ? `${location}?${qs}` : location;
    },
    [location],
  );
  const commit = useCallback((next: ShopListState) => navigate(hrefOf(next)), [navigate, hrefOf]);
  const pageHref = useCallback((page: number) => hrefOf({ ...state, page }), [hrefOf, state]);
  return [state, commit, pageHref];
}
