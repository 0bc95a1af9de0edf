/**
 * The tailoring queries (docs/TAILORING.md): the cached tailors (filtered like GET /api/v1/tailors, in its
 * order), one tailor by id or slug, and the signed-in user's bookings, newest first, each with its
 * booking_create entry while that is unsettled or refused (so a refusal shows on the booking).
 */
import { combineLatest, map, type Observable } from 'rxjs';
import type { Tailor } from '../../domain/tailoring';
import type { BookingView, DataQuery, LocalBooking, TailorsView } from '../../workers/data-api';
import { plainBooking } from '../bookings';
import type { SoukDatabase } from '../database';
import type { OutboxEntry } from '../outbox-entry';
import { readTailorsCache, tailorIn, watchTailorsCache } from '../tailors-cache';
import { distinctResults } from './live';

type TailorsQuery = Extract<DataQuery, { kind: 'tailors' }>;
type BookingsQuery = Extract<DataQuery, { kind: 'bookings' }>;

export function filterTailors(view: TailorsView, q: Omit<TailorsQuery, 'kind'>): TailorsView {
  const keep = (t: Tailor) =>
    (q.city === undefined || t.city === q.city) &&
    (q.specialty === undefined || t.specialties.includes(q.specialty)) &&
    (q.availability === undefined || t.availability === q.availability);
  return { fetchedAt: view.fetchedAt, tailors: view.tailors.filter(keep) };
}

export const findTailors = async (db: SoukDatabase, q: TailorsQuery): Promise<TailorsView> => filterTailors(await readTailorsCache(db), q);
export const watchTailors = (db: SoukDatabase, q: TailorsQuery): Observable<TailorsView> =>
  watchTailorsCache(db).pipe(
    map((view) => filterTailors(view, q)),
    distinctResults(),
  );

export const findTailor = async (db: SoukDatabase, idOrSlug: string): Promise<Tailor | null> => tailorIn(await readTailorsCache(db), idOrSlug);
export const watchTailor = (db: SoukDatabase, idOrSlug: string): Observable<Tailor | null> =>
  watchTailorsCache(db).pipe(
    map((view) => tailorIn(view, idOrSlug)),
    distinctResults(),
  );

function bookingViews(bookings: readonly LocalBooking[], entries: readonly OutboxEntry[], q: BookingsQuery): BookingView[] {
  return bookings
    .filter((b) => q.tailorId === undefined || b.tailor_id === q.tailorId)
    .map((b) => {
      // The latest entry for this booking (a retry is a new entry on the same target).
      const entry = entries.filter((e) => e.target === b.id && e.state !== 'done').at(-1) ?? null;
      return { ...b, entryId: entry?.id ?? null, failure: entry?.failure ?? null };
    })
    .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const bookingEntries = (db: SoukDatabase) => db.outbox.find({ selector: { kind: { $eq: 'booking_create' } }, sort: [{ createdAt: 'asc' }] });

export async function findBookings(db: SoukDatabase, q: BookingsQuery): Promise<BookingView[]> {
  const [bookings, entries] = await Promise.all([db.bookings.find().exec(), bookingEntries(db).exec()]);
  return bookingViews(
    bookings.map(plainBooking),
    entries.map((e) => e.toMutableJSON()),
    q,
  );
}

export function watchBookings(db: SoukDatabase, q: BookingsQuery): Observable<BookingView[]> {
  return combineLatest([db.bookings.find().$, bookingEntries(db).$]).pipe(
    map(([bookings, entries]) =>
      bookingViews(
        bookings.map(plainBooking),
        entries.map((e) => e.toMutableJSON()),
        q,
      ),
    ),
    distinctResults(),
  );
}
