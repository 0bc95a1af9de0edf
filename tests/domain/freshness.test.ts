import { describe, expect, it } from 'vitest';
import { FRESHNESS_BOUNDS_MS, FRESHNESS_SECTIONS, ageInUnits, freshness } from '../../src/domain/freshness';
import { STOCK_CACHE_MS } from '../../src/machines/stock-check';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('freshness bounds (spec §9 client cache lifetimes)', () => {
  it('are the spec values, in ms', () => {
    expect(FRESHNESS_BOUNDS_MS).toEqual({
      categories: 900_000,
      bestSellers: 900_000,
      featured: 900_000,
      newArrivals: 600_000,
      specialOffers: 300_000,
      stocks: 300_000,
      tailors: 1_800_000,
    });
    expect(FRESHNESS_SECTIONS).toHaveLength(7);
  });

  it('agree with the stock check cache', () => {
    expect(FRESHNESS_BOUNDS_MS.stocks).toBe(STOCK_CACHE_MS);
  });
});

describe('freshness()', () => {
  it('is fresh while the stream is live, however old the last pull', () => {
    for (const section of FRESHNESS_SECTIONS) {
      expect(freshness(section, T0 - 86_400_000, T0, true)).toEqual({ stale: false, ageMs: 0 });
      expect(freshness(section, null, T0, true)).toEqual({ stale: false, ageMs: 0 });
    }
  });

  it('not live: the age is now − lastSyncedAt', () => {
    expect(freshness('bestSellers', T0 - 120_000, T0, false)).toEqual({ stale: false, ageMs: 120_000 });
    expect(freshness('bestSellers', T0 - 16 * 60_000, T0, false)).toEqual({ stale: true, ageMs: 16 * 60_000 });
  });

  it('each section is fresh exactly at its bound and stale 1 ms later', () => {
    for (const section of FRESHNESS_SECTIONS) {
      const bound = FRESHNESS_BOUNDS_MS[section];
      expect(freshness(section, T0 - bound, T0, false).stale, `${section} at its bound`).toBe(false);
      expect(freshness(section, T0 - bound - 1, T0, false).stale, `${section} past its bound`).toBe(true);
    }
  });

  it('bounds differ per section: 10 minutes is stale for special offers and new arrivals only at 600 s+', () => {
    const tenMin = T0 - 600_001;
    expect(freshness('specialOffers', tenMin, T0, false).stale).toBe(true);
    expect(freshness('newArrivals', tenMin, T0, false).stale).toBe(true);
    expect(freshness('bestSellers', tenMin, T0, false).stale).toBe(false);
    expect(freshness('tailors', T0 - 1_000_000, T0, false).stale).toBe(false);
  });

  it('never synced is not stale and has no age', () => {
    expect(freshness('categories', null, T0, false)).toEqual({ stale: false, ageMs: null });
  });

  it('a lastSyncedAt in the future (clock skew) is age 0, fresh', () => {
    expect(freshness('featured', T0 + 5_000, T0, false)).toEqual({ stale: false, ageMs: 0 });
  });
});

describe('ageInUnits()', () => {
  it('minutes below an hour, rounded down', () => {
    expect(ageInUnits(5 * 60_000)).toEqual({ value: 5, unit: 'minute' });
    expect(ageInUnits(12 * 60_000 + 59_999)).toEqual({ value: 12, unit: 'minute' });
    expect(ageInUnits(59 * 60_000 + 59_999)).toEqual({ value: 59, unit: 'minute' });
  });

  it('hours from one hour to below two days', () => {
    expect(ageInUnits(3_600_000)).toEqual({ value: 1, unit: 'hour' });
    expect(ageInUnits(47 * 3_600_000 + 3_599_999)).toEqual({ value: 47, unit: 'hour' });
  });

  it('days from two days', () => {
    expect(ageInUnits(48 * 3_600_000)).toEqual({ value: 2, unit: 'day' });
    expect(ageInUnits(10 * 86_400_000 + 1)).toEqual({ value: 10, unit: 'day' });
  });

  it('negative ages count as 0 minutes', () => {
    expect(ageInUnits(-1)).toEqual({ value: 0, unit: 'minute' });
  });
});
