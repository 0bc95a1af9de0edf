import { describe, expect, it } from 'vitest';
import {
  initialSyncPercent,
  isCatalogueAnswerFinal,
  isCatalogueComplete,
  isInitialSync,
  isShopListFinal,
} from '../../src/app/data/sync-progress';
import type { CollectionProgress, SyncStatus } from '../../src/workers/data-api';

const c = (pulled: number, remaining: number | null, initialDone = false): CollectionProgress => ({
  pulled,
  remaining,
  initialDone,
});
const status = (phase: SyncStatus['phase'], p: CollectionProgress, ca: CollectionProgress, s: CollectionProgress) => ({
  phase,
  // Reviews replicate after the catalogue and never count: here always mid-pull with a large count.
  collections: { products: p, categories: ca, shops: s, reviews: c(10, 5000) },
  lastSyncedAt: null,
  error: null,
  personal: 'off' as const,
  outbox: { pending: 0, failed: 0 },
  catalogueMode: 'full' as const,
});

const viewed = (phase: SyncStatus['phase'], p: CollectionProgress, ca: CollectionProgress, s: CollectionProgress): SyncStatus => ({
  ...status(phase, p, ca, s),
  catalogueMode: 'viewed',
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

describe('initial sync progress counts the catalogue only', () => {
  it('ignores reviews, pending or done', () => {
    const base = status('initial', c(500, 500), c(40, 0, true), c(0, 60));
    const withReviews = (reviews: CollectionProgress) => ({ ...base, collections: { ...base.collections, reviews } });
    expect(initialSyncPercent(withReviews(c(0, null)))).toBe(49);
    expect(initialSyncPercent(withReviews(c(100_000, 0, true)))).toBe(49);
    const catalogueDone = status('starting', c(0, null, true), c(0, null, true), c(0, null, true));
    expect(isInitialSync({ ...catalogueDone, collections: { ...catalogueDone.collections, reviews: c(0, null) } })).toBe(false);
  });
});

describe('the catalogue is complete on this device', () => {
  it('once every catalogue collection caught up, whatever the phase', () => {
    for (const phase of ['starting', 'live', 'offline', 'error'] as const) {
      expect(isCatalogueComplete(status(phase, c(10, 0, true), c(2, 0, true), c(5, 0, true)))).toBe(true);
    }
  });
  it('not while one has not, offline and in error included (the phase alone is not initial then)', () => {
    for (const phase of ['initial', 'starting', 'offline', 'error'] as const) {
      expect(isCatalogueComplete(status(phase, c(10, 30), c(2, 0, true), c(5, 0, true)))).toBe(false);
    }
    expect(isInitialSync(status('offline', c(10, 30), c(2, 0, true), c(5, 0, true)))).toBe(false);
  });
});

describe("in 'viewed' mode (data saving: the products are stored as they are viewed, never replicated)", () => {
  it('shows no catalogue download once the categories and shops caught up, whatever the phase says', () => {
    for (const phase of ['starting', 'initial', 'live'] as const) {
      expect(isInitialSync(viewed(phase, c(12, null), c(40, 0, true), c(8, 0, true)))).toBe(false);
    }
  });

  it('is initial while the categories or shops first arrive, and counts them alone', () => {
    const s = viewed('initial', c(24, 500), c(40, 0, true), c(0, 60));
    expect(isInitialSync(s)).toBe(true);
    expect(initialSyncPercent(s)).toBe(40);
  });

  it('is never complete on the device: what is missing may not be stored yet', () => {
    expect(isCatalogueComplete(viewed('live', c(24, 0, true), c(40, 0, true), c(8, 0, true)))).toBe(false);
  });

  it("answers are final online once the categories and shops caught up, never offline", () => {
    const caughtUp = viewed('live', c(24, null), c(40, 0, true), c(8, 0, true));
    expect(isCatalogueAnswerFinal(caughtUp, true)).toBe(true);
    expect(isCatalogueAnswerFinal(caughtUp, false)).toBe(false);
    expect(isCatalogueAnswerFinal(viewed('initial', c(24, null), c(40, 0, true), c(0, 60)), true)).toBe(false);
  });

  it("in 'full' mode answers are final once the catalogue is complete, online or not", () => {
    const done = status('offline', c(10, 0, true), c(2, 0, true), c(5, 0, true));
    expect(isCatalogueAnswerFinal(done, false)).toBe(true);
    expect(isCatalogueAnswerFinal(status('live', c(10, 30), c(2, 0, true), c(5, 0, true)), true)).toBe(false);
  });
});

describe('a shops list answer is final', () => {
  it("once the shops caught up, in 'viewed' mode offline too, though the products never complete", () => {
    const shopsDone = viewed('offline', c(24, null), c(40, 0, true), c(8, 0, true));
    expect(isCatalogueAnswerFinal(shopsDone, false)).toBe(false);
    expect(isShopListFinal(shopsDone)).toBe(true);
    expect(isShopListFinal(status('offline', c(10, 30), c(2, 0, true), c(5, 0, true)))).toBe(true);
  });

  it('not before the shops caught up, in either mode', () => {
    expect(isShopListFinal(viewed('live', c(24, null), c(40, 0, true), c(3, 60)))).toBe(false);
    expect(isShopListFinal(status('initial', c(10, 0, true), c(2, 0, true), c(3, 60)))).toBe(false);
  });
});
