/**
 * Tailoring bookings on the local database (docs/TAILORING.md), like community posts: a booking is written at
 * once (`local_state: 'queued'`, id = its client ref, booking_id 0, status by the tailor's availability as this
 * device knows it) next to its outbox entry (`booking_create`: POST /api/v1/tailors/{id}/bookings with
 * client_ref). The server's 2xx answer settles it at once (accepted), the pull brings the same under the same
 * id; a refusal (409 TAILOR_UNAVAILABLE, 422, 404) marks it 'failed', kept and shown with the reason until the
 * user discards it in the sync centre (dismiss removes it then); retry queues it again.
 */
import { SERVICE_PRICE_FROM, validateBooking, type Tailor } from '../domain/tailoring';
import { bookingSchema } from '../domain/tailoring';
import type { LocalBooking, NewBookingInput } from '../workers/data-api';
import { answerData, plainDoc } from './community';
import type { SoukDatabase } from './database';
import { newEntry, type Accepted, type Dismiss, type OutboxEntry, type Reapply, type Rollback } from './outbox';

/** Why a booking could not even be queued. */
export class BookingError extends Error {
  constructor(
    readonly code: 'VALIDATION' | 'TAILOR_NOT_FOUND' | 'TAILOR_UNAVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'BookingError';
  }
}

/** Queues a booking with `tailor` (from the local cache); resolves with the local booking and the entry. */
export async function queueBooking(
  db: SoukDatabase,
  tailor: Tailor | null,
  input: NewBookingInput,
  now: number = Date.now(),
): Promise<{ booking: LocalBooking; entry: OutboxEntry }> {
  if (tailor === null) throw new BookingError('TAILOR_NOT_FOUND', 'Tailor not found');
  if (tailor.availability === 'unavailable') throw new BookingError('TAILOR_UNAVAILABLE', 'This tailor is not taking bookings at the moment.');
  const id = crypto.randomUUID();
  const checked = validateBooking({ service: input.service, date: input.date, time: input.time, notes: input.notes, client_ref: id }, tailor.availability, now);
  if (!checked.ok) throw new BookingError('VALIDATION', checked.errors.map((e) => e.code).join(','));
  const v = checked.value;
  const body = { service: v.service, date: v.date, time: v.time, notes: v.notes, client_ref: id };
  const booking: LocalBooking = {
    id,
    booking_id: 0,
    tailor_id: tailor.tailor_id,
    tailor_name: tailor.name,
    tailor_city: tailor.city,
    service: v.service,
    date: v.date,
    time: v.time,
    notes: v.notes,
    status: tailor.availability === 'available' ? 'requested' : 'waitlisted',
    price_from: SERVICE_PRICE_FROM[v.service],
    currency: 'MAD',
    created_at: now,
    updatedAt: 0,
    local_state: 'queued',
  };
  const entry = await newEntry(
    db,
    { method: 'POST', path: `/api/v1/tailors/${tailor.tailor_id}/bookings`, body: JSON.stringify(body), kind: 'booking_create', target: id, undo: null, auth: 'user' },
    now,
  );
  await db.outbox.insert(entry);
  await db.bookings.insert(booking);
  return { booking, entry };
}

async function setState(db: SoukDatabase, id: string, from: LocalBooking['local_state'], to: LocalBooking['local_state']): Promise<void> {
  const doc = await db.bookings.findOne(id).exec();
  if (doc && doc.local_state === from) await doc.incrementalPatch({ local_state: to });
}

/** Refused: the booking stays, marked failed (the booking and the sync centre say why). */
export const rollbackBookingChange: Rollback = (db, entry) => setState(db, entry.target, 'queued', 'failed');

/** Retry: queued again. */
export const reapplyBookingChange: Reapply = async (db, entry) => {
  await setState(db, entry.target, 'failed', 'queued');
  return entry.undo;
};

/** Accepted (201/200 {data: Booking}): the booking becomes the server's at once, unless the pull came first. */
export const acceptedBookingChange: Accepted = async (db, entry, answer) => {
  const parsed = bookingSchema.safeParse(answerData(answer));
  if (!parsed.success || parsed.data.id !== entry.target) return entry.undo;
  const server: LocalBooking = { ...parsed.data, local_state: 'confirmed' };
  const doc = await db.bookings.findOne(entry.target).exec();
  if (doc && doc.local_state !== 'confirmed') await doc.incrementalModify((old) => (old.local_state === 'confirmed' ? old : server));
  return entry.undo;
};

/** Discarded: a refused booking leaves the list (never a confirmed one: that is the server's). */
export const dismissBookingChange: Dismiss = async (db, entry) => {
  const doc = await db.bookings.findOne(entry.target).exec();
  if (doc && doc.local_state === 'failed') await doc.remove();
};

/** A stored booking as a plain object. */
export const plainBooking = (d: { toJSON(): unknown }): LocalBooking => plainDoc<LocalBooking>(d);
