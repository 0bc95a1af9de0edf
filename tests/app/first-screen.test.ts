/** The first screen's readiness (src/app/layout/first-screen.ts), which the initial loader waits for (issue 25). */
import { describe, expect, it, vi } from 'vitest';
import { createFirstScreen } from '../../src/app/layout/first-screen';

/** Deferred tasks run only when the test says so (as microtasks run after a commit). */
function manualDefer() {
  const tasks: (() => void)[] = [];
  return {
    defer: (task: () => void) => tasks.push(task),
    flush: () => {
      while (tasks.length > 0) tasks.shift()?.();
    },
  };
}

describe('the first screen', () => {
  it('is not ready before the first commit, though nothing holds it yet; the commit makes it ready', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    const listener = vi.fn();
    screen.whenReady(listener);
    clock.flush();
    expect(screen.ready()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    screen.committed();
    screen.committed(); // idempotent: strict mode runs the frame's effect twice
    clock.flush();
    expect(screen.ready()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('the first commit with a skeleton: ready only when the skeleton goes', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    const listener = vi.fn();
    screen.whenReady(listener); // asked at boot, before anything rendered
    const skeleton = screen.hold(); // the commit: the skeleton's layout effect, then the frame's
    screen.committed();
    clock.flush();
    expect(listener).not.toHaveBeenCalled();
    skeleton();
    clock.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('is ready at once when nothing holds it, and says so to a listener', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    screen.committed();
    expect(screen.ready()).toBe(true);
    const listener = vi.fn();
    screen.whenReady(listener);
    clock.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('waits while held and becomes ready once the last hold is released', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    screen.committed();
    const listener = vi.fn();
    const a = screen.hold();
    const b = screen.hold();
    screen.whenReady(listener);
    expect(screen.ready()).toBe(false);
    a();
    a(); // a second release of the same hold counts once
    clock.flush();
    expect(listener).not.toHaveBeenCalled();
    expect(screen.ready()).toBe(false);
    b();
    clock.flush();
    expect(listener).toHaveBeenCalledOnce();
    expect(screen.ready()).toBe(true);
  });

  it('is not ready when a hold gives way to another in the same commit (a chunk loaded, its data not yet)', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    screen.committed();
    const listener = vi.fn();
    const fallback = screen.hold();
    screen.whenReady(listener);
    fallback();
    const page = screen.hold(); // before the deferred check runs
    clock.flush();
    expect(listener).not.toHaveBeenCalled();
    expect(screen.ready()).toBe(false);
    page();
    clock.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('stays ready for the rest of the page load: later holds do not count', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    screen.committed();
    screen.hold()();
    screen.whenReady(() => undefined);
    clock.flush();
    const later = screen.hold();
    expect(screen.ready()).toBe(true);
    later();
    const listener = vi.fn();
    screen.whenReady(listener);
    clock.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a listener that unsubscribes is not called', () => {
    const clock = manualDefer();
    const screen = createFirstScreen(clock.defer);
    screen.committed();
    const release = screen.hold();
    const listener = vi.fn();
    const stop = screen.whenReady(listener);
    stop();
    release();
    clock.flush();
    expect(listener).not.toHaveBeenCalled();
  });
});
