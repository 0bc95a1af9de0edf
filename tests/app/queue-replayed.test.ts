/**
 * The page's side of the service worker's write queue: Background Sync detection (both the registration's
 * `sync` and `SyncManager`), the report to the data worker, and one resync() per burst of SOUK_QUEUE_REPLAYED.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBackgroundSync, listenForQueueReplays, reportBackgroundSyncSupport } from '../../src/app/sw/queue-replayed';

afterEach(() => vi.useRealTimers());

describe('Background Sync detection', () => {
  it('needs the registration prototype to have sync and SyncManager to exist', () => {
    const withSync = { ServiceWorkerRegistration: { prototype: { sync: {} } }, SyncManager: class {} } as unknown as typeof globalThis;
    expect(hasBackgroundSync(withSync)).toBe(true);
    expect(hasBackgroundSync({ ServiceWorkerRegistration: { prototype: {} }, SyncManager: class {} } as unknown as typeof globalThis)).toBe(false);
    expect(hasBackgroundSync({ ServiceWorkerRegistration: { prototype: { sync: {} } } } as unknown as typeof globalThis)).toBe(false);
    expect(hasBackgroundSync({} as typeof globalThis)).toBe(false);
  });

  it('tells the data worker, and survives a worker without the method', () => {
    const calls: boolean[] = [];
    reportBackgroundSyncSupport({ setBackgroundSyncSupport: (s) => (calls.push(s), Promise.resolve()) }, false);
    expect(calls).toEqual([false]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => reportBackgroundSyncSupport({} as never, true)).not.toThrow();
    error.mockRestore();
  });
});

describe('SOUK_QUEUE_REPLAYED', () => {
  it('one resync per burst of replays; other messages ignored; stops when asked', () => {
    vi.useFakeTimers();
    const target = new EventTarget() as EventTarget & { startMessages(): void };
    target.startMessages = () => undefined;
    let resyncs = 0;
    const stop = listenForQueueReplays({ resync: () => (resyncs++, Promise.resolve()) }, target as unknown as ServiceWorkerContainer);
    const post = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
    post({ type: 'SOUK_QUEUE_REPLAYED', key: 'a', status: 201 });
    post({ type: 'SOUK_QUEUE_REPLAYED', key: 'b', status: 200 });
    post({ type: 'OTHER' });
    vi.advanceTimersByTime(1_000);
    expect(resyncs).toBe(1);
    post({ type: 'SOUK_QUEUE_REPLAYED', key: 'c', status: 422 });
    vi.advanceTimersByTime(1_000);
    expect(resyncs).toBe(2);
    stop();
    post({ type: 'SOUK_QUEUE_REPLAYED', key: 'd', status: 201 });
    vi.advanceTimersByTime(1_000);
    expect(resyncs).toBe(2);
  });
});
