import { describe, expect, it } from 'vitest';
import { createApplyUpdate, type UpdateTarget } from '../../src/app/sw/apply-update';

function fakeTarget() {
  const listeners: (() => void)[] = [];
  let skipWaitingPosts = 0;
  const target: UpdateTarget = {
    addEventListener: (_type, listener) => listeners.push(listener),
    messageSkipWaiting: () => (skipWaitingPosts += 1),
  };
  return {
    target,
    listeners,
    skipWaitingPosts: () => skipWaitingPosts,
    controlChanges: () => listeners.forEach((listener) => listener()),
  };
}

function fakeDeps() {
  const loops: { stopped: boolean }[] = [];
  let reloads = 0;
  return {
    deps: {
      startNudging: () => {
        const loop = { stopped: false };
        loops.push(loop);
        return () => (loop.stopped = true);
      },
      reload: () => (reloads += 1),
    },
    loops,
    reloads: () => reloads,
  };
}

describe('Reload on the update banner', () => {
  it('posts SKIP_WAITING, nudges until the new version controls the page, then reloads once', () => {
    const t = fakeTarget();
    const d = fakeDeps();
    const apply = createApplyUpdate(t.target, d.deps);

    apply();
    expect(t.skipWaitingPosts()).toBe(1);
    expect(d.loops).toEqual([{ stopped: false }]);
    expect(d.reloads()).toBe(0);

    t.controlChanges();
    expect(d.loops).toEqual([{ stopped: true }]);
    expect(d.reloads()).toBe(1);
  });

  it('a second press posts SKIP_WAITING again and restarts the nudges; it still reloads only once', () => {
    const t = fakeTarget();
    const d = fakeDeps();
    const apply = createApplyUpdate(t.target, d.deps);

    apply();
    apply();
    expect(t.skipWaitingPosts()).toBe(2);
    expect(d.loops.map((l) => l.stopped)).toEqual([true, false]);
    expect(t.listeners).toHaveLength(1);

    t.controlChanges();
    expect(d.loops.every((l) => l.stopped)).toBe(true);
    expect(d.reloads()).toBe(1);
  });
});
