/**
 * Tailoring services (docs/TAILORING.md): the public tailors (list with filters, one by id or slug), a
 * signed-in user's booking (an appointment with an available tailor, 201 'requested'; the waitlist of a busy
 * one, 201 'waitlisted'; an unavailable tailor 409 TAILOR_UNAVAILABLE; bad fields 422 VALIDATION; unknown
 * tailor 404), their bookings, and the personal pull `bookings`. Idempotency-Key works as on every write
 * (plugins/idempotency.ts); a booking sent again with the same client_ref answers the first (200).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BOOKING_ERROR_MESSAGES, TAILOR_AVAILABILITY, TAILOR_SPECIALTIES } from '../../domain/tailoring';
import { pullQuerySchema } from '../../sync/protocol';
import { requireAuth } from '../auth/guards';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { NO_STORE, publicFor } from '../http/cache-control';
import { enumParam, locale, text } from '../http/query-params';
import { requestLanguage } from '../http/request-language';
import { parseRequest } from '../http/validation';
import { refuseNulText } from './contact-body';
import { storableCheckpointSchema } from './sync-pull';

/** Far above any valid booking (a few short fields and 500 characters of notes). */
const BOOKING_BODY_LIMIT = 16 * 1024;

const listQuerySchema = z.object({
  city: text(60).optional(),
  specialty: enumParam(TAILOR_SPECIALTIES).optional(),
  availability: enumParam(TAILOR_AVAILABILITY).optional(),
  locale: locale.optional(),
});
const oneQuerySchema = z.object({ locale: locale.optional() });

/** Known fields only; their values are checked by validateBooking (domain), with its codes. */
const bookingBodySchema = z.object({
  service: z.unknown().optional(),
  date: z.unknown().optional(),
  time: z.unknown().optional(),
  notes: z.unknown().optional(),
  client_ref: z.unknown().optional(),
});

export async function tailoringRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/tailors', async (request, reply) => {
    const q = parseRequest(listQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const data = await app.repos.tailors.list({ city: q.city?.trim() || undefined, specialty: q.specialty, availability: q.availability }, language);
    reply.header('cache-control', publicFor(60));
    return { success: true, data };
  });

  app.get<{ Params: { id: string } }>('/api/v1/tailors/:id', async (request, reply) => {
    parseRequest(oneQuerySchema, 'query', request.query);
    const language = requestLanguage(request, reply);
    const raw = request.params.id;
    const id = parseId(raw);
    const tailor =
      id !== null ? await app.repos.tailors.find({ id }, language) : /^[a-z0-9-]{1,100}$/.test(raw) ? await app.repos.tailors.find({ slug: raw }, language) : null;
    if (!tailor) throw new ApiError('TAILOR_NOT_FOUND');
    reply.header('cache-control', publicFor(60));
    return { success: true, data: tailor };
  });

  app.post<{ Params: { id: string } }>('/api/v1/tailors/:id/bookings', { bodyLimit: BOOKING_BODY_LIMIT }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    const tailorId = parseId(request.params.id);
    if (tailorId === null) throw new ApiError('TAILOR_NOT_FOUND');
    const body = parseBody(bookingBodySchema, request.body);
    refuseNulText(body);
    const outcome = await app.repos.bookings.create({ userId: me.userId, tailorId, body, now: app.authOptions.now() });
    switch (outcome.kind) {
      case 'tailor_not_found':
        throw new ApiError('TAILOR_NOT_FOUND');
      case 'unavailable':
        throw new ApiError('TAILOR_UNAVAILABLE');
      case 'invalid': {
        const errors = outcome.errors.map((e) => ({ parameter: e.field, code: e.code, message: BOOKING_ERROR_MESSAGES[e.code] }));
        throw new ApiError('VALIDATION', { message: errors[0]?.message ?? 'The given data was invalid.', errors });
      }
      case 'created':
      case 'existing':
        return reply.code(outcome.kind === 'created' ? 201 : 200).send({
          success: true,
          message: outcome.booking.status === 'requested' ? 'Booking requested' : 'Added to the waitlist',
          data: outcome.booking,
        });
    }
  });

  app.get('/api/v1/bookings', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    return { success: true, data: await app.repos.bookings.list(me.userId) };
  });

  // The personal `bookings` collection (src/sync/protocol.ts): a static path, ahead of /api/sync/:collection/pull.
  app.get('/api/sync/bookings/pull', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const me = requireAuth(request);
    const q = parseRequest(pullQuerySchema, 'query', request.query);
    parseRequest(storableCheckpointSchema, 'query', { updatedAt: q.updatedAt, id: q.id });
    const after = q.updatedAt !== undefined && q.id !== undefined ? { updatedAt: q.updatedAt, id: q.id } : null;
    return app.repos.bookings.pull(me.userId, { after, limit: q.limit });
  });
}
