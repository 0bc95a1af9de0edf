/**
 * What waits behind the first screen (src/app/when-idle.ts afterFirstScreen: the fallback catalogues, the product
 * page's prefetch, the install banner; issue 25): it runs once the first screen has its content and the browser is
 * idle after it, or once the first screen has waited FIRST_SCREEN_WAIT_MS, never twice, never after a cancel.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreen } from '../../src/app/layout/first-screen';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from '../../src/app/when-idle';

/** requestIdleCallback that runs only when the test says the browser is idle. */
function idleBrowser() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal('window', {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    requestIdleCallback: (fn: () => void) => {
      callbacks.set(next, fn);
      return next++;
    },
    cancelIdleCallback: (id: number) => callbacks.delete(id),
  });
  return {
    pending: () => callbacks.size,
    idle: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const fn of due) fn();
    },
  };
}

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits while the first screen is held, then for the browser to be idle', async () => {
    const browser = idleBrowser();
    const screen = createFirstScreen((t) => queueMicrotask(t));
    screen.committed();
    const release = screen.hold();
    const task = vi.fn();
    afterFirstScreen(task, screen);
    browser.idle();
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled();
    expect(browser.pending()).toBe(0);

    release();
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled(); // ready, but the browser has not been idle yet
    expect(browser.pending()).toBe(1);
    browser.idle();
    expect(task).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS * 2);
    browser.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a first screen that never fills after FIRST_SCREEN_WAIT_MS', async () => {
    const browser = idleBrowser();
    const screen = createFirstScreen((t) => queueMicrotask(t));
    screen.committed();
    screen.hold(); // a skeleton that never goes
    const task = vi.fn();
    afterFirstScreen(task, screen);
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    browser.idle();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    browser.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, before or after the first screen is ready', async () => {
    const browser = idleBrowser();
    const screen = createFirstScreen((t) => queueMicrotask(t));
    screen.committed();
    const release = screen.hold();
    const early = vi.fn();
    afterFirstScreen(early, screen)();
    release();
    await Promise.resolve();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
    browser.idle();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = afterFirstScreen(late, screen);
    await Promise.resolve(); // ready already: waiting for idle now
    cancel();
    browser.idle();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
    expect(late).not.toHaveBeenCalled();
  });

  it('asked at boot, before the first commit, it waits for that commit and its skeletons', async () => {
    const browser = idleBrowser();
    const screen = createFirstScreen((t) => queueMicrotask(t));
    const task = vi.fn();
    afterFirstScreen(task, screen); // nothing holds the screen yet: nothing has rendered
    await Promise.resolve();
    browser.idle();
    expect(task).not.toHaveBeenCalled();
    expect(browser.pending()).toBe(0);

    const skeleton = screen.hold();
    screen.committed();
    await Promise.resolve();
    browser.idle();
    expect(task).not.toHaveBeenCalled();
    skeleton();
    await Promise.resolve();
    browser.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
