/**
 * The contract's promise, in a real browser: a stock axios client
 * (`withCredentials: true`, default xsrfCookieName/xsrfHeaderName) works
 * unchanged against the cookie session, because axios itself copies the
 * XSRF-TOKEN cookie into X-XSRF-TOKEN; a raw fetch that carries the cookie but
 * not the header is refused with 419.
 *
 * axios's own browser build (node_modules/axios/dist/axios.min.js) is injected
 * into a page of the app's origin; the context bypasses the page's CSP, which
 * would refuse an inline-added script. One user is registered (the shared e2e
 * server keeps the 10-per-hour register limit).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { AxiosStatic } from 'axios';
import { env } from './helpers';

// axios's package exports do not expose dist/axios.min.js (the browser UMD build), so by path.
const AXIOS_BROWSER_BUILD = fileURLToPath(new URL('../../node_modules/axios/dist/axios.min.js', import.meta.url));

interface FlowResult {
  csrfStatus: number;
  xsrfCookieVisible: boolean;
  registerStatus: number;
  tokenIssued: boolean;
  setCookieStatus: number;
  preferencesStatus: number;
  preferencesBody: unknown;
  sentAuthorization: boolean;
  newsletterAfter: unknown;
  rawFetchStatus: number;
  rawFetchBody: unknown;
  logoutStatus: number;
  profileAfterLogoutStatus: number;
}

test('stock axios with withCredentials works on the cookie session; a fetch without X-XSRF-TOKEN gets 419', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/`);
    await page.addScriptTag({ path: AXIOS_BROWSER_BUILD });
    await page.waitForFunction(() => 'axios' in window);

    const email = `e2e-csrf-${Date.now().toString(36)}@example.test`;
    const result = await page.evaluate(async ({ email }): Promise<FlowResult> => {
      // Arrow functions only in here (tsx keepNames would inject a helper the page does not have).
      const ax = (window as unknown as { axios: AxiosStatic }).axios;
      ax.defaults.withCredentials = true;
      ax.defaults.validateStatus = () => true;

      const csrf = await ax.get('/api/auth/csrf-cookie');
      const xsrfCookieVisible = document.cookie.split('; ').some((c) => c.startsWith('XSRF-TOKEN='));
      const password = 'e2e csrf password';
      const registered = await ax.post('/api/auth/register', { email, password, password_confirmation: password });
      const token: unknown = registered.data?.token;
      const setCookie = await ax.post('/api/auth/set-cookie', { token });
      // From here on: the cookie session only, no Authorization header.
      const preferences = await ax.post('/api/user/preferences', { newsletter: true });
      const sentAuthorization = preferences.config.headers.has('Authorization');
      const profile = await ax.get('/api/user/profile');

      const raw = await fetch('/api/user/preferences', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ newsletter: false }),
      });
      // Stock axios, bodiless, on the cookie session: it sends X-XSRF-TOKEN itself; the session ends.
      const logout = await ax.post('/api/auth/logout');
      const afterLogout = await ax.get('/api/user/profile');
      return {
        logoutStatus: logout.status,
        profileAfterLogoutStatus: afterLogout.status,
        csrfStatus: csrf.status,
        xsrfCookieVisible,
        registerStatus: registered.status,
        tokenIssued: typeof token === 'string' && token.length > 0,
        setCookieStatus: setCookie.status,
        preferencesStatus: preferences.status,
        preferencesBody: preferences.data,
        sentAuthorization,
        newsletterAfter: profile.data?.user?.preferences?.newsletter,
        rawFetchStatus: raw.status,
        rawFetchBody: await raw.json().catch(() => null),
      };
    }, { email });

    expect(result.csrfStatus).toBe(204);
    expect(result.xsrfCookieVisible, 'XSRF-TOKEN is readable by script').toBe(true);
    expect(result.registerStatus).toBe(201);
    expect(result.tokenIssued).toBe(true);
    expect(result.setCookieStatus).toBe(200);
    expect(result.sentAuthorization, 'the write relies on the cookie session').toBe(false);
    expect(result.preferencesStatus, JSON.stringify(result.preferencesBody)).toBe(200);
    expect(result.newsletterAfter).toBe(true);
    expect(result.rawFetchStatus).toBe(419);
    expect(result.rawFetchBody).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.' });
    expect(result.logoutStatus, 'a bodiless axios logout on the cookie session').toBe(200);
    expect(result.profileAfterLogoutStatus).toBe(401);
  } finally {
    await context.close();
  }
});
