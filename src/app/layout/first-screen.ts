/**
 * Whether the first screen of this page load has its content (issue 25: the initial loader goes the moment it has,
 * and a screen ready at once never sees the loader). A screen is waiting while something on it holds it: every
 * loading skeleton does (ui/states.tsx `Skeleton`, so a page's chunk loading, a listing's cards, a product page),
 * for as long as it is shown. The first time nothing holds it, after a commit, the first screen is ready, for the
 * rest of the page load: later skeletons (a filter, another page) no longer count.
 *
 * A release is not final at once: when a skeleton gives way to another one in the same commit (a page's chunk
 * loaded, its data not yet), React runs the old one's cleanup before the new one's effect, so the count touches 0
 * for a moment. The check runs in a microtask, after the commit has finished.
 *
 * Nothing is ready before the first commit: until then no skeleton has mounted to hold the screen, so "nothing
 * holds it" would be true of an empty page. The app shell says when its first commit happened (`committed`), and
 * only then can the screen settle; what asks earlier (the boot's afterFirstScreen) simply waits.
 */
type Listener = () => void;

export interface FirstScreen {
  /** Holds the first screen until the returned release is called (a no-op once ready). */
  hold(): () => void;
  /** The app's first commit happened: from now on, nothing holding the screen makes it ready. Idempotent. */
  committed(): void;
  /** The first commit happened and nothing holds it after the last commit (or it was ready already). */
  ready(): boolean;
  /** Calls `listener` once, when it becomes ready (at once, in a microtask, when it is). */
  whenReady(listener: Listener): () => void;
}

export function createFirstScreen(defer: (task: () => void) => void = queueMicrotask): FirstScreen {
  let holds = 0;
  let settled = false;
  let hasCommitted = false;
  const listeners = new Set<Listener>();

  const settleIfFree = () => {
    if (settled || !hasCommitted || holds > 0) return;
    settled = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };

  return {
    hold() {
      if (settled) return () => undefined;
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) defer(settleIfFree);
      };
    },
    committed() {
      if (hasCommitted) return;
      hasCommitted = true;
      defer(settleIfFree);
    },
    ready: () => settled || (hasCommitted && holds === 0),
    whenReady(listener) {
      if (settled) {
        defer(listener);
        return () => undefined;
      }
      listeners.add(listener);
      if (holds === 0) defer(settleIfFree);
      return () => listeners.delete(listener);
    },
  };
}

/** This page load's first screen. */
export const firstScreen = createFirstScreen();
