/** The pure parts of useFreshness: when to show the note, when to refresh, the once-per-bound gate, the age text. */
import { describe, expect, it } from 'vitest';
import { FRESHNESS_BOUNDS_MS } from '../../src/domain/freshness';
import { RefreshGate, formatAge, shouldRefresh, showFreshnessNote } from '../../src/app/data/use-freshness';
import type { SyncStatus } from '../../src/workers/data-api';

const PHASES: SyncStatus['phase'][] = ['starting', 'initial', 'live', 'offline', 'error'];
const MIN = 60_000;

describe('showFreshnessNote', () => {
  it('shows only stale data, and not while the worker is starting', () => {
    for (const phase of PHASES) expect(showFreshnessNote(phase, false)).toBe(false);
    expect(showFreshnessNote('offline', true)).toBe(true);
    expect(showFreshnessNote('error', true)).toBe(true);
    expect(showFreshnessNote('initial', true)).toBe(true);
    expect(showFreshnessNote('starting', true)).toBe(false);
  });
});

describe('shouldRefresh', () => {
  it('asks for a pull only online, stale, with the stream down and retrying', () => {
    expect(shouldRefresh('error', true, true)).toBe(true);
    expect(shouldRefresh('error', false, true)).toBe(false);
    expect(shouldRefresh('error', true, false)).toBe(false);
    for (const phase of PHASES.filter((p) => p !== 'error')) expect(shouldRefresh(phase, true, true)).toBe(false);
  });
});

describe('RefreshGate', () => {
  it('lets a section ask once per its bound', () => {
    const gate = new RefreshGate();
    const t0 = 1_000_000;
    expect(gate.claim('specialOffers', t0)).toBe(true);
    expect(gate.claim('specialOffers', t0)).toBe(false);
    expect(gate.claim('specialOffers', t0 + FRESHNESS_BOUNDS_MS.specialOffers - 1)).toBe(false);
    expect(gate.claim('specialOffers', t0 + FRESHNESS_BOUNDS_MS.specialOffers)).toBe(true);
  });

  it('keeps sections apart', () => {
    const gate = new RefreshGate();
    expect(gate.claim('bestSellers', 0)).toBe(true);
    expect(gate.claim('newArrivals', 0)).toBe(true);
    expect(gate.claim('bestSellers', 10 * MIN)).toBe(false);
    expect(gate.claim('newArrivals', 10 * MIN)).toBe(true);
  });

  it('no loop: renders every 30 s for an hour ask at most 4 times for a 15-minute section', () => {
    const gate = new RefreshGate();
    let asked = 0;
    for (let t = 0; t < 60 * MIN; t += 30_000) if (gate.claim('featured', t)) asked++;
    expect(asked).toBe(4);
  });
});

describe('formatAge', () => {
  it('uses Intl.RelativeTimeFormat in the interface language', () => {
    expect(formatAge(12 * MIN + 30_000, 'en')).toBe('12 minutes ago');
    expect(formatAge(3 * 3_600_000, 'en')).toBe('3 hours ago');
    expect(formatAge(3 * 86_400_000, 'en')).toBe('3 days ago');
    expect(formatAge(16 * MIN, 'fr')).toBe('il y a 16 minutes');
    expect(formatAge(16 * MIN, 'es')).toBe('hace 16 minutos');
    expect(formatAge(16 * MIN, 'de')).toBe('vor 16 Minuten');
  });

  it('Darija follows Arabic (Intl has no "ma"), with the digits of prices (ar-MA)', () => {
    const ar = new Intl.RelativeTimeFormat('ar-MA', { numeric: 'always' });
    expect(formatAge(16 * MIN, 'ma')).toBe(ar.format(-16, 'minute'));
    expect(formatAge(16 * MIN, 'ma')).toBe(formatAge(16 * MIN, 'ar'));
    // Arabic's plural forms: two minutes is the dual, not '2 minutes'.
    expect(formatAge(2 * MIN, 'ma')).toBe(ar.format(-2, 'minute'));
    expect(formatAge(16 * MIN, 'ma')).toContain('16');
  });
});
