/**
 * What the update banner's Reload does: post SKIP_WAITING to the waiting worker, nudge the browser until the new
 * version controls the page (activation-nudge.ts), then reload into it.
 *
 * Each press starts the nudges afresh (they stop after about a minute) and posts SKIP_WAITING again, which reaches
 * a newer version if one has replaced the waiting one; the page reloads once, on the first change of control.
 */
import { browserNudgeDeps, nudgeActivationUntilStopped } from './activation-nudge';

/** The part of workbox-window's Workbox this uses. */
export interface UpdateTarget {
  addEventListener(type: 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

export interface ApplyUpdateDeps {
  startNudging(): () => void;
  reload(): void;
}

const browserDeps: ApplyUpdateDeps = {
  startNudging: () => nudgeActivationUntilStopped(browserNudgeDeps),
  reload: () => window.location.reload(),
};

export function createApplyUpdate(target: UpdateTarget, deps: ApplyUpdateDeps = browserDeps): () => void {
  let stopNudging: (() => void) | null = null;
  let listening = false;
  return () => {
    stopNudging?.();
    stopNudging = deps.startNudging();
    if (!listening) {
      listening = true;
      target.addEventListener('controlling', () => {
        stopNudging?.();
        stopNudging = null;
        deps.reload();
      });
    }
    target.messageSkipWaiting();
  };
}
