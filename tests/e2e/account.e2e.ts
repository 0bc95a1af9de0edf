/**
 * Account pages in Chromium against the built PWA and the real server: the overview, the profile
 * tabs (keyboard, ?tab= kept across a reload), a profile update and the password form's checks,
 * the address book (add, default badge, delete after confirming), phone verification with the code
 * the local SMS sender wrote to the server log, and the settings theme choice.
 * One user, registered through the API (the suite shares 10 registrations per hour per IP).
 */
import { expect, test, type Page } from '@playwright/test';
import account from '../../src/app/i18n/locales/en/account.json' with { type: 'json' };
import { authText, expectSignedInHeader, fillLoginForm, registerByApi, uniqueUser } from './auth-helpers';
import { env } from './helpers';
import { codeFromServerLog, serverLogOffset } from './server-log';

test.describe.configure({ mode: 'serial' });

const user = uniqueUser('account');
let registered = false;

async function signIn(page: Page, base: string): Promise<void> {
  if (!registered) {
    await registerByApi(base, user);
    registered = true;
  }
  await page.goto(`${base}/en/login`);
  await fillLoginForm(page, user);
  await expectSignedInHeader(page, user);
}

test('overview, profile tabs in the URL and a profile update', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base);

  await page.goto(`${base}/en/account`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${user.firstName} ${user.lastName}`);
  await expect(page.getByTestId('account-role')).toHaveText(account.roles.user);
  await expect(page.getByRole('link', { name: account.overview.addPhone })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(account.overview.title));

  // Tabs: arrow keys move and select, the URL keeps the tab, a reload stays on it.
  await page.getByRole('link', { name: new RegExp(account.nav.profile) }).click();
  await expect(page).toHaveURL(`${base}/en/profile`);
  const general = page.getByRole('tab', { name: account.profile.tabs.general });
  await expect(general).toHaveAttribute('aria-selected', 'true');
  await general.focus();
  await page.keyboard.press('ArrowRight');
  const security = page.getByRole('tab', { name: account.profile.tabs.security });
  await expect(security).toHaveAttribute('aria-selected', 'true');
  await expect(security).toBeFocused();
  await expect(page).toHaveURL(`${base}/en/profile?tab=security`);
  await page.reload();
  await expect(page.getByRole('tab', { name: account.profile.tabs.security })).toHaveAttribute('aria-selected', 'true');

  // Security: the client-side checks, inline and in the spec's words.
  await page.getByLabel(account.profile.security.currentPassword).fill(user.password);
  await page.getByLabel(account.profile.security.newPassword, { exact: true }).fill('short');
  await page.getByLabel(account.profile.security.confirmPassword).fill('different');
  await page.getByRole('button', { name: account.profile.security.submit }).click();
  const newPassword = page.getByLabel(account.profile.security.newPassword, { exact: true });
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(newPassword).toBeFocused();
  await expect(page.getByText(authText.field.passwordMin.replace('{{min}}', '8'))).toBeVisible();
  await expect(page.getByText(authText.field.passwordMatch)).toBeVisible();

  // General: a new last name is saved, announced, and the header follows.
  await page.getByRole('tab', { name: account.profile.tabs.general }).click();
  await expect(page).toHaveURL(`${base}/en/profile`);
  await page.getByLabel(account.profile.general.lastName).fill('Bennani');
  await page.getByLabel(account.profile.general.fullNameAr).fill('أمينة بناني');
  await expect(page.getByLabel(account.profile.general.fullNameAr)).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: account.form.save }).click();
  await expect(page.getByRole('status').filter({ hasText: account.profile.general.saved })).toBeVisible();

  const profile = await page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('souk.auth') ?? '{}') as { token?: string };
    const res = await fetch('/api/user/profile', { headers: { Authorization: `Bearer ${auth.token ?? ''}` } });
    return (await res.json()) as { user: { last_name: string; full_name_ar: string } };
  });
  expect(profile.user).toMatchObject({ last_name: 'Bennani', full_name_ar: 'أمينة بناني' });

  // Offline: the form says it needs a connection and cannot be sent, the saved details stay readable.
  await context.setOffline(true);
  await expect(page.getByText(account.form.offline)).toBeVisible();
  await expect(page.getByRole('button', { name: account.form.save })).toBeDisabled();
  await expect(page.getByLabel(account.profile.general.lastName)).toHaveValue('Bennani');
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: account.form.save })).toBeEnabled();
  await context.close();
});

test('address book: add, default badge, the server promoting a new default after a delete, delete after confirming', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base);

  await page.goto(`${base}/en/address`);
  await expect(page.getByText(account.addresses.empty)).toBeVisible();
  await page.getByRole('button', { name: account.addresses.add }).click();

  // Required fields are checked before the server is asked.
  await page.getByRole('button', { name: account.addresses.save }).click();
  await expect(page.getByLabel(account.addresses.address)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(account.addresses.address).fill('12 Rue Talaa Kebira');
  await page.getByLabel(account.addresses.city).fill('Fès');
  await page.getByLabel(account.addresses.state).fill('Fès-Meknès');
  await page.getByLabel(account.addresses.phone).fill('06 12 34 56 78');
  await expect(page.getByLabel(account.addresses.country)).toHaveValue('MA');
  await expect(page.getByLabel(account.addresses.country).locator('option:checked')).toHaveText('Morocco');
  await page.getByRole('button', { name: account.addresses.save }).click();
  await expect(page.getByRole('status').filter({ hasText: account.addresses.saved })).toBeVisible();

  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('12 Rue Talaa Kebira');
  await expect(card).toContainText('+212612345678');
  // The first address of a type becomes its default.
  await expect(card.getByText(account.addresses.default, { exact: true })).toBeVisible();

  // It survives a reload (it came from the server).
  await page.reload();
  await expect(page.getByTestId('address-card')).toHaveCount(1);

  // A second shipping address is not the default…
  await page.getByRole('button', { name: account.addresses.add }).click();
  await page.getByLabel(account.addresses.address).fill('3 Derb Sidi Bouloukat');
  await page.getByLabel(account.addresses.city).fill('Marrakech');
  await page.getByLabel(account.addresses.state).fill('Marrakech-Safi');
  await page.getByRole('button', { name: account.addresses.save }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(2);
  const second = page.getByTestId('address-card').filter({ hasText: '3 Derb Sidi Bouloukat' });
  await expect(second.getByText(account.addresses.default, { exact: true })).toHaveCount(0);

  // …until the default is deleted (after confirming): the server promotes it, and the page shows so.
  await page.getByRole('button', { name: 'Delete the address 12 Rue Talaa Kebira' }).click();
  await expect(page.getByText(account.addresses.deleteConfirm).first()).toBeVisible();
  await page.getByRole('button', { name: account.addresses.deleteYes }).click();
  await expect(page.getByRole('status').filter({ hasText: account.addresses.deleted })).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(second.getByText(account.addresses.default, { exact: true })).toBeVisible();

  // Cancel keeps it; confirming deletes it.
  await page.getByRole('button', { name: /^Delete the address/ }).click();
  await page.getByRole('button', { name: account.addresses.cancel }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await page.getByRole('button', { name: /^Delete the address/ }).click();
  await page.getByRole('button', { name: account.addresses.deleteYes }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(account.addresses.empty)).toBeVisible();
  await context.close();
});

test('phone verification end to end: the code from the server log verifies, a wrong one shows the attempts left', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base);

  await page.goto(`${base}/en/account/phone`);
  await page.getByLabel(account.phone.phoneLabel).fill('12345');
  await page.getByRole('button', { name: account.phone.send }).click();
  await expect(page.getByText(account.phone.invalidPhone)).toBeVisible();

  const logOffset = serverLogOffset();
  await page.getByLabel(account.phone.phoneLabel).fill('06 12 34 56 78');
  await page.getByRole('button', { name: account.phone.send }).click();
  await expect(page.getByText('+212612345678')).toBeVisible();
  const code = page.getByLabel(account.phone.codeLabel);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: account.phone.resend })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in \d+ s\./)).toBeVisible();

  // The local SMS sender wrote the code to the server log: one digit changed is surely wrong.
  const sent = await codeFromServerLog('+212612345678', logOffset);
  const wrong = sent.slice(0, 5) + String((Number(sent[5]) + 1) % 10);
  await code.fill(wrong);
  await page.getByRole('button', { name: account.phone.verify, exact: true }).click();
  await expect(page.getByText(`${authText.errors.INVALID_CODE} 4 attempts left.`)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(sent);
  await page.getByRole('button', { name: account.phone.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect(page.getByText('+212612345678')).toBeVisible();
  await expect(page.getByText(account.overview.verified, { exact: true })).toBeVisible();
  await context.close();
});

test('settings: the theme choice applies at once and the header toggle agrees', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, base);

  await page.goto(`${base}/en/settings`);
  await page.getByLabel(account.settings.themes.dark).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: /Theme: Dark/ })).toBeVisible();
  await page.getByLabel(account.settings.themes.system).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  // The preferences form is the profile's, here too.
  await expect(page.getByLabel(account.profile.preferences.timezone)).toHaveValue('Africa/Casablanca');
  await context.close();
});
