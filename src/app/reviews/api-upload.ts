/**
 * A multipart request to our API (review images), made the way apiRequest makes its JSON requests
 * (docs/ACCOUNTS.md): same origin, credentials, the session's bearer, Accept-Language, and the XSRF-TOKEN
 * cookie (fetched first when missing) sent back as X-XSRF-TOKEN. The browser sets the multipart boundary,
 * so no Content-Type is given. Failures are ApiFailure, as apiRequest's; a 401 ends with the same sign-out
 * as any other request (the next apiRequest of the page, or the guard, sends the user to log in).
 */
import { ApiFailure, NETWORK_ERROR_CODE, readCookie, type FieldError } from '../auth/api-client';
import { session } from '../auth/session';
import { documentLanguage } from '../i18n/languages';

const CSRF_COOKIE_PATH = '/api/auth/csrf-cookie';
const XSRF_COOKIE = 'XSRF-TOKEN';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrors(body: unknown): FieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((e: unknown) =>
    isRecord(e) && typeof e.parameter === 'string' && typeof e.message === 'string'
      ? [{ parameter: e.parameter, message: e.message }]
      : [],
  );
}

async function xsrfToken(): Promise<string | null> {
  if (!readCookie(document.cookie, XSRF_COOKIE)) {
    await fetch(CSRF_COOKIE_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(() => undefined);
  }
  return readCookie(document.cookie, XSRF_COOKIE);
}

export async function apiUpload<T>(method: 'POST' | 'PUT', path: string, body: FormData): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': documentLanguage(),
  };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let text: string;
  try {
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    response = await fetch(path, { method, headers, body, credentials: 'same-origin' });
    text = await response.text();
  } catch (error) {
    throw new ApiFailure(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network error');
  }
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = text;
  }
  if (response.ok) return parsed as T;
  const code = isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`;
  const message = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : response.statusText;
  if (response.status === 401 && token !== null && session.token() === token) void session.clear('expired');
  throw new ApiFailure(response.status, code, message, fieldErrors(parsed), parsed);
}
