import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseListingSearch, serializeListingState, type ListingState } from './filter-state';

/** The listing state read from the URL, and a way to write it back (push, or replace while typing). */
export function useListingState(): [ListingState, (next: ListingState, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseListingSearch(search), [search]);
  const commit = useCallback(
    (next: ListingState, options: { replace?: boolean } = {}) => {
      const qs = serializeListingState(next);
      navigate(qs ? `${location}?${qs}` : location, { replace: options.replace ?? false });
    },
    [location, navigate],
  );
  return [state, commit];
}
