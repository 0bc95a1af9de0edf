/**
 * The app's one session store, on window.localStorage, kept in step with other
 * tabs (`storage` events) and re-checked when the tab comes back (a device that
 * slept past the expiry may not have run the timer).
 */
import { SessionStore, type KeyValueStorage } from './session-store';

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked (privacy settings): keep the session in memory.
  }
  return memoryStorage();
}

export const session = new SessionStore(browserStorage());

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
    const before = session.getSnapshot().status;
    session.handleStorageChange(event.key);
    // Logged out in another tab: this tab's own per-tab data goes too (the shared stores were wiped there).
    if (before === 'signed-in' && session.getSnapshot().status === 'guest') {
      try {
        sessionStorage.clear();
      } catch {
        // No sessionStorage: nothing to clear.
      }
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') session.check();
  });
}
