/**
 * The app's one session store, on window.localStorage, kept in step with other
 * tabs (`storage` events) and re-checked when the tab comes back (a device that
 * slept past the expiry may not have run the timer). Every sign-out, whatever its
 * cause, runs the logout wipe of personal data (personal-data.ts); only an explicit
 * logout discards the queued writes.
 */
import { discardQueuedWrites, wipePersonalData } from './personal-data';
import { safeLocalStorage } from '../safe-storage';
import { SessionStore, systemClock, type KeyValueStorage } from './session-store';

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

// Storage blocked (privacy settings): keep the session in memory.
export const session = new SessionStore(safeLocalStorage() ?? memoryStorage(), systemClock, wipePersonalData, discardQueuedWrites);

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
    session.handleStorageChange(event.key);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') session.check();
  });
}
