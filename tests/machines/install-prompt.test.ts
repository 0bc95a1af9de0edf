/**
 * The install prompt machine (spec §4, §9) with fake timers: the score threshold 50 + 10 per dismissal,
 * the waits 7, 14, 30 days switching to 14, 30, 90 after 3 dismissals, the last 10 dismissals kept,
 * success, the reminder when already installed, unsupported and failed prompts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import {
  DAY_MS,
  INSTALL_SUCCESS_MS,
  installThreshold,
  installView,
  reminderIntervalDays,
  type InstallStoredState,
} from '../../src/machines/install-prompt';
import { startInstallActor } from './support/install-actor';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const start = startInstallActor;

const days = (n: number) => vi.advanceTimersByTimeAsync(n * DAY_MS);

describe('the engagement threshold', () => {
  it('shows the prompt at 50 points, not at 49, and only once the browser offers installation', () => {
    const { actor, view } = start();
    actor.send({ type: 'ENGAGE', points: 60 });
    expect(view(), 'no beforeinstallprompt yet').toBe('hidden');
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view()).toBe('prompt');

    const low = start();
    low.actor.send({ type: 'PROMPT_AVAILABLE' });
    low.actor.send({ type: 'ENGAGE', points: 49 });
    expect(low.view()).toBe('hidden');
    low.actor.send({ type: 'ENGAGE', points: 1 });
    expect(low.view()).toBe('prompt');
    expect(low.stored().score).toBe(50);
  });

  it('needs 10 more points per stored dismissal', () => {
    expect([0, 1, 3, 10].map(installThreshold)).toEqual([50, 60, 80, 150]);
    const dismissedLongAgo = Date.now() - 400 * DAY_MS;
    const { actor, view } = start({ stored: { score: 69, dismissals: [dismissedLongAgo, dismissedLongAgo + 1], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view(), '69 < 70 with two dismissals').toBe('hidden');
    actor.send({ type: 'ENGAGE', points: 1 });
    expect(view()).toBe('prompt');
  });
});

describe('the waits between prompts', () => {
  it('are 7, 14, 30 days after the first three dismissals, then 14, 30, 90, 90', () => {
    expect([1, 2, 3].map(reminderIntervalDays)).toEqual([7, 14, 30]);
    expect([4, 5, 6, 7, 10].map(reminderIntervalDays)).toEqual([14, 30, 90, 90, 90]);
  });

  it('brings the prompt back exactly when each wait is over, switching sequence after 3 dismissals', async () => {
    const { actor, view, stored } = start({ stored: { score: 1000, dismissals: [], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view()).toBe('prompt');

    const waits = [7, 14, 30, 14, 30, 90, 90];
    for (const [i, wait] of waits.entries()) {
      actor.send({ type: 'DISMISS' });
      expect(stored().dismissals).toHaveLength(i + 1);
      expect(view(), `hidden right after dismissal ${i + 1}`).toBe('hidden');
      await vi.advanceTimersByTimeAsync(wait * DAY_MS - 1);
      actor.send({ type: 'ENGAGE', points: 0 });
      expect(view(), `not before ${wait} days after dismissal ${i + 1}`).toBe('hidden');
      await vi.advanceTimersByTimeAsync(1);
      actor.send({ type: 'ENGAGE', points: 0 });
      expect(view(), `back ${wait} days after dismissal ${i + 1}`).toBe('prompt');
    }
  });

  it('keeps counting from stored dismissals on a new visit', async () => {
    const now = Date.now();
    const three = [now - 40 * DAY_MS, now - 30 * DAY_MS, now - 13 * DAY_MS];
    const early = start({ stored: { score: 500, dismissals: three, installedAt: null } });
    early.actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(early.view(), '13 days after the 3rd dismissal: the wait is 30').toBe('hidden');
    early.actor.stop();

    await days(17);
    const later = start({ stored: { score: 500, dismissals: three, installedAt: null } });
    later.actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(later.view()).toBe('prompt');
  });

  it('keeps only the last 10 dismissals', async () => {
    const { actor, stored } = start({ stored: { score: 10_000, dismissals: [], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      await waitFor(actor, (s) => installView(s.value) === 'prompt');
      times.push(Date.now());
      actor.send({ type: 'DISMISS' });
      await days(90);
      actor.send({ type: 'ENGAGE', points: 0 });
    }
    expect(stored().dismissals).toEqual(times.slice(-10));
    expect(installThreshold(stored().dismissals.length)).toBe(150);
  });
});

describe('installing', () => {
  it('Install shows the browser dialog; accepted → success for 5 s, then nothing; the install time is stored', async () => {
    const { actor, view, stored, prompt } = start({ stored: { score: 50, dismissals: [], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'INSTALL' });
    expect(view()).toBe('prompting');
    await waitFor(actor, (s) => s.matches('success'));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(stored().installedAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(INSTALL_SUCCESS_MS - 1);
    expect(view()).toBe('success');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('installed');
    expect(view()).toBe('hidden');
  });

  it("a 'dismissed' answer in the browser's dialog counts as a dismissal and waits for a new offer", async () => {
    const { actor, view, stored } = start({
      stored: { score: 50, dismissals: [], installedAt: null },
      choice: () => Promise.resolve({ outcome: 'dismissed' }),
    });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(stored().dismissals).toEqual([Date.now()]);
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view(), 'threshold now 60').toBe('hidden');
  });

  it('a prompt that throws shows install failed, and closing it waits for a new offer', async () => {
    const { actor, view } = start({ stored: { score: 50, dismissals: [], installedAt: null }, choice: () => Promise.reject(new Error('no')) });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('appinstalled from elsewhere (the browser menu) also ends in success', () => {
    const { actor, view, stored } = start();
    actor.send({ type: 'INSTALLED' });
    expect(view()).toBe('success');
    expect(stored().installedAt).toBe(Date.now());
  });

  it('shows nothing when running as the installed app', () => {
    const { actor, view } = start({ standalone: true, stored: { score: 999, dismissals: [], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(actor.getSnapshot().value).toBe('installed');
    expect(view()).toBe('hidden');
  });
});

describe('the reminder when already installed', () => {
  it('shows 7 days after the install, Not now counts and waits 14 days next visit', async () => {
    const installedAt = Date.now();
    const soon = start({ stored: { score: 0, dismissals: [], installedAt } });
    expect(soon.view()).toBe('hidden');
    soon.actor.stop();

    await days(7);
    const due = start({ stored: { score: 0, dismissals: [], installedAt } });
    expect(due.view()).toBe('reminder');
    due.actor.send({ type: 'DISMISS' });
    expect(due.view()).toBe('hidden');
    const after = due.stored();
    expect(after.dismissals).toEqual([Date.now()]);

    await days(7);
    expect(start({ stored: after }).view(), '7 days after the 1st dismissal: wait is 7').toBe('reminder');
    const second = withTwo(after);
    await days(13);
    expect(start({ stored: second }).view(), 'wait after the 2nd dismissal is 14').toBe('hidden');
    await days(1);
    expect(start({ stored: second }).view()).toBe('reminder');
  });

  it('a new offer means the app was uninstalled: the prompt rules apply again', () => {
    const { actor, view, stored } = start({ stored: { score: 80, dismissals: [], installedAt: Date.now() } });
    expect(view()).toBe('hidden');
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(stored().installedAt).toBeNull();
    expect(view()).toBe('prompt');
  });
});

describe('unsupported browsers', () => {
  it("say 'install not supported' once engaged enough, and Not now counts as a dismissal", async () => {
    const { actor, view, stored } = start({ supported: false });
    expect(view()).toBe('hidden');
    actor.send({ type: 'ENGAGE', points: 50 });
    expect(view()).toBe('unsupported');
    actor.send({ type: 'DISMISS' });
    expect(view()).toBe('hidden');
    expect(stored().dismissals).toHaveLength(1);
    await days(7);
    actor.send({ type: 'ENGAGE', points: 10 });
    expect(view()).toBe('unsupported');
  });
});

/** `stored` with a 2nd dismissal now. */
function withTwo(stored: InstallStoredState): InstallStoredState {
  return { ...stored, dismissals: [...stored.dismissals, Date.now()] };
}
