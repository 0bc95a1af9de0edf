/**
 * Service worker registration (workbox-window) and the 'update available'
 * state the banner reads. A new version never takes over by itself: it waits
 * until the user presses Reload, which posts SKIP_WAITING to the waiting worker
 * and reloads once it controls the page (nudging the browser until it does).
 */
import { Workbox } from 'workbox-window';
import { createApplyUpdate } from './apply-update';
import type { ClaimClientsMessage } from '../../workers/sw-routes';

/** vite-plugin-pwa (injectManifest) emits src/workers/service-worker.ts as /service-worker.js. */
export const SERVICE_WORKER_URL = '/service-worker.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Listener = () => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  listeners.forEach((listener) => listener());
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox(SERVICE_WORKER_URL);
  workbox = wb;
  // Fires for an update that installed while this page is open, and for one already waiting at load.
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  // On the first visit the pictures load before the worker controls the page, so they bypass its image cache:
  // hand their URLs over once it takes control, or they would be missing offline.
  // Posted to the controller itself: workbox's messageSW waits for the worker it registered, which it never learns
  // of when this page was claimed on request (claimIfUncontrolled) rather than at its own worker's activation.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: picturesShownSoFar() } });
  });
  const register = () =>
    void wb
      .register()
      .then(claimIfUncontrolled)
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  // register() also checks the server for a new worker script: offline, with a worker already in control, that
  // check can only fail (or, where the browser's own request escapes the page's offline state, reach a server the
  // app is not supposed to talk to). It waits for the network then; a first visit offline has no worker to wait for.
  if (!navigator.onLine && navigator.serviceWorker.controller !== null) window.addEventListener('online', register, { once: true });
  else register();
  const check = () => {
    if (document.visibilityState === 'visible') wb.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
}

/**
 * Once the worker is active, a page it does not control asks it to claim it (only a worker of the page's own build
 * does: sw-routes.ts ClaimClientsMessage). Its activate handler claims the pages
 * open then, but skips one whose navigation had not finished (a page opened while the worker installed), and a hard
 * reload bypasses it: such a page would stay uncontrolled, so not offline-capable, until the next reload.
 */
async function claimIfUncontrolled(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller !== null) return;
  // This module's URL is the first route chunk's: the worker claims only a page whose script it precached.
  const message: ClaimClientsMessage = { type: 'CLAIM_CLIENTS', script: import.meta.url };
  registration.active?.postMessage(message);
}

/** Same-origin /media/ pictures this page has shown or fetched so far. */
function picturesShownSoFar(): string[] {
  const urls = new Set<string>();
  const keep = (raw: string) => {
    const url = new URL(raw, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/media/')) urls.add(url.href);
  };
  for (const img of Array.from(document.images)) if (img.currentSrc) keep(img.currentSrc);
  for (const entry of performance.getEntriesByType('resource')) {
    if ((entry as PerformanceResourceTiming).initiatorType === 'img') keep(entry.name);
  }
  return [...urls];
}

let apply: (() => void) | null = null;

/** Activates the waiting version and reloads into it (apply-update.ts). */
export function applyUpdate(): void {
  if (!workbox) return;
  apply ??= createApplyUpdate(workbox);
  apply();
}

export function dismissUpdate(): void {
  setUpdateWaiting(false);
}
