/**
 * CSRF for cookie sessions (docs/ACCOUNTS.md, Laravel Sanctum shape), driven
 * the way the contract promises it works: with a stock axios client.
 *
 * Node's axios has no cookie jar, and it only copies the XSRF-TOKEN cookie into
 * X-XSRF-TOKEN in a browser (its xsrf step needs `document.cookie`). So here a
 * tiny manual jar (two interceptors: Set-Cookie in, Cookie out) stands in for
 * the browser, and the header is set by hand exactly as axios would in a page:
 * the cookie's value, URL-decoded. tests/e2e/csrf-axios.e2e.ts runs the
 * unmodified axios flow in Chromium.
 */
import { randomBytes } from 'node:crypto';
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/authz-identities';
import { startAuthzServer, type AuthzServer } from './support/authz-server';

/** Name → value of the cookies the server set (an expired or emptied one is removed). */
class CookieJar {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie lines seen, by cookie name (for attribute checks). */
  readonly lines = new Map<string, string>();

  store(setCookie: string[] | string | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      this.lines.set(name, line);
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a) || (/^\s*expires\s*=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function client(base: string, jar: CookieJar): AxiosInstance {
  const http = axios.create({ baseURL: base, withCredentials: true, validateStatus: () => true });
  http.interceptors.request.use((config) => {
    const cookie = jar.header();
    if (cookie !== '') config.headers.set('Cookie', cookie);
    return config;
  });
  http.interceptors.response.use((response) => {
    jar.store(response.headers['set-cookie']);
    return response;
  });
  return http;
}

/** What axios in a browser puts in X-XSRF-TOKEN: the XSRF-TOKEN cookie, URL-decoded. */
function xsrfFrom(jar: CookieJar): string {
  const raw = jar.cookies.get('XSRF-TOKEN');
  if (raw === undefined) throw new Error('no XSRF-TOKEN cookie in the jar');
  return decodeURIComponent(raw);
}

const CSRF_REFUSAL = { success: false, status: 'error', code: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.' };

let server: AuthzServer;
let jar: CookieJar;
let http: AxiosInstance;
let token: string;
let email: string;

const newsletter = async (): Promise<unknown> => {
  const res = await http.get<{ user: { preferences: { newsletter: boolean } } }>('/api/user/profile');
  expect(res.status, 'a GET needs no CSRF token').toBe(200);
  return res.data.user.preferences.newsletter;
};

beforeAll(async () => {
  server = await startAuthzServer();
  jar = new CookieJar();
  http = client(server.url, jar);

  const csrf = await http.get('/api/auth/csrf-cookie');
  expect(csrf.status).toBe(204);
  email = `csrf-${Date.now().toString(36)}@example.test`;
  const registered = await http.post<{ token: string }>('/api/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.data)).toBe(201);
  token = registered.data.token;
  // set-cookie is itself a write, but one without a session cookie yet: it needs only the token.
  const setCookie = await http.post('/api/auth/set-cookie', { token }, { headers: { 'X-XSRF-TOKEN': xsrfFrom(jar) } });
  expect(setCookie.status, JSON.stringify(setCookie.data)).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('the cookies', () => {
  it('XSRF-TOKEN is readable by script, SameSite=Lax, Path=/; souk_session is HttpOnly', () => {
    const xsrf = jar.lines.get('XSRF-TOKEN') ?? '';
    expect(xsrf).toMatch(/;\s*path=\/(;|$)/i);
    expect(xsrf).toMatch(/;\s*samesite=lax/i);
    expect(xsrf).not.toMatch(/httponly/i);
    const session = jar.lines.get('souk_session') ?? '';
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/;\s*samesite=lax/i);
    expect(jar.cookies.has('souk_session')).toBe(true);
  });
});

describe('a cookie-session write', () => {
  it('without X-XSRF-TOKEN → 419, nothing written', async () => {
    const before = await newsletter();
    const res = await http.post('/api/user/preferences', { newsletter: !before });
    expect(res.status).toBe(419);
    expect(res.data).toEqual(CSRF_REFUSAL);
    expect(await newsletter()).toBe(before);
  });

  it('with a wrong X-XSRF-TOKEN → 419', async () => {
    const before = await newsletter();
    const wrong = `${xsrfFrom(jar)}x`;
    const res = await http.post('/api/user/preferences', { newsletter: !before }, { headers: { 'X-XSRF-TOKEN': wrong } });
    expect(res.status).toBe(419);
    expect(res.data).toEqual(CSRF_REFUSAL);
    expect(await newsletter()).toBe(before);
  });

  it('with a cookie and header that match each other but were not issued by the server → 419', async () => {
    const real = jar.cookies.get('XSRF-TOKEN');
    if (real === undefined) throw new Error('no XSRF-TOKEN');
    const before = await newsletter();
    const forgeries = [
      'forged-token',
      // The server's shape (random.mac), with a MAC nobody computed.
      `${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      // The real random part with another MAC.
      `${real.split('.')[0] ?? ''}.${randomBytes(32).toString('base64url')}`,
    ];
    try {
      for (const forged of forgeries) {
        jar.cookies.set('XSRF-TOKEN', forged);
        const res = await http.post('/api/user/preferences', { newsletter: !before }, { headers: { 'X-XSRF-TOKEN': forged } });
        expect(res.status, forged).toBe(419);
        expect(res.data).toEqual(CSRF_REFUSAL);
      }
    } finally {
      jar.cookies.set('XSRF-TOKEN', real);
    }
    expect(await newsletter()).toBe(before);
  });

  it('DELETE /api/auth/set-cookie carrying the session cookie needs the header too', async () => {
    const res = await http.delete('/api/auth/set-cookie');
    expect(res.status).toBe(419);
    expect(res.data).toEqual(CSRF_REFUSAL);
    expect(jar.cookies.has('souk_session'), 'the cookie was not cleared').toBe(true);
    expect(await newsletter(), 'the session lives on').toBe(false);
  });

  it('a junk bearer header beside a valid session cookie is a guest: the bearer alone decides', async () => {
    const res = await http.post('/api/user/preferences', { newsletter: true }, { headers: { Authorization: 'Bearer junk.junk' } });
    expect(res.status, JSON.stringify(res.data)).toBe(401);
    expect(await newsletter()).toBe(false);
  });

  it('with the issued pair → 200', async () => {
    const res = await http.post<{ user: { preferences: { newsletter: boolean } } }>(
      '/api/user/preferences',
      { newsletter: true },
      { headers: { 'X-XSRF-TOKEN': xsrfFrom(jar) } },
    );
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data.user.preferences.newsletter).toBe(true);
    expect(await newsletter()).toBe(true);
  });

  it('logout without the header → 419 and the session lives on; with it → 200 and the cookie session ends', async () => {
    // A JSON body ({}): Node's axios labels a bodiless POST application/x-www-form-urlencoded, which the
    // server does not parse (415); axios in a browser drops the Content-Type instead (see the e2e test).
    const refused: AxiosResponse = await http.post('/api/auth/logout', {});
    expect(refused.status).toBe(419);
    expect(refused.data).toEqual(CSRF_REFUSAL);
    expect(await newsletter()).toBe(true);

    const sessionCookie = jar.cookies.get('souk_session');
    const done = await http.post('/api/auth/logout', {}, { headers: { 'X-XSRF-TOKEN': xsrfFrom(jar) } });
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    // Even a client that kept the cookie is signed out: the session row is gone.
    if (sessionCookie !== undefined) jar.cookies.set('souk_session', sessionCookie);
    expect((await http.get('/api/user/profile')).status).toBe(401);
  });
});

describe('a bearer write', () => {
  it('needs no CSRF token, with or without cookies', async () => {
    const bare = axios.create({ baseURL: server.url, validateStatus: () => true });
    // The cookie logout above also ended the bearer session the cookie was minted from: sign in again.
    expect((await bare.get('/api/user/profile', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const signedIn = await bare.post<{ token: string }>('/api/auth/login', { email, password: PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.data)).toBe(200);
    const auth = { Authorization: `Bearer ${signedIn.data.token}` };
    const alone = await bare.post('/api/user/preferences', { newsletter: false }, { headers: auth });
    expect(alone.status, JSON.stringify(alone.data)).toBe(200);
    // A bearer header wins over any cookie, even a junk session cookie and XSRF cookie without the header.
    const withCookies = await bare.post('/api/user/preferences', { marketing_emails: true }, { headers: { ...auth, Cookie: 'souk_session=junk; XSRF-TOKEN=junk' } });
    expect(withCookies.status, JSON.stringify(withCookies.data)).toBe(200);
  });
});
