/** The page's data-saving signal (src/app/data/data-saver.ts): navigator.connection's saveData and effectiveType. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_OFF_HOLD_MS, isDataSaver, pageConnection, watchDataSaver } from '../../src/app/data/data-saver';

/** A stand-in for navigator.connection: an EventTarget with the two fields the app reads. */
class FakeConnection extends EventTarget {
  constructor(
    public saveData?: boolean,
    public effectiveType?: string,
  ) {
    super();
  }
  set(next: { saveData?: boolean; effectiveType?: string }) {
    Object.assign(this, next);
    this.dispatchEvent(new Event('change'));
  }
}

describe('isDataSaver', () => {
  it('is on with saveData, whatever the connection', () => {
    expect(isDataSaver({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isDataSaver({ saveData: true })).toBe(true);
  });

  it('is on with a slow connection: slow-2g, 2g, 3g', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(isDataSaver({ saveData: false, effectiveType })).toBe(true);
  });

  it('is off on 4g without saveData, with an unknown type, and without navigator.connection', () => {
    expect(isDataSaver({ saveData: false, effectiveType: '4g' })).toBe(false);
    expect(isDataSaver({ effectiveType: '5g' })).toBe(false);
    expect(isDataSaver({})).toBe(false);
    expect(isDataSaver(null)).toBe(false);
    expect(isDataSaver(undefined)).toBe(false);
  });
});

describe('pageConnection', () => {
  it('is null where the browser has no navigator.connection', () => {
    expect(pageConnection({} as Navigator)).toBeNull();
    expect(pageConnection({ connection: 'nonsense' } as unknown as Navigator)).toBeNull();
  });

  it("is navigator.connection where it is an event target", () => {
    const connection = new FakeConnection(true, '4g');
    expect(pageConnection({ connection } as unknown as Navigator)).toBe(connection);
  });
});

describe('watchDataSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports each flip of the signal once, and nothing after the unsubscribe', () => {
    const connection = new FakeConnection(false, '4g');
    const heard: boolean[] = [];
    const stop = watchDataSaver((on) => heard.push(on), connection);
    connection.set({ effectiveType: '3g' });
    connection.set({ saveData: true }); // still on: not reported again
    connection.set({ saveData: false, effectiveType: '4g' });
    vi.advanceTimersByTime(DATA_SAVER_OFF_HOLD_MS);
    expect(heard).toEqual([true, false]);
    stop();
    connection.set({ saveData: true });
    expect(heard).toEqual([true, false]);
  });

  it('reports a change to on at once', () => {
    const connection = new FakeConnection(false, '4g');
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), connection);
    connection.set({ effectiveType: '2g' });
    expect(heard).toEqual([true]);
  });

  it('reports a change to off only once it has held for 30 s', () => {
    const connection = new FakeConnection(false, '3g');
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), connection);
    connection.set({ effectiveType: '4g' });
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(DATA_SAVER_OFF_HOLD_MS - 1);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([false]);
    vi.advanceTimersByTime(10 * DATA_SAVER_OFF_HOLD_MS);
    expect(heard).toEqual([false]);
  });

  it('a connection wavering between 3g and 4g reports nothing: each flip back cancels the off', () => {
    const connection = new FakeConnection(false, '3g');
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), connection);
    for (let i = 0; i < 20; i++) {
      connection.set({ effectiveType: '4g' });
      vi.advanceTimersByTime(DATA_SAVER_OFF_HOLD_MS - 1_000);
      connection.set({ effectiveType: '3g' });
      vi.advanceTimersByTime(1_000);
    }
    vi.advanceTimersByTime(10 * DATA_SAVER_OFF_HOLD_MS);
    expect(heard).toEqual([]);
    // Once 4g holds, the off is reported, once; the hold starts again from its first 4g.
    connection.set({ effectiveType: '4g' });
    vi.advanceTimersByTime(DATA_SAVER_OFF_HOLD_MS / 2);
    connection.set({ effectiveType: '4g' }); // another change event, still off: does not restart the hold
    vi.advanceTimersByTime(DATA_SAVER_OFF_HOLD_MS / 2);
    expect(heard).toEqual([false]);
  });

  it('reports nothing after the unsubscribe, even an off that was holding', () => {
    const connection = new FakeConnection(true, '4g');
    const heard: boolean[] = [];
    const stop = watchDataSaver((on) => heard.push(on), connection);
    connection.set({ saveData: false });
    stop();
    vi.advanceTimersByTime(10 * DATA_SAVER_OFF_HOLD_MS);
    expect(heard).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits with the timer and hold it is given', () => {
    const connection = new FakeConnection(false, '2g');
    const waits: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
    const timer = {
      setTimeout: (run: () => void, ms: number) => waits.push({ run, ms, cleared: false }) - 1,
      clearTimeout: (handle: unknown) => {
        const wait = waits[handle as number];
        if (wait) wait.cleared = true;
      },
    };
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), connection, { offHoldMs: 5_000, timer });
    connection.set({ effectiveType: '4g' });
    connection.set({ effectiveType: '2g' });
    connection.set({ effectiveType: '4g' });
    expect(waits.map(({ ms, cleared }) => ({ ms, cleared }))).toEqual([
      { ms: 5_000, cleared: true },
      { ms: 5_000, cleared: false },
    ]);
    expect(heard).toEqual([]);
    waits[1]?.run();
    expect(heard).toEqual([false]);
  });

  it('never calls back without navigator.connection', () => {
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), null)();
    expect(heard).toEqual([]);
  });
});
