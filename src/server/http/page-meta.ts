/** The `meta` of paged list replies (spec §7): which page, how many, of how many. */

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export function pageMeta(page: { page: number; lastPage: number; perPage: number; total: number }): PageMeta {
  return { current_page: page.page, last_page: page.lastPage, per_page: page.perPage, total: page.total };
}
