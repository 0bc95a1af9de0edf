import { describe, expect, it } from 'vitest';
import { initialSyncPercent, isInitialSync } from '../../src/app/data/sync-progress';
import type { CollectionProgress, SyncStatus } from '../../src/workers/data-api';

const c = (pulled: number, remaining: number | null, initialDone = false): CollectionProgress => ({
  pulled,
  remaining,
  initialDone,
});
const status = (phase: SyncStatus['phase'], p: CollectionProgress, ca: CollectionProgress, s: CollectionProgress) => ({
  phase,
  // Reviews (issue 4) report no count and are done when shops are: the figures stay the catalogue's.
  collections: { products: p, categories: ca, shops: s, reviews: c(0, null, s.initialDone) },
  lastSyncedAt: null,
  error: null,
  personal: 'off' as const,
  outbox: { pending: 0, failed: 0 },
});

describe('initial sync progress', () => {
  it('is unknown until a collection reports a count', () => {
    expect(initialSyncPercent(status('initial', c(0, null), c(0, null), c(0, null)))).toBeNull();
  });
  it('adds up pulled over pulled + remaining', () => {
    expect(initialSyncPercent(status('initial', c(500, 500), c(40, 0, true), c(0, 60)))).toBe(49);
  });
  it('never shows 100 while running', () => {
    expect(initialSyncPercent(status('initial', c(1000, 0), c(40, 0), c(10, 0)))).toBe(99);
  });
  it('is initial while phase initial, or starting with a collection not done', () => {
    expect(isInitialSync(status('initial', c(0, 1), c(0, 1), c(0, 1)))).toBe(true);
    expect(isInitialSync(status('starting', c(0, null), c(0, null, true), c(0, null, true)))).toBe(true);
    expect(isInitialSync(status('starting', c(0, null, true), c(0, null, true), c(0, null, true)))).toBe(false);
    expect(isInitialSync(status('live', c(0, 0, true), c(0, 0, true), c(0, 0, true)))).toBe(false);
  });
});
