/**
 * Runs work the first screen does not need once the browser is idle after it (requestIdleCallback, with a
 * timeout so a busy page still gets it; a short timer where the API is missing, as in Safari before 18).
 */
import { startTransition, useEffect, useState } from 'react';
import { firstScreen, type FirstScreen } from './layout/first-screen';

const IDLE_TIMEOUT_MS = 2_000;
/** A first screen still waiting after this long (a skeleton that cannot fill) no longer holds back what waits on it. */
export const FIRST_SCREEN_WAIT_MS = 5_000;

export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 50);
  return () => window.clearTimeout(timer);
}

/**
 * Once this page load's first screen has its content (layout/first-screen.ts) and the browser is idle after it:
 * for what no screen waits on (the fallback catalogues, a prefetched page, the install banner). On a first visit
 * on a slow phone these landed while the first screen was still filling and made long tasks of their own
 * (issue 25). It may be called at any time, before the first commit too: the first screen is not ready before the
 * app shell's first commit (first-screen.ts `committed`). Returns a cancel.
 */
export function afterFirstScreen(task: () => void, screen: FirstScreen = firstScreen): () => void {
  let cancelIdle: (() => void) | null = null;
  const due = () => {
    if (cancelIdle !== null) return;
    stopWaiting();
    window.clearTimeout(cap);
    cancelIdle = whenIdle(task);
  };
  const stopWaiting = screen.whenReady(due);
  const cap = window.setTimeout(due, FIRST_SCREEN_WAIT_MS);
  return () => {
    stopWaiting();
    window.clearTimeout(cap);
    cancelIdle?.();
  };
}

/** False until afterFirstScreen would run: mount what can wait behind it. */
export function useAfterFirstScreen(): boolean {
  const [due, setDue] = useState(false);
  // A transition: what mounts then renders in slices, not as one long task.
  useEffect(() => afterFirstScreen(() => startTransition(() => setDue(true))), []);
  return due;
}
