/**
 * The browser's install events as src/app/install/install-events.ts catches them: a `beforeinstallprompt`
 * fired before anyone listens is kept (its mini-infobar prevented) and handed to a later subscriber; the kept
 * prompt is shown once; `appinstalled` drops it and is passed on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallEvents from '../../src/app/install/install-events';

type Events = typeof InstallEvents;

class FakeWindow extends EventTarget {
  onbeforeinstallprompt = null;
}

function fakePromptEvent(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  return { event, prompt };
}

let win: FakeWindow;
let events: Events;

beforeEach(async () => {
  win = new FakeWindow();
  vi.stubGlobal('window', win);
  vi.resetModules();
  events = await import('../../src/app/install/install-events');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('install events', () => {
  it('keeps an early beforeinstallprompt for a later subscriber and prevents the default infobar', async () => {
    const { event, prompt } = fakePromptEvent('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(events.installPromptSupported()).toBe(true);

    const heard: string[] = [];
    const unsubscribe = events.subscribeInstallEvents((what) => heard.push(what));
    expect(heard).toEqual(['available']);

    await expect(events.showDeferredPrompt()).resolves.toEqual({ outcome: 'accepted' });
    expect(prompt).toHaveBeenCalledTimes(1);
    await expect(events.showDeferredPrompt(), 'a prompt is usable once').rejects.toThrow();

    win.dispatchEvent(fakePromptEvent('dismissed').event);
    expect(heard).toEqual(['available', 'available']);
    unsubscribe();
    win.dispatchEvent(fakePromptEvent('dismissed').event);
    expect(heard).toHaveLength(2);
  });

  it('appinstalled drops the kept prompt and is told to later subscribers too', async () => {
    win.dispatchEvent(fakePromptEvent('accepted').event);
    win.dispatchEvent(new Event('appinstalled'));
    const heard: string[] = [];
    events.subscribeInstallEvents((what) => heard.push(what));
    expect(heard).toEqual(['installed']);
    await expect(events.showDeferredPrompt()).rejects.toThrow();
  });

  it('an event without prompt() is not kept', () => {
    win.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    const heard: string[] = [];
    events.subscribeInstallEvents((what) => heard.push(what));
    expect(heard).toEqual([]);
  });
});
