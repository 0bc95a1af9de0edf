/**
 * The page's answer pacing (src/app/data/answer-pacing.ts, issue 25): outside a sync every live answer is applied
 * at once; while one runs, answers are applied at most once per window, those that wait together in one batch.
 */
import { describe, expect, it } from 'vitest';
import { createAnswerPacing, type PacingClock } from '../../src/app/data/answer-pacing';

function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; task: () => void }> = [];
  const clock: PacingClock = {
    now: () => now,
    setTimeout: (task, ms) => timers.push({ at: now + ms, task }),
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.task();
      }
    },
  };
}

function paced() {
  const time = manualClock();
  const batches: string[][] = [];
  let current: string[] | null = null;
  const pacing = createAnswerPacing(500, time.clock, (updates) => {
    current = [];
    updates();
    batches.push(current);
    current = null;
  });
  const answer = (name: string) => pacing.deliver(() => current?.push(name));
  return { pacing, time, batches, answer };
}

describe('answer pacing', () => {
  it('applies every answer at once, each on its own, when no sync runs', () => {
    const { answer, batches } = paced();
    answer('a');
    answer('b');
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('while a sync runs, applies the first at once and the rest of a window together at its end', () => {
    const { pacing, answer, batches, time } = paced();
    pacing.setSyncing(true);
    answer('row 1');
    time.advance(100);
    answer('row 2');
    answer('row 3');
    time.advance(399);
    expect(batches).toEqual([['row 1']]);
    time.advance(1);
    expect(batches).toEqual([['row 1'], ['row 2', 'row 3']]);
    // The next window starts at that batch: an answer 200 ms later waits 300 ms.
    time.advance(200);
    answer('row 4');
    time.advance(299);
    expect(batches).toHaveLength(2);
    time.advance(1);
    expect(batches).toEqual([['row 1'], ['row 2', 'row 3'], ['row 4']]);
    // After a quiet window, at once again.
    time.advance(600);
    answer('row 5');
    expect(batches.at(-1)).toEqual(['row 5']);
  });

  it('applies what waits as soon as the sync ends', () => {
    const { pacing, answer, batches, time } = paced();
    pacing.setSyncing(true);
    answer('a');
    time.advance(10);
    answer('b');
    pacing.setSyncing(false);
    expect(batches).toEqual([['a'], ['b']]);
    time.advance(490); // the window's timer finds nothing left
    expect(batches).toEqual([['a'], ['b']]);
    answer('c');
    expect(batches).toEqual([['a'], ['b'], ['c']]);
  });
});
