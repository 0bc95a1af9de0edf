/**
 * The initial loader (spec §2, §9): once per session, for 3 seconds. A new session
 * (a new browser context) shows it, a reload in the same session does not, and it
 * never lets a tap through to the page it hides: a tap dismisses it, nothing more.
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

  // A tap on it dismisses it and nothing else: the link under it, unseen, is not followed.
  const third = await browser.newContext();
  const tapped = await third.newPage();
  await tapped.goto(`${base}/en/`);
  const thirdLoader = tapped.getByTestId('initial-loader');
  await expect(thirdLoader).toBeVisible();
  const link = tapped.getByRole('navigation', { name: en.nav.main }).getByRole('link', { name: en.nav.allProducts });
  const box = await link.boundingBox();
  if (!box) throw new Error('the navigation link has no box');
  await tapped.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(thirdLoader).toBeHidden({ timeout: 1_000 });
  await expect(tapped).toHaveURL(/\/en\/$/);
  await link.click();
  await expect(tapped).toHaveURL(/\/en\/products$/);

  await Promise.all([context.close(), second.close(), third.close()]);
});
