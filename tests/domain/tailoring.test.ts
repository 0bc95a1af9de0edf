/** The tailoring rules (src/domain/tailoring.ts): services and prices, time slots, and booking validation. */
import { describe, expect, it } from 'vitest';
import { BOOKING_TIME_SLOTS, SERVICE_PRICE_FROM, todayInMorocco, validateBooking } from '../../src/domain/tailoring';

// 2026-06-10 23:30 UTC is already 2026-06-11 in Morocco (UTC+1 outside Ramadan).
const NOW = Date.UTC(2026, 5, 10, 23, 30);

describe('tailoring services', () => {
  it('has the spec’s from prices in MAD', () => {
    expect(SERVICE_PRICE_FROM).toEqual({ custom_suit: 599, alterations: 49, traditional_wear: 299 });
  });

  it('offers half-hour slots from 09:00 to 17:30', () => {
    expect(BOOKING_TIME_SLOTS[0]).toBe('09:00');
    expect(BOOKING_TIME_SLOTS.at(-1)).toBe('17:30');
    expect(BOOKING_TIME_SLOTS).toHaveLength(18);
    expect(BOOKING_TIME_SLOTS).toContain('12:30');
  });

  it('dates "today" in Morocco', () => {
    expect(todayInMorocco(NOW)).toBe('2026-06-11');
  });
});

describe('validateBooking', () => {
  const ok = { service: 'alterations', date: '2026-06-11', time: '09:00', notes: '  Shorten the sleeves  ' };

  it('accepts a valid appointment from today on, trimming the notes', () => {
    expect(validateBooking(ok, 'available', NOW)).toEqual({
      ok: true,
      value: { service: 'alterations', date: '2026-06-11', time: '09:00', notes: 'Shorten the sleeves', client_ref: null },
    });
  });

  it('requires date and time for an appointment, not for a waitlist', () => {
    expect(validateBooking({ service: 'custom_suit' }, 'available', NOW)).toEqual({
      ok: false,
      errors: [
        { field: 'date', code: 'date_required' },
        { field: 'time', code: 'time_required' },
      ],
    });
    expect(validateBooking({ service: 'custom_suit', date: '', time: '' }, 'busy', NOW)).toMatchObject({ ok: true, value: { date: null, time: null } });
    // Given on a waitlist, they are still checked.
    expect(validateBooking({ service: 'custom_suit', date: '2026-06-10' }, 'busy', NOW)).toEqual({ ok: false, errors: [{ field: 'date', code: 'date_past' }] });
  });

  it('gives each field its code', () => {
    const codes = (input: Record<string, unknown>) => {
      const r = validateBooking({ ...ok, ...input }, 'available', NOW);
      return r.ok ? [] : r.errors.map((e) => e.code);
    };
    expect(codes({ service: '' })).toEqual(['service_required']);
    expect(codes({ service: 'tuxedo' })).toEqual(['service_invalid']);
    expect(codes({ service: 7 })).toEqual(['service_invalid']);
    expect(codes({ date: '2026-02-29' })).toEqual(['date_invalid']);
    expect(codes({ date: '11/06/2026' })).toEqual(['date_invalid']);
    expect(codes({ date: '2026-06-10' })).toEqual(['date_past']);
    expect(codes({ date: '2026-12-08' })).toEqual([]);
    expect(codes({ date: '2026-12-09' })).toEqual(['date_too_far']);
    expect(codes({ time: '18:00' })).toEqual(['time_invalid']);
    expect(codes({ time: '9:00' })).toEqual(['time_invalid']);
    expect(codes({ notes: 'x'.repeat(500) })).toEqual([]);
    expect(codes({ notes: 'x'.repeat(501) })).toEqual(['notes_too_long']);
    expect(codes({ client_ref: 'abc' })).toEqual(['client_ref_invalid']);
  });
});
