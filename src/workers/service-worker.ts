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
 * - /api/* is not routed at all: no route matches it and there is no default
 *   handler, so the browser fetches it as if there were no service worker. The
 *   data worker reads from the local database, and the sync stream
 *   (/api/sync/stream) passes straight through.
 * - Updates: a new version waits until the page asks for it ({type:'SKIP_WAITING'},
 *   sent by workbox-window's messageSkipWaiting() from the update screen).
 * - First visit: whatever the page fetched before this worker took control went
 *   around it. The page can hand those URLs over with workbox-window's
 *   messageSW({type:'CACHE_URLS', payload:{urlsToCache}}); workbox-routing's default
 *   router (set up by registerRoute below) runs each one through the routes here,
 *   so /media/* pictures land in the image cache with its limits.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { Queue } from 'workbox-background-sync';
import { IMAGE_CACHE, NAVIGATION_DENYLIST, isCacheableImage, isSkipWaitingMessage } from './sw-routes';
import { drainQueues, isClearPersonalQueueMessage, PERSONAL_QUEUE_CLEARED, type PersonalQueueClearedMessage } from './sw-messages';

declare const self: ServiceWorkerGlobalScope;

// --- Update flow -------------------------------------------------------------
// No automatic skipWaiting: an open tab keeps the version it started with until
// the user accepts the update, so a page never runs against a newer shell.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSkipWaitingMessage(event.data)) {
    void self.skipWaiting();
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
// Background sync for writes made offline goes here: a POST/PUT/DELETE route on the
// write endpoints with a workbox-background-sync Queue, registered before any other
// /api rule. Until then the service worker routes no /api request.
//
// Every Queue created here must be added to PERSONAL_QUEUES: they hold the signed-in
// user's writes, and logout empties them all (ASVS V14.3.1).
const PERSONAL_QUEUES: Queue[] = [];

// Logout: the page posts {type:'CLEAR_PERSONAL_QUEUE'} with a MessagePort; every queue
// is emptied, then the answer {type:'PERSONAL_QUEUE_CLEARED', queues} goes back on the port.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (!isClearPersonalQueueMessage(event.data)) return;
  const port = event.ports[0];
  event.waitUntil(
    drainQueues(PERSONAL_QUEUES).then(({ cleared }) => {
      const reply: PersonalQueueClearedMessage = { type: PERSONAL_QUEUE_CLEARED, queues: cleared };
      if (port) port.postMessage(reply);
      else event.source?.postMessage(reply);
    }),
  );
});
