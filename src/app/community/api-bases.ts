/**
 * Where the messages API and the chat socket are (docs/COMMUNITY.md "Real-time chat": `API_BASES`, the
 * primary first). By default only the page's own origin; a build may add fallbacks with the Vite variable
 * VITE_API_BASES (comma-separated origins, e.g. `https://api2.souk.ma,https://api3.souk.ma`), tried after
 * the page's origin in the order given. Entries that are not http(s) URLs are dropped, duplicates kept once.
 */

/** A base as an origin-like prefix: scheme://host[:port][/path], no trailing slash; null when not http(s). */
export function normalizeApiBase(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The page's origin first (when known), then the extra bases from `extra` (comma-separated), deduplicated. */
export function parseApiBases(ownOrigin: string | null, extra: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of [ownOrigin ?? '', ...(extra ?? '').split(',')]) {
    const base = normalizeApiBase(raw);
    if (base !== null && !out.includes(base)) out.push(base);
  }
  return out;
}

function pageOrigin(): string | null {
  return typeof location !== 'undefined' && typeof location.origin === 'string' && location.origin !== 'null' ? location.origin : null;
}

function extraBases(): string | undefined {
  // import.meta.env is Vite's; under plain Node (tests, tsx) it is undefined.
  const env = (import.meta as { env?: Record<string, unknown> }).env;
  const value = env?.VITE_API_BASES;
  return typeof value === 'string' ? value : undefined;
}

/** The API bases of this page, primary first. Empty only outside a browser without VITE_API_BASES. */
export function apiBases(): string[] {
  return parseApiBases(pageOrigin(), extraBases());
}

/** The chat socket's URL on a base: http → ws, https → wss, at /api/ws?token=… */
export function chatSocketUrl(base: string, token: string): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/api/ws`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
