/**
 * The worker's online signal: Chromium changes a dedicated worker's navigator.onLine
 * without firing `online`/`offline` there, so the signal reads it live until the page
 * reports, and tells its listeners about every change either way.
 */
import { describe, expect, it } from 'vitest';
import { relayedOnlineSignal, type OnlineSignal } from '../../src/sync/online-signal';

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
