/**
 * The Google button against the real server (Google not configured there: a disabled button and
 * the note), then the configured flow with Google's side stood in for: /api/auth/config answers
 * configured, a fake Google Identity Services script renders a button that hands back a credential,
 * and verify-google-token answers first 409 (the spec's 'account exists' text) and then a real
 * session of a registered user, which signs in and goes back to the redirect.
 */
import { expect, test } from '@playwright/test';
import type { AuthSuccess } from '../../src/domain/account';
import { authText, expectSignedInHeader, registerByApi, uniqueUser } from './auth-helpers';
import { env } from './helpers';

const FAKE_GSI = `
window.google = { accounts: { id: {
  initialize(options) { window.__gsiOptions = options; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Fake Google button';
    button.addEventListener('click', () => window.__gsiOptions.callback({ credential: 'fake-id-token' }));
    parent.append(button);
  },
  disableAutoSelect() {},
} } };
`;

test('Google sign-in: disabled when not configured; configured, a 409 is explained and a success signs in', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');

  // --- The real server has no GOOGLE_CLIENT_ID.
  const plain = await browser.newContext();
  const page1 = await plain.newPage();
  await page1.goto(`${base}/en/login`);
  const disabled = page1.getByTestId('google-sign-in');
  await expect(disabled).toBeDisabled();
  await expect(page1.getByText(authText.google.notConfigured)).toBeVisible();
  await plain.close();

  // --- Configured, with Google's script and the verification stood in for.
  const user = uniqueUser('google');
  await registerByApi(base, user);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(login.status).toBe(200);
  const session = (await login.json()) as AuthSuccess;

  // The server only allows Google's origin in its CSP when Google is configured; this one is not.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const credentials: unknown[] = [];
  let verifyAnswers = 0;
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_GSI }),
  );
  await page.route('**/api/auth/config', (route) =>
    route.fulfill({ json: { google: { configured: true, client_id: 'e2e.apps.googleusercontent.com' } } }),
  );
  await page.route('**/api/auth/verify-google-token', async (route) => {
    credentials.push(route.request().postDataJSON());
    verifyAnswers += 1;
    if (verifyAnswers === 1) {
      await route.fulfill({
        status: 409,
        json: {
          success: false,
          status: 'error',
          code: 'GOOGLE_EMAIL_EXISTS',
          message: 'An account with this email already exists. Please log in instead.',
        },
      });
      return;
    }
    await route.fulfill({
      status: 200,
      json: {
        status: 'success',
        payload: { email: user.email, sub: '123', name: user.firstName },
        token: session.token,
        user: session.user,
      },
    });
  });

  await page.goto(`${base}/en/login?redirect=%2Faccount`);
  const googleButton = page.getByRole('button', { name: 'Fake Google button' });
  await googleButton.click();
  await expect(page.getByTestId('auth-form-error')).toHaveText(authText.errors.GOOGLE_EMAIL_EXISTS);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Faccount`);

  await googleButton.click();
  await expect(page).toHaveURL(`${base}/en/account`);
  await expectSignedInHeader(page, user);
  expect(credentials).toEqual([{ credential: 'fake-id-token' }, { credential: 'fake-id-token' }]);
  await context.close();
});
