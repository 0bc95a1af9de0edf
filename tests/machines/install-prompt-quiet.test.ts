/**
 * The install prompt machine never gets in the way (issue 21): nothing shows on the checkout, sign-in and
 * registration pages, nor while a form holds unsent input. A prompt, reminder or 'not supported' note is withdrawn
 * there without counting as a dismissal and comes back after; 'installed' and 'failed' close. With fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import {
  DAY_MS,
  installPromptSuppressed,
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

const DUE: InstallStoredState = { score: 100, dismissals: [], installedAt: null };

const start = startInstallActor;

describe('the pages where nothing shows', () => {
  it('are the checkout, sign-in and registration pages (and below them), or any page with unsent input', () => {
    for (const path of ['/checkout', '/checkout/', '/login', '/login?redirect=%2Fcheckout', '/register', '/register/', '/checkout/x']) {
      expect(installPromptSuppressed(path, false), path).toBe(true);
    }
    for (const path of ['/', '', '/cart', '/products/3', '/checkouts', '/loginx', '/account', '/orders/1', '/products?q=login']) {
      expect(installPromptSuppressed(path, false), path).toBe(false);
    }
    expect(installPromptSuppressed('/products/3', true)).toBe(true);
  });
});

describe('the prompt', () => {
  it('never shows on the checkout, even when due there, and shows on the next ordinary page', () => {
    const { actor, view, seen } = start({ stored: DUE, path: '/checkout' });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'ENGAGE', points: 5 });
    expect(view()).toBe('hidden');
    actor.send({ type: 'PAGE_CHANGED', path: '/cart' });
    expect(view()).toBe('prompt');
    expect(seen.slice(0, -1)).not.toContain('prompt');
  });

  it('is withdrawn on arriving at the sign-in or registration page, without counting a dismissal', () => {
    for (const path of ['/login', '/register']) {
      const { actor, view, stored } = start({ stored: DUE });
      actor.send({ type: 'PROMPT_AVAILABLE' });
      expect(view()).toBe('prompt');
      actor.send({ type: 'PAGE_CHANGED', path });
      expect(view(), path).toBe('hidden');
      expect(actor.getSnapshot().value).toBe('ready');
      expect(stored().dismissals, 'no dismissal recorded').toEqual([]);
      actor.send({ type: 'PAGE_CHANGED', path: '/' });
      expect(view(), `back after ${path}`).toBe('prompt');
    }
  });

  it('the points that reach the threshold on arriving at the checkout never show it there', () => {
    const { actor, view, seen, stored } = start({ stored: { score: 45, dismissals: [], installedAt: null } });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view()).toBe('hidden');
    // What the app sends on arriving at a page: the page first, then its points.
    actor.send({ type: 'PAGE_CHANGED', path: '/checkout' });
    actor.send({ type: 'ENGAGE', points: 5 });
    expect(stored().score, 'the points still count').toBe(50);
    expect(seen).not.toContain('prompt');
    actor.send({ type: 'PAGE_CHANGED', path: '/orders/1' });
    expect(view()).toBe('prompt');
  });

  it('hides while a form holds unsent input and comes back once it is sent', () => {
    const { actor, view, stored } = start({ stored: DUE });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view()).toBe('prompt');
    actor.send({ type: 'UNSENT_INPUT', unsent: true });
    expect(view()).toBe('hidden');
    actor.send({ type: 'PAGE_CHANGED', path: '/products/3' });
    expect(view(), 'still unsent on another page').toBe('hidden');
    actor.send({ type: 'UNSENT_INPUT', unsent: false });
    expect(view()).toBe('prompt');
    expect(stored().dismissals).toEqual([]);
  });

  it('starts quiet when the first page is a quiet one or a form already holds input', () => {
    for (const input of [{ path: '/login' }, { path: '/', unsentInput: true }]) {
      const { actor, view, seen } = start({ stored: DUE, ...input });
      actor.send({ type: 'PROMPT_AVAILABLE' });
      expect(view(), JSON.stringify(input)).toBe('hidden');
      expect(seen).not.toContain('prompt');
    }
  });

  it('keeps the dismissal counters and waits as they were: a withdrawn prompt is not a dismissal', async () => {
    const { actor, view, stored } = start({ stored: DUE });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'DISMISS' });
    expect(stored().dismissals).toHaveLength(1);
    // The 7-day wait after the 1st dismissal runs out on the checkout: nothing until the buyer leaves it.
    actor.send({ type: 'PAGE_CHANGED', path: '/checkout' });
    await vi.advanceTimersByTimeAsync(7 * DAY_MS);
    actor.send({ type: 'ENGAGE', points: 0 });
    expect(view()).toBe('hidden');
    actor.send({ type: 'PAGE_CHANGED', path: '/' });
    expect(view()).toBe('prompt');
    actor.send({ type: 'PAGE_CHANGED', path: '/checkout' });
    expect(view()).toBe('hidden');
    expect(stored().dismissals, 'still the one dismissal').toHaveLength(1);
  });
});

describe('the other banners', () => {
  it("the 'already installed' reminder waits out the checkout and unsent forms, uncounted", async () => {
    const installedAt = Date.now();
    await vi.advanceTimersByTimeAsync(7 * DAY_MS);
    const { actor, view, stored, seen } = start({ stored: { score: 0, dismissals: [], installedAt }, path: '/checkout' });
    expect(view()).toBe('hidden');
    expect(seen).not.toContain('reminder');
    actor.send({ type: 'PAGE_CHANGED', path: '/' });
    expect(view()).toBe('reminder');
    actor.send({ type: 'UNSENT_INPUT', unsent: true });
    expect(view()).toBe('hidden');
    expect(actor.getSnapshot().value).toBe('installedHere');
    actor.send({ type: 'UNSENT_INPUT', unsent: false });
    expect(view()).toBe('reminder');
    expect(stored().dismissals).toEqual([]);
  });

  it("'install not supported' waits out the sign-in page, uncounted", () => {
    const { actor, view, stored } = start({ supported: false });
    actor.send({ type: 'ENGAGE', points: 50 });
    expect(view()).toBe('unsupported');
    actor.send({ type: 'PAGE_CHANGED', path: '/login' });
    expect(view()).toBe('hidden');
    actor.send({ type: 'PAGE_CHANGED', path: '/products' });
    expect(view()).toBe('unsupported');
    expect(stored().dismissals).toEqual([]);
  });

  it("'Souk is installed' closes on reaching the checkout, the install kept", async () => {
    const { actor, view, stored } = start({ stored: DUE });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'PAGE_CHANGED', path: '/checkout' });
    expect(actor.getSnapshot().value).toBe('installed');
    expect(view()).toBe('hidden');
    expect(stored().installedAt).toBe(Date.now());
  });

  it("'Install failed' closes when a form gets unsent input, and a new offer shows once it is sent", async () => {
    const { actor, view } = start({ stored: DUE, choice: () => Promise.reject(new Error('no')) });
    actor.send({ type: 'PROMPT_AVAILABLE' });
    actor.send({ type: 'INSTALL' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'UNSENT_INPUT', unsent: true });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'PROMPT_AVAILABLE' });
    expect(view()).toBe('hidden');
    actor.send({ type: 'UNSENT_INPUT', unsent: false });
    expect(view()).toBe('prompt');
  });
});
