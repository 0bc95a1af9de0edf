/** SyncStatus phases by priority: starting, offline > error > initial > live; progress and errors per source. */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLLECTIONS } from '../../src/sync/collection-groups';
import { SyncStatusStore } from '../../src/sync/sync-status';

describe('SyncStatusStore', () => {
  it('derives the phase from offline, errors and initialDone', () => {
    const s = new SyncStatusStore();
    const phases: string[] = [];
    s.subscribe((st) => {
      if (phases.at(-1) !== st.phase) phases.push(st.phase);
    });
    expect(s.get().phase).toBe('starting');
    s.markStarted();
    s.recordPull('products', 100, 260);
    s.recordPull('products', 100, 160);
    expect(s.get().collections.products).toEqual({ pulled: 200, remaining: 160, initialDone: false });
    s.setError('pull:products', 'http_503');
    expect(s.get()).toMatchObject({ phase: 'error', error: 'http_503' });
    s.setOffline(true);
    expect(s.get()).toMatchObject({ phase: 'offline', error: null });
    s.setOffline(false);
    s.recordPull('products', 160, 0);
    expect(s.get()).toMatchObject({ phase: 'initial', error: null });
    for (const c of CATALOGUE_COLLECTIONS) s.setInitialDone(c, true);
    // The catalogue alone decides: reviews still pulling do not hold the phase in 'initial'.
    expect(s.get().collections.reviews.initialDone).toBe(false);
    expect(s.catalogueInitialDone()).toBe(true);
    expect(s.get().phase).toBe('live');
    s.recordPull('reviews', 500, 1200);
    expect(s.get()).toMatchObject({ phase: 'live', collections: { reviews: { pulled: 500, remaining: 1200, initialDone: false } } });
    s.setError('stream', 'network');
    s.setError('pull:shops', 'protocol');
    expect(s.get().error).toBe('protocol');
    s.clearError('pull:shops');
    expect(s.get()).toMatchObject({ phase: 'error', error: 'network' });
    s.clearError('stream');
    expect(phases).toEqual(['initial', 'error', 'offline', 'error', 'initial', 'live', 'error', 'live']);
  });

  it('notifies only when something changed', () => {
    const s = new SyncStatusStore();
    let calls = 0;
    s.subscribe(() => (calls += 1));
    s.markStarted();
    s.setOffline(false);
    s.clearError('stream');
    s.setInitialDone('products', false);
    expect(calls).toBe(1);
  });

  it('keeps the newest lastSyncedAt', () => {
    const s = new SyncStatusStore();
    s.setLastSyncedAt(200);
    s.setLastSyncedAt(100);
    s.setLastSyncedAt(null);
    expect(s.get().lastSyncedAt).toBe(200);
  });
});
