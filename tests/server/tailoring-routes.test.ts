/**
 * Tailoring services (docs/TAILORING.md) over a real server on a real SQLite file with the demo seed: the
 * tailors (list, filters, one by id or slug, 404), bookings by availability (available → requested, busy →
 * waitlisted, unavailable → 409), the exact field errors (422), 401 for guests, 404 for an unknown tailor,
 * the same Idempotency-Key or client_ref creating one booking, NUL refused, GET /api/v1/bookings (own only)
 * and the personal pull `bookings` with its poke.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, tailorSchema, type Booking, type Tailor } from '../../src/domain/tailoring';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { DEMO_TAILORS } from '../../src/server/seed/seed-tailors';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';
import { dayInMorocco, tomorrowInMorocco } from '../helpers/tailoring';

interface Answer {
  success?: boolean;
  code?: string;
  message?: string;
  data?: unknown;
  errors?: { parameter: string; code?: string; message: string }[];
}

let server: AuthServer;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
let tailors: Tailor[];
const V1 = '/api/v1';

beforeAll(async () => {
  server = await startAuthServer({ products: 10 });
  const a = await registerUser(server.url);
  buyer = { token: a.token, id: Number(a.user.id) };
  const b = await registerUser(server.url);
  other = { token: b.token, id: Number(b.user.id) };
  const list = await requestJson<Answer>(server.url, 'GET', `${V1}/tailors`);
  tailors = (list.body.data as unknown[]).map((t) => tailorSchema.parse(t));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, token?: string | null, headers: Record<string, string> = {}) =>
  requestJson<Answer>(server.url, method, path, body, { ...(token ? authHeaders(token) : {}), ...headers });

const tailorIn = (availability: Tailor['availability']): Tailor => {
  const t = tailors.find((x) => x.availability === availability);
  if (!t) throw new Error(`no ${availability} tailor`);
  return t;
};
const book = (tailor: Tailor, body: Record<string, unknown>, token: string | null = buyer.token, headers: Record<string, string> = {}) =>
  call('POST', `${V1}/tailors/${tailor.tailor_id}/bookings`, body, token, headers);
const appointment = (patch: Record<string, unknown> = {}) => ({ service: 'custom_suit', date: tomorrowInMorocco(), time: '10:30', notes: 'Navy wool, two buttons.', client_ref: randomUUID(), ...patch });

describe('GET /api/v1/tailors', () => {
  it('lists the seeded tailors with every availability, available first', () => {
    expect(tailors).toHaveLength(DEMO_TAILORS.length);
    expect(new Set(tailors.map((t) => t.availability))).toEqual(new Set(['available', 'busy', 'unavailable']));
    const order = tailors.map((t) => ['available', 'busy', 'unavailable'].indexOf(t.availability));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const fes = tailors.find((t) => t.slug === 'atelier-benjelloun-fes');
    expect(fes).toMatchObject({ city: 'Fès', experience_years: 32, reviews_count: 3, rating: 4.7, image: `/media/tailors/${fes?.tailor_id}.svg` });
    expect(fes?.reviews.map((r) => r.author)).toEqual(['Salma R.', 'Youssef A.', 'Nadia K.']);
  });

  it('filters by city, specialty and availability; refuses an unknown specialty', async () => {
    const byCity = await call('GET', `${V1}/tailors?city=${encodeURIComponent('Fès')}`);
    expect((byCity.body.data as Tailor[]).map((t) => t.slug)).toEqual(['atelier-benjelloun-fes']);
    const suits = await call('GET', `${V1}/tailors?specialty=suits`);
    const suitSlugs = (suits.body.data as Tailor[]).map((t) => t.slug).sort();
    expect(suitSlugs).toEqual(DEMO_TAILORS.filter((t) => t.specialties.includes('suits')).map((t) => t.slug).sort());
    const busy = await call('GET', `${V1}/tailors?availability=busy`);
    expect((busy.body.data as Tailor[]).every((t) => t.availability === 'busy')).toBe(true);
    expect((busy.body.data as Tailor[]).length).toBe(DEMO_TAILORS.filter((t) => t.availability === 'busy').length);
    const bad = await call('GET', `${V1}/tailors?specialty=hats`);
    expect(bad.status).toBe(400);
  });

  it('answers one tailor by id or slug, and 404 TAILOR_NOT_FOUND otherwise', async () => {
    const t = tailorIn('busy');
    const byId = await call('GET', `${V1}/tailors/${t.tailor_id}`);
    expect(byId.status).toBe(200);
    expect(tailorSchema.parse(byId.body.data)).toEqual(t);
    const bySlug = await call('GET', `${V1}/tailors/${t.slug}`);
    expect((bySlug.body.data as Tailor).tailor_id).toBe(t.tailor_id);
    for (const missing of ['999999', 'no-such-tailor', '0']) {
      const r = await call('GET', `${V1}/tailors/${missing}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('TAILOR_NOT_FOUND');
    }
  });

  it("serves the tailor's portrait", async () => {
    const t = tailorIn('available');
    const res = await fetch(`${server.url}${t.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${server.url}/media/tailors/999999.svg`)).status).toBe(404);
  });
});

describe('POST /api/v1/tailors/:id/bookings', () => {
  it('books an available tailor: 201 requested with the service’s from price, stored once', async () => {
    const t = tailorIn('available');
    const body = appointment();
    const r = await book(t, body);
    expect(r.status).toBe(201);
    const booking = bookingSchema.parse(r.body.data);
    expect(booking).toMatchObject({ id: body.client_ref, tailor_id: t.tailor_id, tailor_name: t.name, service: 'custom_suit', status: 'requested', price_from: 599, date: body.date, time: '10:30', notes: 'Navy wool, two buttons.' });
    const rows = await server.db.kysely.selectFrom('bookings').selectAll().where('client_ref', '=', body.client_ref).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.user_id)).toBe(buyer.id);
    expect(Number(rows[0]?.price_from_cents)).toBe(59_900);
  });

  it('puts the buyer on a busy tailor’s waitlist: 201 waitlisted, date and time optional', async () => {
    const t = tailorIn('busy');
    const r = await book(t, { service: 'traditional_wear', notes: 'A kaftan for Eid.', client_ref: randomUUID() });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'waitlisted', date: null, time: null, price_from: 299, service: 'traditional_wear' });
    expect(r.body.message).toBe('Added to the waitlist');
  });

  it('refuses an unavailable tailor with 409 TAILOR_UNAVAILABLE and writes nothing', async () => {
    const t = tailorIn('unavailable');
    const before = await server.db.kysely.selectFrom('bookings').select('id').execute();
    const r = await book(t, appointment());
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, code: 'TAILOR_UNAVAILABLE', message: 'This tailor is not taking bookings at the moment.' });
    expect(await server.db.kysely.selectFrom('bookings').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 404 for an unknown tailor and 401 for a guest', async () => {
    const r = await call('POST', `${V1}/tailors/999999/bookings`, appointment(), buyer.token);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('TAILOR_NOT_FOUND');
    const slug = await call('POST', `${V1}/tailors/abc/bookings`, appointment(), buyer.token);
    expect(slug.status).toBe(404);
    const guest = await book(tailorIn('available'), appointment(), null);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses bad fields with 422 VALIDATION, each field with its code and text', async () => {
    const t = tailorIn('available');
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ service: '' }, 'service', 'service_required', 'Please choose a service.'],
      [{ service: 'hat' }, 'service', 'service_invalid', 'The selected service is invalid.'],
      [{ date: '' }, 'date', 'date_required', 'Please choose a date.'],
      [{ date: '2026-02-30' }, 'date', 'date_invalid', 'The date is not valid.'],
      [{ date: dayInMorocco(-1) }, 'date', 'date_past', 'The date must be today or later.'],
      [{ date: dayInMorocco(181) }, 'date', 'date_too_far', 'The date must be within 180 days.'],
      [{ time: null }, 'time', 'time_required', 'Please choose a time.'],
      [{ time: '08:30' }, 'time', 'time_invalid', 'Please choose a time between 09:00 and 17:30, on the hour or half hour.'],
      [{ time: '10:15' }, 'time', 'time_invalid', 'Please choose a time between 09:00 and 17:30, on the hour or half hour.'],
      [{ notes: 'x'.repeat(501) }, 'notes', 'notes_too_long', 'The notes may not be greater than 500 characters.'],
      [{ client_ref: 'short' }, 'client_ref', 'client_ref_invalid', 'The client ref is invalid.'],
    ];
    for (const [patch, parameter, code, message] of cases) {
      const r = await book(t, appointment(patch));
      expect(r.status, JSON.stringify(patch)).toBe(422);
      expect(r.body.code).toBe('VALIDATION');
      expect(r.body.errors).toEqual([{ parameter, code, message }]);
      expect(r.body.message).toBe(message);
    }
    const today = await book(t, appointment({ date: dayInMorocco(0), time: '17:30', notes: 'x'.repeat(500) }));
    expect(today.status).toBe(201);
    const several = await book(t, { service: 'x', date: 'tomorrow', client_ref: randomUUID() });
    expect(several.body.errors?.map((e) => e.parameter)).toEqual(['service', 'date', 'time']);
    const notObject = await call('POST', `${V1}/tailors/${t.tailor_id}/bookings`, '[1]', buyer.token);
    expect(notObject.status).toBe(422);
    const nul = await book(t, appointment({ notes: 'a\u0000b' }));
    expect(nul.status).toBe(422);
  });

  it('a replay with the same Idempotency-Key answers the first and creates one booking', async () => {
    const t = tailorIn('available');
    const body = appointment({ service: 'alterations' });
    const key = randomUUID();
    const first = await book(t, body, buyer.token, { 'idempotency-key': key });
    const again = await book(t, body, buyer.token, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Sent again under a new key (the outbox's retry): the same client_ref answers the first booking, 200.
    const retry = await book(t, body, buyer.token, { 'idempotency-key': randomUUID() });
    expect(retry.status).toBe(200);
    expect((retry.body.data as Booking).booking_id).toBe((first.body.data as Booking).booking_id);
    const rows = await server.db.kysely.selectFrom('bookings').select('id').where('client_ref', '=', body.client_ref).execute();
    expect(rows).toHaveLength(1);
  });

  it('two users may use the same client ref; each gets their own booking', async () => {
    const t = tailorIn('available');
    const body = appointment();
    const a = await book(t, body, buyer.token);
    const b = await book(t, body, other.token);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect((a.body.data as Booking).booking_id).not.toBe((b.body.data as Booking).booking_id);
  });
});

describe('the bookings of the signed-in user', () => {
  it('GET /api/v1/bookings lists only their own, newest first; guests 401', async () => {
    const fresh = await registerUser(server.url);
    const t = tailorIn('available');
    const first = await book(t, appointment(), fresh.token);
    const second = await book(tailorIn('busy'), { service: 'alterations', client_ref: randomUUID() }, fresh.token);
    const r = await call('GET', `${V1}/bookings`, undefined, fresh.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect((r.body.data as Booking[]).map((b) => b.booking_id)).toEqual([(second.body.data as Booking).booking_id, (first.body.data as Booking).booking_id]);
    expect((await call('GET', `${V1}/bookings`)).status).toBe(401);
  });

  it('the personal pull pages the caller’s bookings by checkpoint and pokes only the owner', async () => {
    const fresh = await registerUser(server.url);
    const seen: CollectionChange[] = [];
    const stop = server.db.changes.subscribe((c) => seen.push(c));
    try {
      const made: Booking[] = [];
      for (let i = 0; i < 3; i++) made.push((await book(tailorIn('available'), appointment(), fresh.token)).body.data as Booking);
      const page1 = await call('GET', '/api/sync/bookings/pull?v=1&limit=2', undefined, fresh.token);
      const p1 = page1.body as unknown as { documents: Booking[]; checkpoint: { updatedAt: number; id: string }; remaining: number };
      expect(p1.documents.map((d) => d.id)).toEqual(made.slice(0, 2).map((d) => d.id));
      expect(p1.remaining).toBe(1);
      const page2 = await call('GET', `/api/sync/bookings/pull?v=1&limit=2&updatedAt=${p1.checkpoint.updatedAt}&id=${p1.checkpoint.id}`, undefined, fresh.token);
      const p2 = page2.body as unknown as { documents: Booking[]; remaining: number };
      expect(p2.documents.map((d) => d.id)).toEqual([made[2]?.id]);
      expect(p2.remaining).toBe(0);
      const pokes = seen.filter((c) => c.collection === 'bookings');
      expect(pokes).toHaveLength(3);
      expect(pokes.every((c) => c.userId === Number(fresh.user.id))).toBe(true);
      expect((await call('GET', '/api/sync/bookings/pull?v=1')).status).toBe(401);
    } finally {
      stop();
    }
  });
});
