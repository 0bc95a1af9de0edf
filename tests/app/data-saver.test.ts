/** The page's data-saving signal (src/app/data/data-saver.ts): navigator.connection's saveData and effectiveType. */
import { describe, expect, it } from 'vitest';
import { isDataSaver, pageConnection, watchDataSaver } from '../../src/app/data/data-saver';

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
  it('reports each flip of the signal once, and nothing after the unsubscribe', () => {
    const connection = new FakeConnection(false, '4g');
    const heard: boolean[] = [];
    const stop = watchDataSaver((on) => heard.push(on), connection);
    connection.set({ effectiveType: '3g' });
    connection.set({ saveData: true }); // still on: not reported again
    connection.set({ saveData: false, effectiveType: '4g' });
    expect(heard).toEqual([true, false]);
    stop();
    connection.set({ saveData: true });
    expect(heard).toEqual([true, false]);
  });

  it('never calls back without navigator.connection', () => {
    const heard: boolean[] = [];
    watchDataSaver((on) => heard.push(on), null)();
    expect(heard).toEqual([]);
  });
});
