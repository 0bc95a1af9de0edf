/**
 * RxDB schema of `bookings` (docs/TAILORING.md): the wire Booking (src/domain/tailoring.ts) plus `local_state`
 * (confirmed: from the server; queued: made here, not yet accepted; failed: refused). The id is the client
 * ref of a booking made in the app, so the pulled booking replaces the optimistic one
 * (GET /api/sync/bookings/pull). Personal, wiped at logout. A user has few: lists are sorted in memory.
 */
import type { RxJsonSchema } from 'rxdb';
import { z } from 'zod';
import { BOOKING_STATUSES, bookingSchema, TAILORING_SERVICES } from '../../domain/tailoring';
import type { LocalBooking } from '../../workers/data-api';
import { enumStr, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, money, str } from './json-schema-parts';

export const BOOKING_LOCAL_STATES = ['confirmed', 'queued', 'failed'] as const;

/** A booking made here has no server id yet: booking_id 0 until the server's answer or the pull. */
export const localBookingDocSchema = bookingSchema.extend({
  booking_id: z.number().int().nonnegative(),
  local_state: z.enum(BOOKING_LOCAL_STATES),
});

const nullableStr = () => ({ type: ['string', 'null'] });

export const bookingRxSchema: RxJsonSchema<LocalBooking> = {
  title: 'bookings',
  description: "The signed-in user's tailoring bookings, with the ones made here and not yet confirmed (personal).",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    booking_id: int(0, MAX_NUMERIC_ID),
    tailor_id: int(1, MAX_NUMERIC_ID),
    tailor_name: str(),
    tailor_city: str(),
    service: enumStr(TAILORING_SERVICES),
    date: nullableStr(),
    time: nullableStr(),
    notes: str(),
    status: enumStr(BOOKING_STATUSES),
    price_from: money(),
    currency: { type: 'string', enum: ['MAD'] },
    created_at: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
    local_state: enumStr(BOOKING_LOCAL_STATES),
  },
  required: [
    'id', 'booking_id', 'tailor_id', 'tailor_name', 'tailor_city', 'service', 'date', 'time', 'notes', 'status',
    'price_from', 'currency', 'created_at', 'updatedAt', 'local_state',
  ],
  additionalProperties: false,
};
