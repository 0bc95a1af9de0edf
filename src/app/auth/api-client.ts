/**
 * Requests to our own API (docs/ACCOUNTS.md, spec §7): same origin, credentials
 * sent, the bearer token of the session, Accept-Language = the interface
 * language. Before a POST, PUT, PATCH or DELETE the XSRF-TOKEN cookie is fetched
 * when missing and sent back as X-XSRF-TOKEN. A 401 (except from login, register
 * and Google sign-in, where it means wrong credentials) clears the session and
 * goes to /login?redirect=<this page>, unless the session changed while the request
 * was out (its token is no longer current); a 419 is logged as a CSRF mismatch.
 */
import { navigate } from 'wouter/use-browser-location';
import { documentLanguage } from '../i18n/languages';
import { loginPath, ROUTES, splitLanguagePrefix } from '../routing/paths';
import { session } from './session';
import type { SessionNotice } from './session-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FieldError {
  parameter: string;
  message: string;
}

/** A request that did not succeed. status 0: the network failed (offline, DNS, connection refused). */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly body: unknown;

  constructor(status: number, code: string, message: string, errors: FieldError[] = [], body: unknown = null) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK';

/** The paths whose 401 means 'wrong credentials', not 'your session ended'. */
const CREDENTIAL_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/verify-google-token'];
const CSRF_COOKIE_PATH = '/api/auth/csrf-cookie';
const XSRF_COOKIE = 'XSRF-TOKEN';

export interface RequestOptions {
  /** false: a 401 is only reported, the session is left alone (logout uses it). */
  authRedirect?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key for a write that may be sent again). */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  session: { token(): string | null; clear(notice?: SessionNotice): void };
  /** Full path including the language prefix. */
  navigate: (to: string) => void;
  location: () => { pathname: string; search: string };
  language: () => string;
  cookies: () => string;
  warn: (...args: unknown[]) => void;
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Where a refused session sends the user: /login?redirect=<path+query>, under the same language prefix. */
export function loginRedirectFor(pathname: string, search: string): string | null {
  const { language, rest } = splitLanguagePrefix(pathname);
  if (rest === ROUTES.login || rest === ROUTES.register) return null;
  const prefix = language ? `/${language}` : '';
  return prefix + loginPath(rest + search);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrorsOf(body: unknown): FieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((e: unknown) =>
    isRecord(e) && typeof e.parameter === 'string' && typeof e.message === 'string'
      ? [{ parameter: e.parameter, message: e.message }]
      : [],
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  let csrf: Promise<void> | null = null;

  function ensureCsrfCookie(): Promise<void> {
    if (readCookie(deps.cookies(), XSRF_COOKIE)) return Promise.resolve();
    csrf ??= deps
      .fetch(CSRF_COOKIE_PATH, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        csrf = null;
      });
    return csrf;
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.language() };
    const token = deps.session.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.headers) Object.assign(headers, options.headers);

    let response: Response;
    try {
      if (method !== 'GET') {
        await ensureCsrfCookie();
        const xsrf = readCookie(deps.cookies(), XSRF_COOKIE);
        if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
      }
      response = await deps.fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      throw new ApiFailure(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network error');
    }

    let parsed: unknown;
    try {
      parsed = await readBody(response);
    } catch (error) {
      throw new ApiFailure(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network error');
    }
    if (response.ok) return parsed as T;

    const code = isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`;
    const message = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : response.statusText;
    const failure = new ApiFailure(response.status, code, message, fieldErrorsOf(parsed), parsed);

    const pathname = path.split('?')[0] ?? path;
    if (response.status === 401 && !CREDENTIAL_PATHS.includes(pathname) && options.authRedirect !== false) {
      // Only when the refused token is still the current one: a late 401 for an older session must not end a newer one.
      if (deps.session.token() === token) {
        if (token !== null) deps.session.clear('expired');
        const here = deps.location();
        const target = loginRedirectFor(here.pathname, here.search);
        if (target) deps.navigate(target);
      }
    } else if (response.status === 419) {
      deps.warn(`CSRF token mismatch on ${method} ${pathname}`, parsed);
    }
    throw failure;
  }

  return { request };
}

const browserClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  session,
  navigate: (to) => navigate(to, { replace: true }),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  language: documentLanguage,
  cookies: () => document.cookie,
  warn: (...args) => console.warn(...args),
});

/** A request to our API; resolves with the parsed JSON body, rejects with an ApiFailure. */
export function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return browserClient.request<T>(method, path, body, options);
}
