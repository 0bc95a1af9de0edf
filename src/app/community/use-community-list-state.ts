import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseCommunitySearch, serializeCommunityState, type CommunityListState } from './community-filters';

/** The community list state read from the URL, a way to write it back, and the link of a page. */
export function useCommunityListState(): [CommunityListState, (next: CommunityListState) => void, (page: number) => string] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseCommunitySearch(search), [search]);
  const hrefOf = useCallback(
    (next: CommunityListState) => {
      const qs = serializeCommunityState(next);
      return qs ? `${location}?${qs}` : location;
    },
    [location],
  );
  const commit = useCallback((next: CommunityListState) => navigate(hrefOf(next)), [navigate, hrefOf]);
  const pageHref = useCallback((page: number) => hrefOf({ ...state, page }), [hrefOf, state]);
  return [state, commit, pageHref];
}
