/**
 * The worker's online signal: Chromium changes a dedicated worker's navigator.onLine
 * without firing `online`/`offline` there, so the signal reads it live until the page
 * reports, and tells its listeners about every change either way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayedOnlineSignal, type OnlineSignal } from '../../src/sync/online-signal';
import { startChangeStream } from '../../src/sync/transport/change-stream';
import type { FetchLike } from '../../src/sync/transport/fetch-type';

/** navigator.onLine that changes silently, like a Chromium dedicated worker's. */
function silentNavigator(initial: boolean): OnlineSignal & { flip(online: boolean): void } {
  let online = initial;
  return { isOnline: () => online, subscribe: () => () => undefined, flip: (next) => (online = next) };
}

describe('relayedOnlineSignal', () => {
  it('reads the scope live until a report comes (a start-up copy would go stale)', () => {
    const nav = silentNavigator(true);
    const signal = relayedOnlineSignal(nav);
    nav.flip(false);
    expect(signal.isOnline()).toBe(false);
  });

  it('follows the page’s reports and wakes listeners only on a change', () => {
    const nav = silentNavigator(true);
    const signal = relayedOnlineSignal(nav);
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    signal.report(false);
    signal.report(false);
    nav.flip(false);
    signal.report(true);
    expect(seen).toEqual([false, true]);
    expect(signal.isOnline()).toBe(true);
  });

  it('a first report that agrees with the scope wakes nobody', () => {
    const nav = silentNavigator(false);
    const signal = relayedOnlineSignal(nav);
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    signal.report(false);
    expect(seen).toEqual([]);
    expect(signal.isOnline()).toBe(false);
  });

  it('a report wakes waiters when the silent scope had gone offline in between', () => {
    const nav = silentNavigator(true);
    const signal = relayedOnlineSignal(nav);
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    nav.flip(false);
    expect(signal.isOnline()).toBe(false);
    nav.flip(true);
    signal.report(true);
    expect(seen).toEqual([true]);
  });
});

describe('relayedOnlineSignal with settleMs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('back online after offline counts only once it held settleMs; offline counts at once', () => {
    vi.useFakeTimers();
    const nav = silentNavigator(true);
    const signal = relayedOnlineSignal(nav, { settleMs: 1000 });
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    signal.report(false);
    expect(seen).toEqual([false]);
    signal.report(true);
    vi.advanceTimersByTime(999);
    expect(signal.isOnline()).toBe(false);
    expect(seen).toEqual([false]);
    vi.advanceTimersByTime(1);
    expect(signal.isOnline()).toBe(true);
    expect(seen).toEqual([false, true]);
  });

  it('an `online` that an `offline` follows within settleMs wakes nobody and never reads as online', () => {
    vi.useFakeTimers();
    const signal = relayedOnlineSignal(silentNavigator(false), { settleMs: 1000 });
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    signal.report(false);
    signal.report(true);
    vi.advanceTimersByTime(500);
    expect(signal.isOnline()).toBe(false);
    signal.report(false);
    vi.advanceTimersByTime(5000);
    expect(signal.isOnline()).toBe(false);
    expect(seen).toEqual([]);
  });

  it('a report of "online" while already online takes effect at once (the start-up report does not delay sync)', () => {
    vi.useFakeTimers();
    const signal = relayedOnlineSignal(silentNavigator(true), { settleMs: 1000 });
    const seen: boolean[] = [];
    signal.subscribe((online) => seen.push(online));
    signal.report(true);
    expect(signal.isOnline()).toBe(true);
    expect(seen).toEqual([true]);
  });

  it('a change stream waiting offline makes no request on a passing `online` (a tab being navigated away)', async () => {
    // The e2e case: an offline tab's page reports `online` while its document is torn down, and its
    // worker has the network for a moment; nothing may reach the server.
    const signal = relayedOnlineSignal(silentNavigator(true), { settleMs: 300 });
    signal.report(false);
    const requests: string[] = [];
    const fetchFn: FetchLike = (input, init) => {
      requests.push(String(input));
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    };
    const stream = startChangeStream({
      apiBase: 'http://souk.test',
      fetch: fetchFn,
      online: signal,
      backoff: { initialMs: 10, factor: 2, maxMs: 100, jitter: 0 },
      onConnected: () => undefined,
      onEvent: () => undefined,
      onDisconnected: () => undefined,
    });
    try {
      await new Promise((r) => setTimeout(r, 20));
      signal.report(true);
      await new Promise((r) => setTimeout(r, 100));
      signal.report(false);
      await new Promise((r) => setTimeout(r, 500));
      expect(requests).toEqual([]);

      // A lasting `online` connects once it held settleMs.
      signal.report(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(requests).toEqual([]);
      await new Promise((r) => setTimeout(r, 400));
      expect(requests).toEqual(['http://souk.test/api/sync/stream?v=1']);
    } finally {
      stream.stop();
    }
  });
});
