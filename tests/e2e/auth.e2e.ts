/**
 * Accounts end to end (docs/ACCOUNTS.md) in Chromium against the built PWA and the real server:
 * (a) register through the form, log out, a protected page sends a guest to /login?redirect=…
 *     and logging in comes back to it; the logged-out token is refused by the server;
 * (b) a signed-in user stays signed in with the network off, even with a stale cached user;
 * (c) logout while offline still wipes the session and per-tab data, another tab follows it, and
 *     the catalogue still renders offline.
 * One user for the three (the server allows 10 registrations per hour per IP, shared by the suite).
 */
import { expect, test, type Page } from '@playwright/test';
import account from '../../src/app/i18n/locales/en/account.json' with { type: 'json' };
import {
  authText,
  expectSignedInHeader,
  fillLoginForm,
  fillRegisterForm,
  registerByApi,
  storedSession,
  uniqueUser,
  type TestUser,
} from './auth-helpers';
import { env, waitForLiveSync, waitForServiceWorkerControl } from './helpers';

test.describe.configure({ mode: 'serial' });

const user = uniqueUser('auth');
let registered = false;

async function ensureRegistered(base: string, u: TestUser): Promise<void> {
  if (registered) return;
  await registerByApi(base, u);
  registered = true;
}

async function logInThroughForm(page: Page, base: string, u: TestUser): Promise<void> {
  await page.goto(`${base}/en/login`);
  await fillLoginForm(page, u);
  await expectSignedInHeader(page, u);
}

async function logOutFromAccountPage(page: Page, base: string): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/account')) await page.goto(`${base}/en/account`);
  await page.getByRole('button', { name: account.overview.logout }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

test('register, log out, a protected page asks to log in and comes back after', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();

  // Register through the form; the redirect brings the new user to /account.
  await page.goto(`${base}/en/register?redirect=%2Faccount`);
  await expect(page.getByTestId('header-login')).toBeVisible();
  await fillRegisterForm(page, user);
  registered = true;
  await expect(page).toHaveURL(`${base}/en/account`);
  await expectSignedInHeader(page, user);
  await expect(page.getByText(user.email)).toBeVisible();
  const token = (JSON.parse((await storedSession(page)).auth ?? '{}') as { token?: string }).token;
  expect(token, 'the token is stored').toBeTruthy();

  // Log out (online): back home, signed out, and the server no longer accepts the token.
  await logOutFromAccountPage(page, base);
  await expect(page).toHaveURL(`${base}/en`);
  expect(await storedSession(page)).toEqual({ auth: null, user: null });
  const refused = await fetch(`${base}/api/user/profile`, { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status, 'the logged-out session is gone on the server').toBe(401);

  // A guest opening a protected page lands on the login page with the way back.
  await page.goto(`${base}/en/orders`);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Forders`);
  await expect(page.getByRole('heading', { level: 1, name: authText.login.title })).toBeVisible();

  // Client-side checks speak before the server is asked.
  await page.getByRole('button', { name: authText.login.submit, exact: true }).click();
  const email = page.getByLabel(authText.login.email, { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  // A wrong password: the server's refusal, in the interface language.
  await page.getByLabel(authText.login.email, { exact: true }).fill(user.email);
  await page.getByLabel(authText.login.password).fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: authText.login.submit, exact: true }).click();
  await expect(page.getByTestId('auth-form-error')).toHaveText(authText.errors.INVALID_CREDENTIALS);

  // The right one: back on /orders.
  await fillLoginForm(page, user);
  await expect(page).toHaveURL(`${base}/en/orders`);
  await expectSignedInHeader(page, user);
  await context.close();
});

test('a signed-in user stays signed in offline, with the cached user shown', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  await ensureRegistered(base, user);
  const context = await browser.newContext();
  const page = await context.newPage();

  await logInThroughForm(page, base, user);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  await page.goto(`${base}/en/account`);
  await expect(page.getByText(user.email)).toBeVisible();

  // Make the cached user stale (older than 15 minutes): offline it must still be used.
  await page.evaluate(() => {
    const raw = localStorage.getItem('souk.user');
    if (!raw) throw new Error('no cached user');
    const cached = JSON.parse(raw) as { cachedAt: number };
    localStorage.setItem('souk.user', JSON.stringify({ ...cached, cachedAt: cached.cachedAt - 60 * 60 * 1000 }));
  });

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker(), 'the offline reload is answered by the service worker').toBe(true);
  await expectSignedInHeader(page, user);
  await expect(page).toHaveURL(`${base}/en/account`);
  await expect(page.getByText(user.email)).toBeVisible();
  // Still signed in after the refetch would have been due: nothing cleared the session.
  expect((await storedSession(page)).auth).not.toBeNull();

  await page.goto(`${base}/en/profile`);
  await expect(page).toHaveURL(`${base}/en/profile`);
  await expectSignedInHeader(page, user);
  await context.close();
});

test('logout offline wipes the session and per-tab data; the catalogue still renders', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  await ensureRegistered(base, user);
  const context = await browser.newContext();
  const page = await context.newPage();
  const cards = page.locator('article[data-testid="product-card"]');

  await logInThroughForm(page, base, user);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  await page.goto(`${base}/en/account`);
  await page.evaluate(() => sessionStorage.setItem('souk.e2e-marker', 'personal'));
  // A second tab on a protected page follows the logout (storage events).
  const otherTab = await context.newPage();
  await otherTab.goto(`${base}/en/profile`);
  await expectSignedInHeader(otherTab, user);
  await otherTab.evaluate(() => sessionStorage.setItem('souk.e2e-marker', 'other tab'));

  await context.setOffline(true);
  await logOutFromAccountPage(page, base);
  await expect(page).toHaveURL(`${base}/en`);
  await expect(otherTab.getByTestId('header-login')).toBeVisible();
  await expect(otherTab).toHaveURL(`${base}/en/login?redirect=%2Fprofile`);
  expect(await otherTab.evaluate(() => sessionStorage.length), "the other tab's sessionStorage is cleared too").toBe(0);

  const left = await page.evaluate(() => ({
    auth: localStorage.getItem('souk.auth'),
    user: localStorage.getItem('souk.user'),
    sessionItems: sessionStorage.length,
  }));
  expect(left).toEqual({ auth: null, user: null, sessionItems: 0 });

  // The public catalogue is kept: product cards render offline, before and after a reload.
  await expect(cards.first()).toBeVisible();
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeVisible();

  // Protected pages are closed again.
  await page.goto(`${base}/en/account`);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Faccount`);
  await context.close();
});
