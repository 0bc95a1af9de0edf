/** Shared steps of the account browser tests: unique users, the sign-in forms, the stored session. */
import { expect, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/auth.json' with { type: 'json' };

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A user no earlier run has registered (the e2e server's database is fresh, but runs may share one). */
export function uniqueUser(label: string): TestUser {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    firstName: 'Amina',
    lastName: `Test${label}`,
    email: `e2e-${label}-${id}@example.test`,
    password: `souk-${id}-pass`,
  };
}

/** Registers through the API (when a test needs a user but not the register form). Counts against 10/hour per IP. */
export async function registerByApi(base: string, user: TestUser): Promise<void> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password: user.password,
      password_confirmation: user.password,
    }),
  });
  if (res.status !== 201) throw new Error(`register ${user.email}: HTTP ${res.status} ${await res.text()}`);
}

/** Fills and submits the English register form (the page must be on /en/register). */
export async function fillRegisterForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel(en.register.firstName).fill(user.firstName);
  await page.getByLabel(en.register.lastName).fill(user.lastName);
  await page.getByLabel(en.register.email, { exact: true }).fill(user.email);
  await page.getByLabel(en.register.password, { exact: true }).fill(user.password);
  await page.getByLabel(en.register.confirmPassword).fill(user.password);
  await page.getByRole('button', { name: en.register.submit }).click();
}

/** Fills and submits the English login form (the page must be on /en/login). */
export async function fillLoginForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel(en.login.email, { exact: true }).fill(user.email);
  await page.getByLabel(en.login.password).fill(user.password);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
}

/** The header shows the signed-in user's first name, linking to /account. */
export async function expectSignedInHeader(page: Page, user: TestUser): Promise<void> {
  await expect(page.getByTestId('header-account')).toContainText(user.firstName);
}

export async function storedSession(page: Page): Promise<{ auth: string | null; user: string | null }> {
  return page.evaluate(() => ({ auth: localStorage.getItem('souk.auth'), user: localStorage.getItem('souk.user') }));
}

export { en as authText };
