/** The remembered answers of live queries: lookups, order, limits, saving later, damage and quota. */
import { describe, expect, it } from 'vitest';
import {
  REMEMBERED_LIMITS,
  REMEMBERED_STORAGE_KEY,
  RememberedResults,
} from '../../src/app/data/remembered-results';
import { throwingStorage } from './storage-stubs';

class MemoryStorage implements Storage {
  items = new Map<string, string>();
  writes = 0;
  quota = Infinity;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.writes++;
    this.items.set(key, value);
  }
}

/** A store whose saves run when the test says (run()), as the timer would. */
function setup(storage: Storage | undefined = new MemoryStorage()) {
  let pending: (() => void) | null = null;
  const store = new RememberedResults({
    storage: () => storage,
    schedule: (save) => {
      pending = save;
      return () => {
        pending = null;
      };
    },
  });
  return {
    store,
    storage,
    run: () => {
      const save = pending;
      pending = null;
      save?.();
    },
    pending: () => pending !== null,
    /** A new page load on the same storage. */
    reload: () => new RememberedResults({ storage: () => storage, schedule: () => () => undefined }),
  };
}

describe('RememberedResults', () => {
  it('answers from memory at once and from storage on the next page load, after the delayed save', () => {
    const { store, run, reload } = setup();
    store.remember('a', { items: [1], total: 1 });
    expect(store.get('a')).toEqual({ items: [1], total: 1 });
    expect(reload().get('a'), 'not saved before the delay').toBeUndefined();
    run();
    expect(reload().get('a')).toEqual({ items: [1], total: 1 });
    expect(reload().get('b')).toBeUndefined();
  });

  it('schedules one save for a burst of answers, and the newest answer of a key wins', () => {
    const { store, storage, run, pending, reload } = setup();
    for (let i = 0; i < 50; i++) store.remember('a', { n: i });
    expect(pending()).toBe(true);
    run();
    expect((storage as MemoryStorage).writes).toBe(1);
    expect(reload().get('a')).toEqual({ n: 49 });
    expect(pending()).toBe(false);
  });

  it('flush writes a pending change now, and does nothing when none is pending', () => {
    const { store, storage, reload } = setup();
    store.flush();
    expect((storage as MemoryStorage).writes).toBe(0);
    store.remember('a', 1);
    store.flush();
    expect(reload().get('a')).toBe(1);
    store.flush();
    expect((storage as MemoryStorage).writes).toBe(1);
  });

  it(`keeps the ${REMEMBERED_LIMITS.entries} most recently answered keys`, () => {
    const { store, run, reload } = setup();
    for (let i = 0; i < REMEMBERED_LIMITS.entries + 3; i++) store.remember(`k${i}`, i);
    store.remember('k0', 'again'); // answered again: the newest
    run();
    const next = reload();
    expect(next.get('k0')).toBe('again');
    const kept = Array.from({ length: REMEMBERED_LIMITS.entries + 3 }, (_, i) => `k${i}`).filter((k) => next.get(k) !== undefined);
    expect(kept).toHaveLength(REMEMBERED_LIMITS.entries);
    expect(kept).toEqual(['k0', ...Array.from({ length: REMEMBERED_LIMITS.entries - 1 }, (_, i) => `k${i + 4}`)]);
  });

  it(`stays under ${REMEMBERED_LIMITS.chars.toLocaleString('en')} characters, dropping the oldest and never storing an oversized answer`, () => {
    const { store, storage, run, reload } = setup();
    const third = 'x'.repeat(Math.floor(REMEMBERED_LIMITS.chars / 3) - 10);
    store.remember('old', third);
    store.remember('mid', third);
    store.remember('new', third);
    store.remember('newest', third);
    store.remember('huge', 'y'.repeat(REMEMBERED_LIMITS.chars + 1));
    run();
    const next = reload();
    expect(next.get('huge')).toBeUndefined();
    expect(next.get('old')).toBeUndefined();
    expect([next.get('mid'), next.get('new'), next.get('newest')]).toEqual([third, third, third]);
    expect((storage as MemoryStorage).getItem(REMEMBERED_STORAGE_KEY)!.length).toBeLessThan(REMEMBERED_LIMITS.chars + 200);
  });

  it('treats a damaged or foreign item as empty, and overwrites it on the next save', () => {
    for (const raw of ['{not json', '[]', '{"e":"x"}', '{"e":[null,{"k":1,"d":2},{"k":"ok","d":3}]}']) {
      const storage = new MemoryStorage();
      storage.setItem(REMEMBERED_STORAGE_KEY, raw);
      const { store, run, reload } = setup(storage);
      expect(store.get('a')).toBeUndefined();
      if (raw.includes('"ok"')) expect(store.get('ok')).toBe(3);
      store.remember('a', 1);
      run();
      expect(reload().get('a')).toBe(1);
    }
  });

  it('removes the item rather than keep a stale one when the quota refuses the write', () => {
    const storage = new MemoryStorage();
    const { store, run, reload } = setup(storage);
    store.remember('a', 'small');
    run();
    storage.quota = 20;
    store.remember('b', 'a longer answer than the quota allows');
    run();
    expect(storage.getItem(REMEMBERED_STORAGE_KEY)).toBeNull();
    expect(reload().get('a')).toBeUndefined();
    expect(store.get('b'), 'memory still answers in this page').toBe('a longer answer than the quota allows');
  });

  it('clear forgets memory, storage and a pending save (sign-out)', () => {
    const { store, storage, run, pending, reload } = setup();
    store.remember('a', 1);
    run();
    store.remember('b', 2);
    store.clear();
    expect(pending()).toBe(false);
    expect(store.get('a')).toBeUndefined();
    expect((storage as MemoryStorage).getItem(REMEMBERED_STORAGE_KEY)).toBeNull();
    expect(reload().get('b')).toBeUndefined();
  });

  it('works without storage (it throws or is missing): memory only', () => {
    for (const storage of [undefined, throwingStorage()]) {
      const { store, run } = setup(storage);
      expect(store.get('a')).toBeUndefined();
      store.remember('a', 1);
      run();
      expect(store.get('a')).toBe(1);
      store.clear();
      expect(store.get('a')).toBeUndefined();
    }
  });
});
