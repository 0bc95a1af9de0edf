/**
 * Which requests the service worker touches, as pure functions of the URL, so
 * the rules are readable in one place (and testable without a browser).
 *
 * The API (/api/*) is never cached and never answered by the service worker:
 * reads come from the local database through the data worker, so a cached API
 * response would only ever be stale data, and the sync stream
 * (/api/sync/stream, Server-Sent Events) must reach the network untouched.
 */

/** Navigations to these paths go to the network, never to the app shell. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(?:\/|$)/, /^\/media(?:\/|$)/];

/** Runtime image cache: least recently used entries beyond the limits are dropped. */
export const IMAGE_CACHE = {
  name: 'souk-images-v1',
  maxEntries: 400,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function isMediaPath(pathname: string): boolean {
  return pathname === '/media' || pathname.startsWith('/media/');
}

/**
 * Images kept in the runtime cache: anything under /media/ on our own origin (product
 * and category pictures, served as SVG) and any other GET whose destination is an image.
 * Never an API URL, whatever its destination.
 */
export function isCacheableImage(
  request: { method: string; destination: string },
  url: URL,
  ownOrigin: string,
): boolean {
  if (request.method !== 'GET') return false;
  if (url.origin === ownOrigin && isApiPath(url.pathname)) return false;
  if (url.origin === ownOrigin && isMediaPath(url.pathname)) return true;
  return request.destination === 'image';
}

/** The message the page posts (workbox-window's messageSkipWaiting) to activate a waiting update. */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export function isSkipWaitingMessage(data: unknown): data is SkipWaitingMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

/**
 * The message a page posts when it finds itself uncontrolled though the worker is active. clients.claim() in the
 * activate handler skips a page whose navigation was still under way (not yet execution-ready), and a hard reload
 * bypasses the worker: such a page would otherwise stay uncontrolled, and so not offline-capable, until reloaded.
 */
export interface ClaimClientsMessage {
  type: 'CLAIM_CLIENTS';
  /**
   * The page's own script (its first route chunk's URL). The worker claims only a page of its own build, whose
   * script it has precached: after a deploy, a hard reload loads the new build while the old worker is still the
   * active one, and the old worker must not take that page (the new one claims it when it activates).
   */
  script: string;
}

export function isClaimClientsMessage(data: unknown): data is ClaimClientsMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; script?: unknown };
  return message.type === 'CLAIM_CLIENTS' && typeof message.script === 'string';
}
