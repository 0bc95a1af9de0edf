import { describe, expect, it } from 'vitest';
import {
  communityQuery,
  DEFAULT_COMMUNITY_LIST,
  parseCommunitySearch,
  serializeCommunityState,
  withCommunityFilters,
} from '../../src/app/community/community-filters';

describe('community list state ⇄ URL', () => {
  it('reads every filter and writes it back', () => {
    const state = parseCommunitySearch('?status=in_progress&category=shoes&q=%20babouches%20&mine=1&page=3');
    expect(state).toEqual({ status: 'in_progress', category: 'shoes', search: 'babouches', mine: true, page: 3 });
    expect(serializeCommunityState(state)).toBe('mine=1&status=in_progress&category=shoes&q=babouches&page=3');
    expect(parseCommunitySearch(serializeCommunityState(state))).toEqual(state);
  });

  it('drops unknown or malformed values and leaves defaults out', () => {
    expect(parseCommunitySearch('status=sold&category=hats&mine=yes&page=-2')).toEqual(DEFAULT_COMMUNITY_LIST);
    expect(parseCommunitySearch('page=1.5').page).toBe(1);
    expect(parseCommunitySearch('page=99999').page).toBe(1);
    expect(parseCommunitySearch(`q=${'a'.repeat(150)}`).search).toHaveLength(100);
    expect(serializeCommunityState(DEFAULT_COMMUNITY_LIST)).toBe('');
  });

  it('a change of tab, filter or search goes back to page 1', () => {
    const state = { ...DEFAULT_COMMUNITY_LIST, page: 4 };
    expect(withCommunityFilters(state, { category: 'jewelry' })).toMatchObject({ category: 'jewelry', page: 1 });
    expect(withCommunityFilters(state, { mine: true })).toMatchObject({ mine: true, page: 1 });
  });

  it('builds the local query: pages of 12, mine only when signed in', () => {
    const state = parseCommunitySearch('status=open&mine=1&page=2');
    expect(communityQuery(state, true)).toEqual({ kind: 'communityPosts', status: 'open', mine: true, page: 2, perPage: 12 });
    expect(communityQuery(state, false)).toEqual({ kind: 'communityPosts', status: 'open', page: 2, perPage: 12 });
    expect(communityQuery(DEFAULT_COMMUNITY_LIST, true)).toEqual({ kind: 'communityPosts', page: 1, perPage: 12 });
  });
});
