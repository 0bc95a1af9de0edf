import { describe, expect, it } from 'vitest';
import { countryName, formatMemberSince } from '../../src/app/account/format';

describe('account formatting', () => {
  it('shows a bare member-since date on its own day whatever the time zone', () => {
    expect(formatMemberSince('2025-03-12', 'en', 'America/Los_Angeles')).toBe('March 12, 2025');
    expect(formatMemberSince('2025-03-12', 'fr')).toBe('12 mars 2025');
  });

  it('shows a full timestamp in the given zone and keeps an unreadable value as it is', () => {
    expect(formatMemberSince('2025-03-12T23:30:00Z', 'en', 'Asia/Dubai')).toBe('March 13, 2025');
    expect(formatMemberSince('soon', 'en')).toBe('soon');
  });

  it('names the countries in the interface language', () => {
    expect(countryName('MA', 'en')).toBe('Morocco');
    expect(countryName('MA', 'fr')).toBe('Maroc');
    expect(countryName('AE', 'de')).toBe('Vereinigte Arabische Emirate');
    expect(countryName('MA', 'ma')).toBe('المغرب');
  });
});
