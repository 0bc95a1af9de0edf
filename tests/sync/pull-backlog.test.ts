/** The pull backlog's rules: room at or under the bound, waiting for writes, the longest wait, reset and abort. */
import { describe, expect, it } from 'vitest';
import { createPullBacklog } from '../../src/sync/pull-backlog';

function manualTimer() {
  const timers: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  return {
    timers,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return () => void (t.cancelled = true);
    },
    fire: () => timers.filter((t) => !t.cancelled).forEach((t) => t.fn()),
  };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('createPullBacklog', () => {
  it('has room while pulled minus written is at most the bound', async () => {
    const b = createPullBacklog(100);
    expect(await settled(b.room(new AbortController().signal))).toBe(true);
    b.pulled(100);
    expect(await settled(b.room(new AbortController().signal))).toBe(true);
    b.pulled(1);
    expect(b.waiting).toBe(101);
  });

  it('waits past the bound until enough is written', async () => {
    const timer = manualTimer();
    const b = createPullBacklog(100, { setTimer: timer.setTimer });
    b.pulled(200);
    const room = b.room(new AbortController().signal);
    expect(await settled(room)).toBe(false);
    b.written(50);
    expect(await settled(room)).toBe(false);
    b.written(50);
    expect(await settled(room)).toBe(true);
    expect(timer.timers[0]!.cancelled, 'its longest-wait timer is cancelled').toBe(true);
  });

  it('stops waiting after the longest wait and forgives the shortfall (documents RxDB did not write)', async () => {
    const timer = manualTimer();
    const b = createPullBacklog(100, { setTimer: timer.setTimer, maxWaitMs: 2_000 });
    b.pulled(300);
    const room = b.room(new AbortController().signal);
    expect(timer.timers[0]!.ms).toBe(2_000);
    timer.fire();
    expect(await settled(room)).toBe(true);
    expect(b.waiting).toBe(100);
    // The next batch then waits only for its own writes.
    b.pulled(100);
    const next = b.room(new AbortController().signal);
    b.written(100);
    expect(await settled(next)).toBe(true);
  });

  it('reset (the replication went idle) and abort (stopped) end a wait', async () => {
    const timer = manualTimer();
    const b = createPullBacklog(10, { setTimer: timer.setTimer });
    b.pulled(50);
    const waiting = b.room(new AbortController().signal);
    b.reset();
    expect(await settled(waiting)).toBe(true);
    expect(b.waiting).toBe(0);

    b.pulled(50);
    const stop = new AbortController();
    const stopped = b.room(stop.signal);
    expect(await settled(stopped)).toBe(false);
    stop.abort();
    expect(await settled(stopped)).toBe(true);
    expect(await settled(b.room(stop.signal)), 'an aborted signal never waits').toBe(true);
  });
});
