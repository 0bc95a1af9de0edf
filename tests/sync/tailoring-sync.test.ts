/**
 * Tailoring bookings against the real server (docs/TAILORING.md), through the DataService on fake-indexeddb:
 * the tailors' cache (fetched once, fresh for 1800 s, read offline), a booking made offline sent once when the
 * network returns (a lost answer replayed under the same key) and settled under the same id, a waitlist entry,
 * and a refusal (the tailor became unavailable: 409) kept on the booking as failed with its reason, removed
 * when the user discards it.
 */
import { describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth';
import { communityServer } from '../helpers/community-server';
import { tomorrowInMorocco } from '../helpers/tailoring';
import { waitFor } from './support/client';

const env = communityServer(0);
const { start, drained, goOffline, goOnline } = env;

describe('tailoring on the client', () => {
  it('caches the tailors, then books offline: queued at once, sent once online, confirmed under the same id', async () => {
    const user = await registerUser(env.server.url);
    const c = await start(user.token);
    expect(await c.service.refreshTailors()).toBe('fetched');
    expect(await c.service.refreshTailors()).toBe('fresh');
    const tailorFetches = () => env.net.seen.filter((r) => r.url.pathname === '/api/v1/tailors').length;
    expect(tailorFetches()).toBe(1);
    const { tailors, fetchedAt } = await c.service.query({ kind: 'tailors' });
    expect(fetchedAt).not.toBeNull();
    expect(new Set(tailors.map((t) => t.availability))).toEqual(new Set(['available', 'busy', 'unavailable']));
    const available = tailors.find((t) => t.availability === 'available');
    if (!available) throw new Error('no available tailor');
    expect((await c.service.query({ kind: 'tailors', availability: 'busy' })).tailors.every((t) => t.availability === 'busy')).toBe(true);
    expect(await c.service.query({ kind: 'tailor', idOrSlug: available.slug })).toMatchObject({ tailor_id: available.tailor_id });

    goOffline(c);
    expect(await c.service.refreshTailors(true)).toBe('offline');
    expect((await c.service.query({ kind: 'tailors' })).tailors).toHaveLength(tailors.length);
    const date = tomorrowInMorocco();
    const { bookingId, entryId } = await c.service.bookTailor({ tailorId: available.tailor_id, service: 'custom_suit', date, time: '11:30', notes: 'Grey wool' });
    const [queued] = await c.service.query({ kind: 'bookings' });
    expect(queued).toMatchObject({ id: bookingId, booking_id: 0, local_state: 'queued', status: 'requested', price_from: 599, tailor_name: available.name, entryId, failure: null });

    env.net.loseAnswerOf = (r) => r.url.pathname.endsWith('/bookings');
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'booking sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === `/api/v1/tailors/${available.tailor_id}/bookings`);
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    const rows = await env.server.db.kysely.selectFrom('bookings').selectAll().where('client_ref', '=', bookingId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date, time: '11:30', status: 'requested', user_id: Number(user.user.id) });
    await waitFor(async () => (await c.service.query({ kind: 'bookings' }))[0]?.local_state === 'confirmed', 10_000, 'booking confirmed');
    expect(await c.service.query({ kind: 'bookings' })).toMatchObject([{ id: bookingId, booking_id: Number(rows[0]?.id), entryId: null }]);
  });

  it('joins a waitlist; refuses an unavailable tailor before queueing; a 409 refusal stays on the booking until discarded', async () => {
    const user = await registerUser(env.server.url);
    const c = await start(user.token);
    await c.service.refreshTailors(true);
    const { tailors } = await c.service.query({ kind: 'tailors' });
    const busy = tailors.find((t) => t.availability === 'busy');
    const unavailable = tailors.find((t) => t.availability === 'unavailable');
    const available = tailors.find((t) => t.availability === 'available');
    if (!busy || !unavailable || !available) throw new Error('seed lacks an availability');

    const waitlisted = await c.service.bookTailor({ tailorId: busy.tailor_id, service: 'alterations' });
    await waitFor(() => drained(c), 10_000, 'waitlist sent');
    expect((await c.service.query({ kind: 'bookings', tailorId: busy.tailor_id }))[0]).toMatchObject({ id: waitlisted.bookingId, status: 'waitlisted', local_state: 'confirmed', date: null });

    await expect(c.service.bookTailor({ tailorId: unavailable.tailor_id, service: 'alterations', date: tomorrowInMorocco(), time: '10:00' })).rejects.toMatchObject({ code: 'TAILOR_UNAVAILABLE' });
    await expect(c.service.bookTailor({ tailorId: available.tailor_id, service: 'alterations', date: '2000-01-01', time: '10:00' })).rejects.toMatchObject({ code: 'VALIDATION' });

    // The tailor stops taking bookings after this device cached them: the server refuses the queued booking.
    goOffline(c);
    const { bookingId, entryId } = await c.service.bookTailor({ tailorId: available.tailor_id, service: 'traditional_wear', date: tomorrowInMorocco(), time: '15:00' });
    await env.server.db.kysely.updateTable('tailors').set({ availability: 'unavailable' }).where('id', '=', available.tailor_id).execute();
    try {
      goOnline(c);
      await waitFor(() => drained(c), 10_000, 'booking refused');
      const refused = (await c.service.query({ kind: 'bookings' })).find((b) => b.id === bookingId);
      expect(refused).toMatchObject({ local_state: 'failed', entryId, failure: { status: 409, code: 'TAILOR_UNAVAILABLE' } });
      expect(await env.server.db.kysely.selectFrom('bookings').select('id').where('client_ref', '=', bookingId).execute()).toHaveLength(0);
      const entry = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
      expect(entry).toMatchObject({ kind: 'booking_create', state: 'failed' });
      await c.service.dismissOutboxEntry(entryId);
      expect((await c.service.query({ kind: 'bookings' })).some((b) => b.id === bookingId)).toBe(false);
    } finally {
      await env.server.db.kysely.updateTable('tailors').set({ availability: 'available' }).where('id', '=', available.tailor_id).execute();
    }
  });
});
