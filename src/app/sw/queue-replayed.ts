/**
 * The page's side of the service worker's write queue (docs/COMMERCE.md, "The service worker's queue"):
 * - the data worker learns whether this page has the Background Sync API (it sends
 *   `X-Souk-Background-Sync: 1|0` with every queued write, and the service worker replays without sync events
 *   when it is 0);
 * - when the service worker has replayed a queued write ({type:'SOUK_QUEUE_REPLAYED'}), the data worker pulls
 *   (resync()), so the order or cart change the server now holds shows up.
 */
import { isQueueReplayedMessage } from '../../workers/sw-messages';
import type { DataClient } from '../data/data-client';

/** `'sync' in ServiceWorkerRegistration.prototype` and `'SyncManager' in window` (both go when a test removes the API). */
export function hasBackgroundSync(scope: typeof globalThis = globalThis): boolean {
  const registration = (scope as { ServiceWorkerRegistration?: { prototype: object } }).ServiceWorkerRegistration;
  return registration !== undefined && 'sync' in registration.prototype && 'SyncManager' in scope;
}

/** Tells the data worker once, at start (before its init, so its first queued write already says it). */
export function reportBackgroundSyncSupport(client: Pick<DataClient, 'setBackgroundSyncSupport'>, supported = hasBackgroundSync()): void {
  try {
    client.setBackgroundSyncSupport(supported).catch((error: unknown) => console.error('The data worker did not take the Background Sync support', error));
  } catch (error) {
    console.error('The data worker did not take the Background Sync support', error);
  }
}

/** Several replays in a row (a queue emptied at once) make one pull. */
const RESYNC_COALESCE_MS = 250;

/** Calls resync() after the service worker replayed queued writes; returns a function that stops listening. */
export function listenForQueueReplays(client: Pick<DataClient, 'resync'>, container?: ServiceWorkerContainer): () => void {
  const sw = container ?? (typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined);
  if (!sw) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (!isQueueReplayedMessage(event.data) || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      client.resync().catch(() => undefined);
    }, RESYNC_COALESCE_MS);
  };
  sw.addEventListener('message', onMessage);
  // Messages posted before the document finished loading wait for this.
  sw.startMessages();
  return () => {
    sw.removeEventListener('message', onMessage);
    if (timer !== null) clearTimeout(timer);
  };
}
