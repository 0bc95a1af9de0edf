/**
 * The initial loader shows once per browser session, for 3 seconds (spec §2, §9).
 * The session is sessionStorage's: a new tab or a new visit shows it again, a
 * reload or an in-app navigation does not.
 */
export const INITIAL_LOADER_MS = 3_000;
export const INITIAL_LOADER_KEY = 'souk.initialLoaderShown';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True the first time it is asked in a session (and records that it was): the loader is to be shown now.
 * A storage that refuses (blocked storage, private modes) answers false: without a way to remember, showing
 * the loader on every load would be worse than not showing it.
 */
export function claimInitialLoader(store: SessionStore): boolean {
  try {
    if (store.getItem(INITIAL_LOADER_KEY) !== null) return false;
    store.setItem(INITIAL_LOADER_KEY, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

let decided: boolean | null = null;

/** claimInitialLoader(sessionStorage), decided once per page load (React may mount the shell twice). */
export function initialLoaderThisLoad(): boolean {
  if (decided === null) decided = typeof sessionStorage === 'undefined' ? false : claimInitialLoader(sessionStorage);
  return decided;
}
