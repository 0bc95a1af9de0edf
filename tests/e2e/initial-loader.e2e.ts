/**
 * The initial loader (spec §2, §9): once per session, for 3 seconds. A new session
 * (a new browser context) shows it, a reload in the same session does not, and it
 * never stands in the way: the page renders and takes clicks underneath.
 */
import { expect, test } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { env } from './helpers';

test('the initial loader shows once per session for 3 seconds', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  const loader = page.getByTestId('initial-loader');

  await page.goto(`${base}/en/`);
  await expect(loader).toBeVisible();
  await expect(loader).toContainText(en.app.name);
  // Decorative for assistive technology: the page is there underneath, with its landmarks.
  await expect(loader).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('main')).toBeAttached();
  const shownAt = Date.now();
  await expect(loader).toBeHidden({ timeout: 10_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor, 'gone after about 3 s, not at once').toBeGreaterThan(1_000);

  // Same session: a reload does not show it again (it would stay 3 s if it did).
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(loader).toHaveCount(0);
  await page.goto(`${base}/en/products`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(loader).toHaveCount(0);

  // A key dismisses it early in a new session; clicks pass through to the page.
  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto(`${base}/en/`);
  const otherLoader = other.getByTestId('initial-loader');
  await expect(otherLoader).toBeVisible();
  await other.keyboard.press('Shift');
  await expect(otherLoader).toBeHidden({ timeout: 1_000 });

  const third = await browser.newContext();
  const clicked = await third.newPage();
  await clicked.goto(`${base}/en/`);
  await expect(clicked.getByTestId('initial-loader')).toBeVisible();
  await clicked.getByRole('link', { name: en.footer.links.faq }).click();
  await expect(clicked).toHaveURL(/\/en\/faq$/);

  await Promise.all([context.close(), second.close(), third.close()]);
});
