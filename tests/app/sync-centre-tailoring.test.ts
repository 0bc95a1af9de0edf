/** booking_create in the sync centre (docs/TAILORING.md): what it names, and its refusals in words. */
import { describe, expect, it } from 'vitest';
import { serverRefusalMessage } from '../../src/app/cart/server-refusal';
import { describeEntry, entrySubject } from '../../src/app/sync-centre/describe-entry';
import { LANGUAGES } from '../../src/app/i18n/languages';
import type { OutboxEntry } from '../../src/workers/data-api';

const booking: OutboxEntry = {
  id: 'e1',
  method: 'POST',
  path: '/api/v1/tailors/3/bookings',
  body: JSON.stringify({ service: 'alterations', date: null, time: null, notes: '', client_ref: 'b-12345678' }),
  createdAt: 1,
  attempts: 0,
  lastError: null,
  state: 'failed',
  failure: { status: 409, code: 'TAILOR_UNAVAILABLE', message: 'This tailor is not taking bookings at the moment.' },
  kind: 'booking_create',
  target: 'b-12345678',
  undo: null,
  auth: 'user',
  doneAt: null,
};

describe('bookings in the sync centre', () => {
  it('names the booking (its tailor is looked up by it) and nothing else', () => {
    expect(entrySubject(booking)).toMatchObject({ bookingId: 'b-12345678', postId: null, shopId: null, productId: null });
    expect(entrySubject({ ...booking, body: '{oops' }).bookingId).toBe('b-12345678');
    expect(describeEntry(booking, 'Atelier Benjelloun', 'en').params.name).toBe('Atelier Benjelloun');
  });

  it("says the server's refusal: unavailable, unknown tailor, else the kind's text", () => {
    expect(serverRefusalMessage('booking_create', booking.failure).key).toBe('tailorUnavailable');
    expect(serverRefusalMessage('booking_create', { status: 404, code: 'TAILOR_NOT_FOUND', message: '' }).key).toBe('tailorNotFound');
    expect(serverRefusalMessage('booking_create', { status: 422, code: 'SOMETHING_NEW', message: '' }).key).toBe('bookingFailed');
    expect(serverRefusalMessage('booking_create', null).key).toBe('bookingFailed');
  });

  it('every new text is in all six catalogues', async () => {
    for (const language of LANGUAGES) {
      const catalogue = (await import(`../../src/app/i18n/locales/${language}/commerce.json`)) as {
        default: { messages: Record<string, string>; sync: { kinds: Record<string, string> } };
      };
      const { messages, sync } = catalogue.default;
      for (const key of ['bookingFailed', 'tailorUnavailable', 'tailorNotFound']) expect(messages[key], `${language} messages.${key}`).toBeTruthy();
      expect(sync.kinds.booking_create, language).toContain('{{name}}');
    }
  });
});
