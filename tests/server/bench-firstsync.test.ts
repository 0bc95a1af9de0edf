/** The firstsync bench's arithmetic: its sizes, the app's first sync against the raw bulkPut alone, offline-ready. */
import { describe, expect, it } from 'vitest';
import { firstSyncFigures, firstSyncRows, parseSizes, type FirstSyncMeasure } from '../../bench/firstsync-figures';

describe('parseSizes', () => {
  it('defaults to 360, 5,000 and 50,000 when unset or blank', () => {
    expect(parseSizes(undefined)).toEqual([360, 5_000, 50_000]);
    expect(parseSizes(' ')).toEqual([360, 5_000, 50_000]);
  });

  it('reads a comma-separated list in its order, spaces and digit separators allowed', () => {
    expect(parseSizes('5000, 360')).toEqual([5_000, 360]);
    expect(parseSizes('50_000')).toEqual([50_000]);
  });

  it('refuses anything but positive whole numbers, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5', '5000,', 'abc', '1e3']) expect(() => parseSizes(bad)).toThrow(/BENCH_FIRSTSYNC_SIZES/);
  });
});

const measure: FirstSyncMeasure = {
  products: 5_000,
  liveMs: 10_000,
  controlledMs: 12_000,
  rawPutMs: 1_000,
  rawFetchMs: 1_500,
  rawDocs: 5_000,
  offlineCards: 24,
};

describe('firstSyncFigures', () => {
  it('divides the app products per second by the raw bulkPut alone products per second', () => {
    const f = firstSyncFigures(measure);
    expect(f.appPerSecond).toBe(500);
    expect(f.rawPutPerSecond).toBe(5_000);
    expect(f.ratio).toBeCloseTo(0.1, 10);
    expect(f.goalMet).toBe(false);
  });

  it('meets the goal at 0.6× and above', () => {
    expect(firstSyncFigures({ ...measure, liveMs: 1_000 / 0.6 }).goalMet).toBe(true);
    expect(firstSyncFigures({ ...measure, liveMs: 1_700 }).goalMet).toBe(false);
  });

  it('is offline-ready when both the sync is live and the service worker controls the page, whichever is later', () => {
    expect(firstSyncFigures(measure).offlineReadyMs).toBe(12_000);
    expect(firstSyncFigures({ ...measure, controlledMs: 3_000 }).offlineReadyMs).toBe(10_000);
    expect(firstSyncFigures(measure).rawLoadMs).toBe(2_500);
  });

  it('never meets the goal without a baseline', () => {
    const f = firstSyncFigures({ ...measure, rawPutMs: 0 });
    expect(f.goalMet).toBe(false);
  });
});

describe('firstSyncRows', () => {
  it('prints the ratio, the goal missed or met, offline-ready against the raw load, and the offline check', () => {
    const rows = firstSyncRows(measure);
    expect(rows[0]).toEqual(['5,000: first sync s (navigation → live) vs raw bulkPut alone s', '10.00', '1.00', '10.00×']);
    expect(rows[1]?.slice(1)).toEqual(['500', '5000', '0.10×']);
    expect(rows[1]?.[0]).toContain('MISSED');
    expect(rows[2]?.slice(1)).toEqual(['12.00', '2.50', '4.80×']);
    expect(rows[3]?.slice(1)).toEqual(['24', '-', 'ok']);
    expect(firstSyncRows({ ...measure, offlineCards: 0 })[3]?.[3]).toBe('FAILED');
    expect(firstSyncRows({ ...measure, liveMs: 1_500 })[1]?.[0]).toContain('met');
  });
});
