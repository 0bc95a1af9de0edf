/**
 * The `redirect` query parameter of /login and /register: only a same-origin
 * path is accepted (one leading '/', not '//' or '/\', no scheme, no control
 * characters), anything else becomes '/'. The check is made again on the path as
 * the URL parser normalises it ('/.//x', '/%2e//x', '/a/..//x' become '//x') and
 * percent-decoded ('%5c' is a backslash). Paths are relative to the language
 * prefix, as the router's base adds it back.
 */
import { ROUTES } from '../routing/paths';

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(raw, 'http://souk.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://souk.invalid') return '/';
  const path = url.pathname;
  if (!isOnePath(path)) return '/';
  // Never bounce back onto the sign-in pages themselves.
  if (path === ROUTES.login || path === ROUTES.register) return '/';
  return `${path}${url.search}${url.hash}`;
}

/** Starts with exactly one '/' and has no backslash, as parsed and once percent-decoded. */
function isOnePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return [path, decoded].every((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\'));
}

/** The redirect of the current query string (?redirect=…), sanitised. */
export function redirectFromSearch(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}
