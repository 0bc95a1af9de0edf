/** Helpers for live results. */
import { distinctUntilChanged, map, Observable } from 'rxjs';

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

/**
 * What liveRead needs of a source: a stream that emits after each batch of committed writes
 * (a collection's eventBulks$, or the listing index's changes$, which emits once it has applied them).
 */
export interface ChangeSource {
  eventBulks$: Observable<unknown>;
}

/**
 * After this many reads in a row spoiled by concurrent writes, the last read is
 * emitted anyway: under a continuous stream of writes (an initial sync) the UI
 * still moves forward, and the read after the burst is consistent again.
 */
export const MAX_SPOILED_READS = 3;

/**
 * A live result made of several reads (a page and its count, or two queries in
 * a row). Reactive queries combined with combineLatest re-run independently
 * and can pair a new page with an old total (tests/db/live-queries showed it
 * under load), so instead: read everything, and emit only if no write was
 * committed to the collection meanwhile (the signal RxDB itself uses to check
 * its query results: eventBulks$); otherwise read again. Writes that arrive
 * while a read runs are coalesced into one more read.
 */
export function liveRead<R>(collection: ChangeSource, read: () => Promise<R>): Observable<R> {
  return new Observable<R>((subscriber) => {
    let version = 0;
    let dirty = true;
    let running = false;
    let closed = false;

    const run = async () => {
      if (running) return;
      running = true;
      let spoiled = 0;
      try {
        while (dirty && !closed) {
          dirty = false;
          const before = version;
          const result = await read();
          if (closed) return;
          if (version === before || spoiled >= MAX_SPOILED_READS) {
            spoiled = 0;
            subscriber.next(result);
          } else {
            spoiled += 1;
            dirty = true;
          }
        }
      } catch (error) {
        subscriber.error(error);
      } finally {
        running = false;
      }
    };

    const sub = collection.eventBulks$.subscribe(() => {
      version += 1;
      dirty = true;
      void run();
    });
    void run();
    return () => {
      closed = true;
      sub.unsubscribe();
    };
  }).pipe(distinctResults());
}
