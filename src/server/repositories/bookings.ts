/**
 * Bookings (docs/TAILORING.md): a signed-in user's appointment request with an available tailor
 * ('requested') or place on a busy tailor's waitlist ('waitlisted'); an unavailable tailor takes none. One
 * booking per (user, client_ref): a booking sent again under a new Idempotency-Key answers the first
 * ('existing'), like orders. Written in a transaction that holds the bookings clock (an advisory lock on
 * PostgreSQL, BEGIN IMMEDIATE on SQLite), so updated_at strictly increases and the personal pull
 * (`bookings`, paged by (updated_at, id as text)) never skips one; the owner's streams are poked after COMMIT.
 */
import { sql } from 'kysely';
import { fromCentimes, toCentimes } from '../../domain/money';
import { SERVICE_PRICE_FROM, validateBooking, type Booking, type BookingFieldError, type BookingStatus, type TailoringService } from '../../domain/tailoring';
import type { PullResponse } from '../../sync/protocol';
import type { Database } from '../db/database';
import { clientDocId } from '../db/id-text';
import type { BookingsTable } from '../db/schema';
import { writeTransaction, type Tx } from '../db/write-transaction';
import type { Selectable } from 'kysely';
import { afterCheckpoint, runPersonalPull } from './personal-pull';
import type { PullRequest } from './sync-pull';
import { isUniqueViolation } from './users';

const BOOKINGS_LOCK_KEY = 7_310_301;

type BookingRow = Selectable<BookingsTable>;

export type CreateBookingOutcome =
  | { kind: 'created'; booking: Booking }
  | { kind: 'existing'; booking: Booking }
  | { kind: 'tailor_not_found' }
  | { kind: 'unavailable' }
  | { kind: 'invalid'; errors: BookingFieldError[] };

export interface NewBookingInput {
  userId: number;
  tailorId: number;
  body: Record<string, unknown>;
  now: number;
}

async function toBookingDocs(tx: Tx, rows: BookingRow[]): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => Number(r.tailor_id)))];
  const tailors = await tx.selectFrom('tailors').select(['id', 'name', 'city']).where('id', 'in', ids).execute();
  const byId = new Map(tailors.map((t) => [Number(t.id), t]));
  return rows.map((r) => {
    const tailor = byId.get(Number(r.tailor_id));
    return {
      id: r.client_ref ?? String(r.id),
      booking_id: Number(r.id),
      tailor_id: Number(r.tailor_id),
      tailor_name: tailor?.name ?? '',
      tailor_city: tailor?.city ?? '',
      service: r.service as TailoringService,
      date: r.date,
      time: r.time,
      notes: r.notes,
      status: r.status as BookingStatus,
      price_from: fromCentimes(Number(r.price_from_cents)),
      currency: 'MAD' as const,
      created_at: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  });
}

async function nextStamp(db: Database, tx: Tx, now: number): Promise<number> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${BOOKINGS_LOCK_KEY})`.execute(tx);
  const row = await tx.selectFrom('bookings').select((eb) => eb.fn.max<number | null>('updated_at').as('last')).executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  return Math.max(now, last + 1);
}

async function byClientRef(tx: Tx, userId: number, clientRef: string): Promise<Booking | null> {
  const row = await tx.selectFrom('bookings').selectAll().where('user_id', '=', userId).where('client_ref', '=', clientRef).executeTakeFirst();
  return row ? ((await toBookingDocs(tx, [row]))[0] ?? null) : null;
}

async function createOnce(db: Database, input: NewBookingInput): Promise<CreateBookingOutcome> {
  const outcome = await writeTransaction(db, [], async (tx): Promise<CreateBookingOutcome> => {
    const tailor = await tx.selectFrom('tailors').select(['id', 'availability']).where('id', '=', input.tailorId).where('deleted', '=', 0).executeTakeFirst();
    if (!tailor) return { kind: 'tailor_not_found' };
    const clientRef = typeof input.body.client_ref === 'string' ? input.body.client_ref : null;
    if (clientRef !== null) {
      const existing = await byClientRef(tx, input.userId, clientRef);
      if (existing) return { kind: 'existing', booking: existing };
    }
    if (tailor.availability === 'unavailable') return { kind: 'unavailable' };
    const availability = tailor.availability === 'busy' ? 'busy' : 'available';
    const checked = validateBooking(input.body, availability, input.now);
    if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
    const v = checked.value;
    const updatedAt = await nextStamp(db, tx, input.now);
    const row = await tx
      .insertInto('bookings')
      .values({
        user_id: input.userId,
        tailor_id: input.tailorId,
        client_ref: v.client_ref,
        service: v.service,
        date: v.date,
        time: v.time,
        notes: v.notes,
        status: availability === 'available' ? 'requested' : 'waitlisted',
        price_from_cents: toCentimes(SERVICE_PRICE_FROM[v.service]),
        created_at: input.now,
        updated_at: updatedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [booking] = await toBookingDocs(tx, [row]);
    if (!booking) throw new Error('booking not read back');
    return { kind: 'created', booking };
  });
  if (outcome.kind === 'created') {
    db.changes.publish({ collection: 'bookings', userId: input.userId, checkpoint: { updatedAt: outcome.booking.updatedAt, id: outcome.booking.id } });
  }
  return outcome;
}

export async function createBooking(db: Database, input: NewBookingInput): Promise<CreateBookingOutcome> {
  try {
    return await createOnce(db, input);
  } catch (error) {
    // The same booking sent twice at once: the first committed, answer it.
    const clientRef = input.body.client_ref;
    if (typeof clientRef !== 'string' || !isUniqueViolation(error)) throw error;
    const found = await writeTransaction(db, [], (tx) => byClientRef(tx, input.userId, clientRef));
    if (found === null) throw error;
    return { kind: 'existing', booking: found };
  }
}

/** The user's bookings, newest first. */
export async function listBookings(db: Database, userId: number): Promise<Booking[]> {
  const rows = await db.kysely.selectFrom('bookings').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return toBookingDocs(db.kysely, rows);
}

/** The personal `bookings` pull: the caller's own, strictly after the checkpoint; never deleted. */
export function pullBookings(db: Database, userId: number, req: PullRequest): Promise<PullResponse<'bookings'>> {
  const id = clientDocId(db.dialect, 'bookings');
  return runPersonalPull<Booking>(db, req, {
    after: (checkpoint) => afterCheckpoint('bookings.updated_at', id, checkpoint),
    async read(tx, where, limit) {
      const rows = await tx.selectFrom('bookings').selectAll().where('user_id', '=', userId).where(where).orderBy('updated_at').orderBy(id).limit(limit).execute();
      return (await toBookingDocs(tx, rows)).map((d) => ({ ...d, _deleted: false }));
    },
    async count(tx, where) {
      const row = await tx.selectFrom('bookings').where('user_id', '=', userId).where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
