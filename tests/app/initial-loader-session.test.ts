import { describe, expect, it } from 'vitest';
import { claimInitialLoader, INITIAL_LOADER_KEY, INITIAL_LOADER_MS } from '../../src/app/layout/initial-loader-session';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('the initial loader once per session', () => {
  it('lasts 3 seconds (spec §9)', () => {
    expect(INITIAL_LOADER_MS).toBe(3000);
  });

  it('is shown the first time in a session only', () => {
    const session = memoryStore();
    expect(claimInitialLoader(session)).toBe(true);
    expect(session.map.has(INITIAL_LOADER_KEY)).toBe(true);
    expect(claimInitialLoader(session)).toBe(false);
    expect(claimInitialLoader(session)).toBe(false);
  });

  it('is shown again in a new session', () => {
    expect(claimInitialLoader(memoryStore())).toBe(true);
    expect(claimInitialLoader(memoryStore())).toBe(true);
  });

  it('is not shown when the session storage refuses (it could not be remembered)', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(claimInitialLoader(refusing)).toBe(false);
    const unreadable = {
      getItem: (): string | null => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimInitialLoader(unreadable)).toBe(false);
  });
});
