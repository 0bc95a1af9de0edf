/**
 * Community list state ⇄ URL query (docs/COMMUNITY.md: status, category, search, mine, pages of 12). The state
 * lives in the URL so the list survives a reload and the back button; unknown or malformed values are dropped
 * and defaults are left out.
 *
 *   /community?status=open&category=shoes&q=caftan&mine=1&page=2
 */
import { COMMUNITY_PAGE_SIZE, POST_CATEGORIES, POST_STATUSES, type PostCategory, type PostStatus } from '../../domain/community';
import type { DataQuery } from '../../workers/data-api';

export interface CommunityListState {
  status: PostStatus | 'all';
  category: PostCategory | 'all';
  search: string;
  /** The signed-in user's own requests ('My requests'). */
  mine: boolean;
  page: number;
}

const MAX_SEARCH = 100;
const MAX_PAGE = 10_000;

export const DEFAULT_COMMUNITY_LIST: CommunityListState = { status: 'all', category: 'all', search: '', mine: false, page: 1 };

export function isPostStatus(value: unknown): value is PostStatus {
  return typeof value === 'string' && (POST_STATUSES as readonly string[]).includes(value);
}

export function isPostCategory(value: unknown): value is PostCategory {
  return typeof value === 'string' && (POST_CATEGORIES as readonly string[]).includes(value);
}

export function parseCommunitySearch(search: string): CommunityListState {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const category = params.get('category');
  const page = Number(params.get('page'));
  return {
    status: isPostStatus(status) ? status : 'all',
    category: isPostCategory(category) ? category : 'all',
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    mine: params.get('mine') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function serializeCommunityState(state: CommunityListState): string {
  const params = new URLSearchParams();
  if (state.mine) params.set('mine', '1');
  if (state.status !== 'all') params.set('status', state.status);
  if (state.category !== 'all') params.set('category', state.category);
  const search = state.search.trim();
  if (search) params.set('q', search.slice(0, MAX_SEARCH));
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** A change of tab, filter or search starts again on page 1. */
export function withCommunityFilters(
  state: CommunityListState,
  change: Partial<Omit<CommunityListState, 'page'>>,
): CommunityListState {
  return { ...state, ...change, page: 1 };
}

/** The local query for a state; 'mine' only for a signed-in user (a guest sees every request). */
export function communityQuery(state: CommunityListState, signedIn: boolean): Extract<DataQuery, { kind: 'communityPosts' }> {
  return {
    kind: 'communityPosts',
    ...(state.status !== 'all' ? { status: state.status } : {}),
    ...(state.category !== 'all' ? { category: state.category } : {}),
    ...(state.mine && signedIn ? { mine: true } : {}),
    ...(state.search ? { search: state.search } : {}),
    page: state.page,
    perPage: COMMUNITY_PAGE_SIZE,
  };
}
