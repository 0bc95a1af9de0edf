/**
 * The browser's install events, caught from the moment this module loads (Chromium may fire
 * `beforeinstallprompt` before React mounts): the deferred prompt is kept (its default mini-infobar
 * prevented) until the banner uses it; `appinstalled` is passed on. Listeners hear both later too.
 */
import type { InstallChoice } from '../../machines/install-prompt';

/** Chromium's BeforeInstallPromptEvent (not in lib.dom). */
export interface DeferredInstallPrompt extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<InstallChoice>;
}

type Listener = (what: 'available' | 'installed') => void;

let deferred: DeferredInstallPrompt | null = null;
let installedSeen = false;
const listeners = new Set<Listener>();

function isDeferredPrompt(event: Event): event is DeferredInstallPrompt {
  return typeof (event as Partial<DeferredInstallPrompt>).prompt === 'function';
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!isDeferredPrompt(event)) return;
    deferred = event;
    listeners.forEach((l) => l('available'));
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedSeen = true;
    listeners.forEach((l) => l('installed'));
  });
}

/** Whether this browser fires `beforeinstallprompt` at all. */
export function installPromptSupported(): boolean {
  return typeof window !== 'undefined' && 'onbeforeinstallprompt' in window;
}

/** Running as the installed app. */
export function runningStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

/** Calls listener with what already happened, then with every later event; returns the unsubscribe. */
export function subscribeInstallEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (installedSeen) listener('installed');
  else if (deferred) listener('available');
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog with the kept prompt (usable once) and resolves with the answer. */
export async function showDeferredPrompt(): Promise<InstallChoice> {
  const event = deferred;
  if (!event) throw new Error('No install prompt to show');
  deferred = null;
  await event.prompt();
  return event.userChoice;
}
