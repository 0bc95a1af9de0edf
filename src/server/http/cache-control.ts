/** Cache-Control values, named once for every route and the static files. */

/** URLs whose content never changes (hashed assets, generated pictures): cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name the current release (index.html, the service worker, the manifest): revalidated on every use. */
export const REVALIDATE = 'no-cache';
/** Answers that change with every write a client must see (stock, replication, health). */
export const NO_STORE = 'no-store';

/** Shared caches may keep the answer for `seconds`. */
export function publicFor(seconds: number): string {
  return `public, max-age=${seconds}`;
}
