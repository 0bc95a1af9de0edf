/**
 * The pace at which live answers reach the screen while a sync runs (issue 25: a screen re-renders only when what
 * it shows changes, and at most once per 500 ms while a sync runs).
 *
 * Each live query (use-data.ts) already re-reads at most once a second while changes keep coming, but a screen
 * holds several (the home page: seven rows, the shops, the categories) and each keeps its own time, so during a
 * first sync their answers reached the page one after another, each a commit of its own. Here they meet: outside
 * a sync an answer is applied at once; during one, the first answer is applied at once and the others that come
 * within `windowMs` of the last application wait and are applied together at its end, in one transition (one
 * render, one commit).
 */
import { startTransition } from 'react';

export const ANSWER_WINDOW_MS = 500;

export interface AnswerPacing {
  /** Applies `update` (a state setter call) now or with the next batch. */
  deliver(update: () => void): void;
  /** Whether a sync runs (the pacing applies only then); turning it off applies what waits at once. */
  setSyncing(syncing: boolean): void;
}

export interface PacingClock {
  now(): number;
  setTimeout(task: () => void, ms: number): unknown;
}

const realClock: PacingClock = {
  now: () => performance.now(),
  setTimeout: (task, ms) => setTimeout(task, ms),
};

export function createAnswerPacing(
  windowMs = ANSWER_WINDOW_MS,
  clock: PacingClock = realClock,
  apply: (updates: () => void) => void = startTransition,
): AnswerPacing {
  let syncing = false;
  let lastApplied = -Infinity;
  let waiting: Array<() => void> = [];
  let timerSet = false;

  const flush = () => {
    timerSet = false;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    lastApplied = clock.now();
    apply(() => {
      for (const update of batch) update();
    });
  };

  return {
    deliver(update) {
      if (!syncing) {
        apply(update);
        return;
      }
      waiting.push(update);
      if (timerSet) return;
      const wait = lastApplied + windowMs - clock.now();
      if (wait <= 0) flush();
      else {
        timerSet = true;
        clock.setTimeout(flush, wait);
      }
    },
    setSyncing(next) {
      syncing = next;
      if (!next) flush();
    },
  };
}

/** The page's one pacing, shared by every live query (use-data.ts) and told about the sync by AnswerPacingSync. */
export const answerPacing = createAnswerPacing();
