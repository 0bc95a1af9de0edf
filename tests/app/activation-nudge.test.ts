import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVATION_NUDGE_LIMIT,
  ACTIVATION_NUDGE_MS,
  ACTIVATION_NUDGE_URL,
  nudgeActivationUntilStopped,
  type ActivationNudgeDeps,
} from '../../src/app/sw/activation-nudge';

interface Started {
  url: string;
  terminated: boolean;
}

type Handle = ReturnType<typeof setTimeout>;

function fakeDeps(options: { failStarts?: number } = {}): { deps: ActivationNudgeDeps<Handle>; started: Started[] } {
  const started: Started[] = [];
  let failures = options.failStarts ?? 0;
  const deps: ActivationNudgeDeps<Handle> = {
    startWorker: (url) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SecurityError');
      }
      const worker: Started = { url, terminated: false };
      started.push(worker);
      return { terminate: () => (worker.terminated = true) };
    },
    setTimeout: (task, ms) => setTimeout(task, ms),
    clearTimeout: (handle) => clearTimeout(handle),
  };
  return { deps, started };
}

describe('nudging the browser to activate the waiting service worker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves the first period to SKIP_WAITING, then starts one nudge worker per period', () => {
    const { deps, started } = fakeDeps();
    nudgeActivationUntilStopped(deps);

    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS - 1);
    expect(started).toHaveLength(0);

    vi.advanceTimersByTime(1);
    expect(started.map((w) => w.url)).toEqual([ACTIVATION_NUDGE_URL]);

    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * 3);
    expect(started).toHaveLength(4);
    // Each nudge ends the one before it: at most one worker lives at a time.
    expect(started.filter((w) => !w.terminated)).toHaveLength(1);
  });

  it('stops when the new version controls the page, and ends the last nudge worker', () => {
    const { deps, started } = fakeDeps();
    const stop = nudgeActivationUntilStopped(deps);
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * 2);
    expect(started).toHaveLength(2);

    stop();
    expect(started.every((w) => w.terminated)).toBe(true);
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * 10);
    expect(started).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stopping before the first nudge starts none', () => {
    const { deps, started } = fakeDeps();
    nudgeActivationUntilStopped(deps)();
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * 5);
    expect(started).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up after ACTIVATION_NUDGE_LIMIT nudges, leaving the last worker to close itself', () => {
    const { deps, started } = fakeDeps();
    nudgeActivationUntilStopped(deps);
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * (ACTIVATION_NUDGE_LIMIT + 10));
    expect(started).toHaveLength(ACTIVATION_NUDGE_LIMIT);
    expect(started.at(-1)?.terminated).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps trying when a worker cannot be started', () => {
    const { deps, started } = fakeDeps({ failStarts: 2 });
    nudgeActivationUntilStopped(deps);
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * 3);
    expect(started).toHaveLength(1);
    // Failed starts count towards the limit.
    vi.advanceTimersByTime(ACTIVATION_NUDGE_MS * ACTIVATION_NUDGE_LIMIT);
    expect(started).toHaveLength(ACTIVATION_NUDGE_LIMIT - 2);
  });
});
