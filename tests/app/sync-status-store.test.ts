/** The page's sync status store (src/app/data/sync-status-store.ts) and the selectors readers subscribe with. */
import { describe, expect, it } from 'vitest';
import { createSyncStatusStore } from '../../src/app/data/sync-status-store';
import { catalogueIncomplete, failedWrites, lastSyncedAtOf, pendingWrites, syncPhase } from '../../src/app/data/use-sync-status';
import type { SyncStatus } from '../../src/workers/data-api';

function status(over: { phase?: SyncStatus['phase']; productsDone?: boolean; pending?: number; failed?: number; lastSyncedAt?: number | null }): SyncStatus {
  const progress = (initialDone: boolean) => ({ pulled: 0, remaining: null, initialDone });
  return {
    phase: over.phase ?? 'initial',
    collections: {
      products: progress(over.productsDone ?? false),
      categories: progress(true),
      shops: progress(true),
      reviews: progress(false),
    },
    lastSyncedAt: over.lastSyncedAt ?? null,
    outbox: { pending: over.pending ?? 0, failed: over.failed ?? 0, held: 0 },
  } as unknown as SyncStatus;
}

describe('createSyncStatusStore', () => {
  it('is null until the first report, then holds the latest, telling every subscriber of each report', () => {
    const store = createSyncStatusStore();
    expect(store.get()).toBeNull();
    const heard: Array<SyncStatus['phase'] | undefined> = [];
    const unsubscribe = store.subscribe(() => heard.push(store.get()?.phase));
    store.set(status({ phase: 'initial' }));
    store.set(status({ phase: 'live', productsDone: true }));
    expect(store.get()?.phase).toBe('live');
    unsubscribe();
    store.set(status({ phase: 'offline' }));
    expect(heard).toEqual(['initial', 'live']);
  });

  it('lets a listener unsubscribe another while being told', () => {
    const store = createSyncStatusStore();
    let second = 0;
    let unsubscribeSecond: () => void = () => undefined;
    store.subscribe(() => unsubscribeSecond());
    unsubscribeSecond = store.subscribe(() => second++);
    store.set(status({}));
    store.set(status({}));
    expect(second).toBe(1);
  });
});

describe('selectors', () => {
  it('give the same primitive for reports that differ elsewhere, so their readers do not re-render', () => {
    const a = status({ phase: 'initial', pending: 2 });
    const b = { ...status({ phase: 'initial', pending: 2 }), collections: { ...a.collections, products: { pulled: 500, remaining: 49_500, initialDone: false } } };
    for (const select of [syncPhase, pendingWrites, failedWrites, lastSyncedAtOf, catalogueIncomplete]) {
      expect(Object.is(select(a), select(b as SyncStatus))).toBe(true);
    }
  });

  it('read what their names say, with the defaults before the first report', () => {
    expect([syncPhase(null), pendingWrites(null), failedWrites(null), lastSyncedAtOf(null), catalogueIncomplete(null)]).toEqual(['starting', 0, 0, null, false]);
    const s = status({ phase: 'error', pending: 3, failed: 1, lastSyncedAt: 42 });
    expect([syncPhase(s), pendingWrites(s), failedWrites(s), lastSyncedAtOf(s), catalogueIncomplete(s)]).toEqual(['error', 3, 1, 42, true]);
    expect(catalogueIncomplete(status({ productsDone: true }))).toBe(false);
  });
});
