/**
 * Tailoring services (issue 7, spec §1-4 and §9; docs/TAILORING.md): the three services and their 'from'
 * prices, the tailors' availability, booking statuses, the wire shapes (zod, used by the server's answers and
 * the client's checks of them), and the booking rules shared by the server and the booking form: errors are
 * codes, the English texts live in BOOKING_ERROR_MESSAGES (the server's answers), the UI translates the codes.
 */
import { z } from 'zod';
import { localizedTextSchema } from './catalog';

/** Spec §9: "Tailoring prices from 599 (custom suits), 49 (alterations), 299 (traditional wear) MAD". */
export const TAILORING_SERVICES = ['custom_suit', 'alterations', 'traditional_wear'] as const;
export type TailoringService = (typeof TAILORING_SERVICES)[number];

/** The 'from' price of each service in MAD (src/domain/money.ts: amounts with at most 2 decimals). */
export const SERVICE_PRICE_FROM: Record<TailoringService, number> = {
  custom_suit: 599,
  alterations: 49,
  traditional_wear: 299,
};

/** Spec §4: available (book an appointment), busy (join the waitlist), unavailable. */
export const TAILOR_AVAILABILITY = ['available', 'busy', 'unavailable'] as const;
export type TailorAvailability = (typeof TAILOR_AVAILABILITY)[number];

export const TAILOR_SPECIALTIES = ['kaftan', 'djellaba', 'takchita', 'jabador', 'suits', 'alterations'] as const;
export type TailorSpecialty = (typeof TAILOR_SPECIALTIES)[number];

/** requested: an appointment asked of an available tailor; waitlisted: joined a busy tailor's waitlist. */
export const BOOKING_STATUSES = ['requested', 'waitlisted'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Appointments start every 30 minutes from 09:00; the last one at 17:30 (the workshops close at 18:00). */
export const BOOKING_TIME_SLOTS: readonly string[] = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
export const BOOKING_NOTES_MAX = 500;
/** How far ahead an appointment may be asked. */
export const BOOKING_MAX_DAYS_AHEAD = 180;
/** Dates are the tailors' own calendar days: Morocco's. */
export const BOOKING_TIME_ZONE = 'Africa/Casablanca';

export const CLIENT_REF_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const epochMs = z.number().int().nonnegative();
const positiveId = z.number().int().positive();
const money = z.number().nonnegative().multipleOf(0.01);

export const tailorReviewSchema = z.object({
  id: positiveId,
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  created_at: epochMs,
});
export type TailorReview = z.infer<typeof tailorReviewSchema>;

export const tailorSchema = z.object({
  id: z.string().min(1).max(20),
  tailor_id: positiveId,
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  city: z.string(),
  location: z.string(),
  specialties: z.array(z.enum(TAILOR_SPECIALTIES)),
  experience_years: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5),
  reviews_count: z.number().int().nonnegative(),
  availability: z.enum(TAILOR_AVAILABILITY),
  /** In the asked language, else along the fallback chain (docs/CATALOGUE.md). */
  bio: z.string(),
  /** The bio in every language held (issue 22; absent from answers of servers before it). */
  bios: localizedTextSchema.optional(),
  /** The name of each of `specialties`, in the same order, in every language held (issue 22). */
  specialty_names: z.array(localizedTextSchema).optional(),
  image: z.string(),
  /** The latest reviews (at most TAILOR_REVIEWS_SHOWN), newest first. */
  reviews: z.array(tailorReviewSchema),
  updatedAt: epochMs,
});
export type Tailor = z.infer<typeof tailorSchema>;
export const TAILOR_REVIEWS_SHOWN = 5;

export const tailorListResponseSchema = z.object({ success: z.literal(true), data: z.array(tailorSchema) });

/** A booking as the server answers it and the personal pull `bookings` carries it. */
export const bookingSchema = z.object({
  /** The client's reference when the app made it, else the booking id as text. */
  id: z.string().min(1).max(100),
  booking_id: positiveId,
  tailor_id: positiveId,
  tailor_name: z.string(),
  tailor_city: z.string(),
  service: z.enum(TAILORING_SERVICES),
  date: z.string().regex(DATE_PATTERN).nullable(),
  time: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
  notes: z.string(),
  status: z.enum(BOOKING_STATUSES),
  price_from: money,
  currency: z.literal('MAD'),
  created_at: epochMs,
  updatedAt: epochMs,
});
export type Booking = z.infer<typeof bookingSchema>;

export type BookingErrorCode =
  | 'service_required'
  | 'service_invalid'
  | 'date_required'
  | 'date_invalid'
  | 'date_past'
  | 'date_too_far'
  | 'time_required'
  | 'time_invalid'
  | 'notes_too_long'
  | 'client_ref_invalid';

export type BookingField = 'service' | 'date' | 'time' | 'notes' | 'client_ref';

/** The server's English text for each code (the UI translates the code instead). */
export const BOOKING_ERROR_MESSAGES: Record<BookingErrorCode, string> = {
  service_required: 'Please choose a service.',
  service_invalid: 'The selected service is invalid.',
  date_required: 'Please choose a date.',
  date_invalid: 'The date is not valid.',
  date_past: 'The date must be today or later.',
  date_too_far: `The date must be within ${BOOKING_MAX_DAYS_AHEAD} days.`,
  time_required: 'Please choose a time.',
  time_invalid: 'Please choose a time between 09:00 and 17:30, on the hour or half hour.',
  notes_too_long: `The notes may not be greater than ${BOOKING_NOTES_MAX} characters.`,
  client_ref_invalid: 'The client ref is invalid.',
};

export interface BookingFieldError {
  field: BookingField;
  code: BookingErrorCode;
}

/** Today's date (YYYY-MM-DD) in Morocco. */
export function todayInMorocco(now: number): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: BOOKING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface ValidBooking {
  service: TailoringService;
  date: string | null;
  time: string | null;
  notes: string;
  client_ref: string | null;
}

/**
 * Checks a booking for a tailor of the given availability (available: date and time required; busy, a
 * waitlist: optional, checked when given). `now` dates "today" in Morocco. Every field's first error is listed.
 */
export function validateBooking(
  input: Record<string, unknown>,
  availability: Exclude<TailorAvailability, 'unavailable'>,
  now: number,
): { ok: true; value: ValidBooking } | { ok: false; errors: BookingFieldError[] } {
  const errors: BookingFieldError[] = [];
  const { service, date, time, notes, client_ref: clientRef } = input;
  if (blank(service)) errors.push({ field: 'service', code: 'service_required' });
  else if (typeof service !== 'string' || !(TAILORING_SERVICES as readonly string[]).includes(service)) errors.push({ field: 'service', code: 'service_invalid' });

  const appointment = availability === 'available';
  if (blank(date)) {
    if (appointment) errors.push({ field: 'date', code: 'date_required' });
  } else if (typeof date !== 'string' || !isCalendarDate(date.trim())) {
    errors.push({ field: 'date', code: 'date_invalid' });
  } else {
    const ahead = daysBetween(todayInMorocco(now), date.trim());
    if (ahead < 0) errors.push({ field: 'date', code: 'date_past' });
    else if (ahead > BOOKING_MAX_DAYS_AHEAD) errors.push({ field: 'date', code: 'date_too_far' });
  }
  if (blank(time)) {
    if (appointment) errors.push({ field: 'time', code: 'time_required' });
  } else if (typeof time !== 'string' || !BOOKING_TIME_SLOTS.includes(time.trim())) {
    errors.push({ field: 'time', code: 'time_invalid' });
  }
  if (notes !== undefined && notes !== null && (typeof notes !== 'string' || notes.trim().length > BOOKING_NOTES_MAX)) {
    errors.push({ field: 'notes', code: 'notes_too_long' });
  }
  if (clientRef !== undefined && clientRef !== null && (typeof clientRef !== 'string' || !CLIENT_REF_PATTERN.test(clientRef))) {
    errors.push({ field: 'client_ref', code: 'client_ref_invalid' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      service: service as TailoringService,
      date: blank(date) ? null : (date as string).trim(),
      time: blank(time) ? null : (time as string).trim(),
      notes: typeof notes === 'string' ? notes.trim() : '',
      client_ref: typeof clientRef === 'string' ? clientRef : null,
    },
  };
}
