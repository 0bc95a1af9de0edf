/**
 * Keeps asking the browser to activate the waiting service worker after the user pressed Reload.
 *
 * Why: Chromium (seen in 156) swaps versions only once the old worker is idle. On SKIP_WAITING it asks the old
 * worker to stop as soon as no event is pending ("TriggerIdleTerminationAsap"). If the page fetches anything in
 * the ~50 ms while that worker stops (a lazy chunk, a picture, the data worker's reconnect), the browser restarts
 * it for that fetch with its normal 30 s idle timeout, and the request to stop early is forgotten: the new version
 * then waits until the page has been quiet for 30 s (or for the 5 minute lame-duck limit). skipWaiting() again
 * does not help (only a version's first pending skipWaiting reaches the registration).
 *
 * Every fetch of an in-scope main resource (a navigation or a worker script) runs the registration's
 * ActivateWaitingVersionWhenReady again, which renews the early stop. A light such fetch is a throwaway dedicated
 * worker: /activation-nudge.js, which closes itself. So until the page is controlled by the new version, one is
 * started every ACTIVATION_NUDGE_MS, for about a minute: a fetch at the wrong moment then delays the swap by about
 * one period instead of 30 s.
 */

/** /public/activation-nudge.js: precached, so it loads offline too; it closes itself. */
export const ACTIVATION_NUDGE_URL = '/activation-nudge.js';
/** Long enough that a swap that is not stalled is usually done before the first nudge. */
export const ACTIVATION_NUDGE_MS = 1500;
/** Nudges for about a minute at most; after that only the browser's own limits apply (30 s quiet, 5 minutes). */
export const ACTIVATION_NUDGE_LIMIT = 40;

export interface NudgeWorker {
  terminate(): void;
}

export interface ActivationNudgeDeps<Handle> {
  startWorker(url: string): NudgeWorker;
  setTimeout(task: () => void, ms: number): Handle;
  clearTimeout(handle: Handle): void;
}

/** Real workers and the window's timers. */
export const browserNudgeDeps: ActivationNudgeDeps<number> = {
  startWorker: (url) => new Worker(url, { name: 'activation-nudge' }),
  setTimeout: (task, ms) => window.setTimeout(task, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

/**
 * Starts a nudge worker every ACTIVATION_NUDGE_MS (the first one after that delay: posting SKIP_WAITING is the
 * first try) until the returned function is called, ACTIVATION_NUDGE_LIMIT times at most. A worker that cannot
 * be started (no Worker, a blocked script) counts too; the next period tries again.
 */
export function nudgeActivationUntilStopped<Handle>(deps: ActivationNudgeDeps<Handle>): () => void {
  let worker: NudgeWorker | null = null;
  let timer: Handle | null = null;
  let stopped = false;
  let nudges = 0;

  const endWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const nudge = () => {
    if (stopped) return;
    endWorker();
    try {
      worker = deps.startWorker(ACTIVATION_NUDGE_URL);
    } catch {
      worker = null;
    }
    nudges += 1;
    timer = nudges < ACTIVATION_NUDGE_LIMIT ? deps.setTimeout(nudge, ACTIVATION_NUDGE_MS) : null;
  };
  timer = deps.setTimeout(nudge, ACTIVATION_NUDGE_MS);

  return () => {
    stopped = true;
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    endWorker();
  };
}
