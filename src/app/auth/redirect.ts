/**
 * The `redirect` query parameter of /login and /register: only a same-origin
 * path is accepted (one leading '/', not '//' or '/\', no scheme, no control
 * characters), anything else becomes '/'. Paths are relative to the language
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
  // Never bounce back onto the sign-in pages themselves.
  if (path === ROUTES.login || path === ROUTES.register) return '/';
  return `${path}${url.search}${url.hash}`;
}

/** The redirect of the current query string (?redirect=…), sanitised. */
export function redirectFromSearch(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}
