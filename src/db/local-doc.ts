/**
 * A database-level local document as an observable: null or the document now, then again after each
 * write to that document (this tab's or, with multiInstance, another tab's).
 *
 * Use it instead of RxDB's `db.getLocal$(id)`: that one follows `db.$`, every change event of every
 * collection one by one, through two `mergeMap(async …)` per subscriber. During a first sync that is an
 * inner subscription per synced document and subscriber, released with an indexOf + splice on an array
 * holding the whole batch: profiled in Chromium, 1.7 s of the data worker's 12 s of work for 20,000
 * products (bench/browser, first sync). This one looks only at local-document bulks of the database.
 */
import { concatMap, filter, startWith, type Observable } from 'rxjs';
import type { RxLocalDocument } from 'rxdb';
import type { SoukDatabase } from './database';

export function localDoc$<Data = unknown>(
  db: SoukDatabase,
  id: string,
): Observable<RxLocalDocument<SoukDatabase, Data> | null> {
  return db.eventBulks$.pipe(
    // Database-level local documents carry no collectionName (a collection's own local documents do).
    filter((bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((e) => e.documentId === id)),
    startWith(null),
    // In order, one read at a time: the last emission is the document after the last write.
    concatMap(() => db.getLocal<Data>(id)),
  );
}
