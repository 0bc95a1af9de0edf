/**
 * The initial loader shows once per browser session (spec §2, §9), while the first screen is not ready, for at most
 * 3 seconds (issue 25's decision; initial-loader.tsx). The session is sessionStorage's: a new tab or a new visit
 * claims it again, a reload or an in-app navigation does not.
 */
export const INITIAL_LOADER_MS = 3_000;
/** It shows only when the first screen is still not ready this long after the start (a fast start never flashes it). */
export const INITIAL_LOADER_GRACE_MS = 300;
/** The fade when it goes. */
export const INITIAL_LOADER_FADE_MS = 200;
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
