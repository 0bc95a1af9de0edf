/**
 * Runs work the first screen does not need once the browser is idle after it (requestIdleCallback, with a
 * timeout so a busy page still gets it; a short timer where the API is missing, as in Safari before 18).
 */
const IDLE_TIMEOUT_MS = 2_000;

export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(task, 50);
}
