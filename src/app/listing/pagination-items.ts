/** The page buttons to show: first, last, the current page and its neighbours, with gaps. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

export function paginationItems(page: number, lastPage: number, neighbours = 1): PageItem[] {
  if (lastPage <= 1) return [];
  const wanted = new Set<number>([1, lastPage]);
  for (let p = page - neighbours; p <= page + neighbours; p++) if (p >= 1 && p <= lastPage) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev > 1) {
      // A gap of exactly one page is shown as that page, not as an ellipsis.
      if (p - prev === 2) items.push({ kind: 'page', page: prev + 1 });
      else items.push({ kind: 'gap', key: `gap-${prev}` });
    }
    items.push({ kind: 'page', page: p });
  });
  return items;
}
