/** Helpers for live results built from one or more RxDB reactive queries. */
import { combineLatest, debounceTime, distinctUntilChanged, map, type Observable } from 'rxjs';

/**
 * When a result is made of several reactive queries (a page and its count),
 * each re-runs on its own after a write and they emit a few milliseconds apart.
 * Waiting this long for the others avoids handing the UI a page whose total is
 * one write behind.
 */
export const LIVE_SETTLE_MS = 8;

/** Emits only results that differ (deep, by JSON) from the previous one. */
export function distinctResults<T>() {
  return (source: Observable<T>): Observable<T> => {
    return source.pipe(
      map((value) => ({ value, key: JSON.stringify(value) })),
      distinctUntilChanged((a, b) => a.key === b.key),
      map(({ value }) => value),
    );
  };
}

/** combineLatest of several live queries, settled, combined and de-duplicated. */
export function combineLive<A, B, R>(a$: Observable<A>, b$: Observable<B>, combine: (a: A, b: B) => R): Observable<R> {
  return combineLatest([a$, b$]).pipe(
    debounceTime(LIVE_SETTLE_MS),
    map(([a, b]) => combine(a, b)),
    distinctResults<R>(),
  );
}
