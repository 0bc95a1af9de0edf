/// <reference lib="webworker" />
/**
 * Souk service worker (built by vite-plugin-pwa in injectManifest mode; the
 * plugin replaces self.__WB_MANIFEST with the list of built files and their
 * revisions).
 *
 * - App shell: every built JS/CSS/HTML/SVG/font file is precached, so after the
 *   first visit every route renders offline. Old precaches are deleted on activate.
 * - Navigations (deep links such as /products/42) are answered with the
 *   precached index.html, except /api/* and /media/*.
 * - Images (/media/* and any image request) are cached at run time, cache first,
 *   with a size and age limit.
 * - /api/* reads are not routed at all: no route matches them and there is no
 *   default handler, so the browser fetches them as if there were no service
 *   worker. The data worker reads from the local database, and the sync stream
 *   (/api/sync/stream) passes straight through. Only the outbox's writes (with
 *   Idempotency-Key and X-Souk-Queue) are routed: see "Queued writes" below.
 * - Updates: a new version waits until the page asks for it ({type:'SKIP_WAITING'},
 *   sent by workbox-window's messageSkipWaiting() from the update screen).
 * - First visit: whatever the page fetched before this worker took control went
 *   around it. The page can hand those URLs over with workbox-window's
 *   messageSW({type:'CACHE_URLS', payload:{urlsToCache}}); workbox-routing's default
 *   router (set up by registerRoute below) runs each one through the routes here,
 *   so /media/* pictures land in the image cache with its limits.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { Queue } from 'workbox-background-sync';
import { IMAGE_CACHE, NAVIGATION_DENYLIST, isCacheableImage, isClaimClientsMessage, isSkipWaitingMessage } from './sw-routes';
import { isClearPersonalQueueMessage, PERSONAL_QUEUE_CLEARED, type PersonalQueueClearedMessage } from './sw-messages';
import { notificationTag, notificationTarget, parsePushPayload, pickClient, withLanguageOf } from './sw-push';
import { LANGUAGES } from '../app/i18n/languages';
import {
  cacheStorageRegistry,
  queuedWriteOf,
  queueNameOfSyncTag,
  queueOptionsFor,
  WRITE_METHODS,
  WriteQueues,
} from './sw-write-queue';

declare const self: ServiceWorkerGlobalScope;

// --- Update flow -------------------------------------------------------------
// No automatic skipWaiting: an open tab keeps the version it started with until
// the user accepts the update, so a page never runs against a newer shell.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSkipWaitingMessage(event.data)) {
    void self.skipWaiting();
  } else if (isClaimClientsMessage(event.data) && getCacheKeyForURL(event.data.script) !== undefined) {
    // A page of this worker's own build asks to be claimed (sw-routes.ts ClaimClientsMessage).
    event.waitUntil(self.clients.claim());
  }
});

// Take control of pages that are already open when this worker activates: on the
// very first visit the page is controlled (and works offline) without a reload.
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

// --- App shell -----------------------------------------------------------------
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: NAVIGATION_DENYLIST,
  }),
);

// --- Images --------------------------------------------------------------------
// CacheFirst only stores 200 responses (opaque cross-origin images are not kept).
registerRoute(
  ({ request, url }) => isCacheableImage(request, url, self.location.origin),
  new CacheFirst({
    cacheName: IMAGE_CACHE.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: IMAGE_CACHE.maxEntries,
        maxAgeSeconds: IMAGE_CACHE.maxAgeSeconds,
        // If the origin runs out of storage, drop this cache rather than fail writes elsewhere.
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// --- Queued writes (issue 5) -------------------------------------------------------
// docs/COMMERCE.md, "The service worker's queue"; the rules live in sw-write-queue.ts. Writes to /api/* that
// carry Idempotency-Key and X-Souk-Queue (the data worker's outbox) go network first, unless the owner's queue
// holds a request or is being replayed: then they join the end of it (order within an account) and the replay
// starts. A network failure stores them in the owner's workbox Queue (`souk-writes-<owner>`); both answer 202
// queued. Each replay records the server's answer in Cache Storage (queue-results.ts) before the request leaves
// the queue, so the data worker settles it even when no page heard SOUK_QUEUE_REPLAYED. Registered before any
// other /api rule. Every queue is personal: logout empties them (ASVS V14.3.1).
const writeQueues = new WriteQueues({
  createQueue: (name, backgroundSync, onSync) =>
    new Queue(name, { ...queueOptionsFor(backgroundSync), onSync: ({ queue }) => onSync(queue) }),
  fetch: (request) => fetch(request),
  // Pages and dedicated workers (the data worker) alike, controlled or not yet.
  notify: async (message) => {
    const clients = await self.clients.matchAll({ includeUncontrolled: true, type: 'all' });
    for (const client of clients) client.postMessage(message);
  },
  registry: cacheStorageRegistry(self.caches, self.location.origin),
  caches: self.caches,
  origin: self.location.origin,
});

for (const method of WRITE_METHODS) {
  registerRoute(
    ({ request, url }) => url.origin === self.location.origin && queuedWriteOf(request, self.location.origin) !== null,
    ({ request, event }) => {
      const write = queuedWriteOf(request, self.location.origin);
      // A replay started by this write keeps the worker alive past the answer.
      return write ? writeQueues.handle(request, write, (promise) => event.waitUntil(promise)) : fetch(request);
    },
    method,
  );
}

// Queues of earlier runs come back at start: one without sync events replays now (workbox's fallback).
void writeQueues.restore();

// The app is in use online (any request of a page or the data worker) while this worker kept running: no
// start-up replay happens then, and a page without Background Sync gets no sync event, so try the queues now
// (at most every 10 s, ACTIVITY_REPLAY_MS). The outbox's own writes are left out: each one replays its owner's
// queue itself whenever that queue holds anything (and then waits behind it).
self.addEventListener('fetch', (event: FetchEvent) => {
  if (!self.navigator.onLine || queuedWriteOf(event.request, self.location.origin) !== null) return;
  const replay = writeQueues.replayOnActivity(Date.now());
  if (replay) event.waitUntil(replay);
});

// A worker started by a sync event has not restored its queues yet, so workbox's listener (added when a queue is
// created) is missing for that event: this one, added on the first evaluation, replays the queue then.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  const name = queueNameOfSyncTag(sync.tag);
  if (name === null || writeQueues.has(name)) return;
  sync.waitUntil(writeQueues.syncEvent(name));
});

// Logout: the page posts {type:'CLEAR_PERSONAL_QUEUE', owner?} with a MessagePort; that owner's queue (every
// queue without one) is emptied, then {type:'PERSONAL_QUEUE_CLEARED', queues} goes back on the port.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (!isClearPersonalQueueMessage(event.data)) return;
  const port = event.ports[0];
  event.waitUntil(
    writeQueues.clear(event.data.owner).then(({ cleared }) => {
      const reply: PersonalQueueClearedMessage = { type: PERSONAL_QUEUE_CLEARED, queues: cleared };
      if (port) port.postMessage(reply);
      else event.source?.postMessage(reply);
    }),
  );
});

// --- Push (issue 6) ----------------------------------------------------------------
// docs/COMMUNITY.md "Push"; the pure parts live in sw-push.ts. Every push shows a notification (title, body, the
// FCM data); a click closes it and opens its target, data.url as given (?as=shop included), else
// /community/messages/{sender_id}: in an open tab of ours (focused, navigated, keeping its language prefix) or,
// with none open, in a new one.
self.addEventListener('push', (event: PushEvent) => {
  const shown = parsePushPayload(event.data ? event.data.text() : null);
  const tag = notificationTag(shown.data, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      data: shown.data,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per conversation: a newer message replaces the older one.
      ...(tag !== null ? { tag } : {}),
    }),
  );
});

async function openNotificationTarget(data: Record<string, string>): Promise<void> {
  const target = notificationTarget(data, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = pickClient(windows, self.location.origin);
  if (tab) {
    const url = withLanguageOf(target, new URL(tab.url).pathname, LANGUAGES);
    await tab.focus().catch(() => undefined);
    // navigate() needs a tab this worker controls; an uncontrolled one gets a new tab instead.
    const moved = await tab.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const work = openNotificationTarget(typeof data === 'object' && data !== null ? (data as Record<string, string>) : {});
  event.waitUntil(work);
});
