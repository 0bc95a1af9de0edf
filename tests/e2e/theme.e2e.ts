/**
 * The theme choice survives reloads (spec §1, §9): picking dark with the header's toggle stores it in the
 * souk_theme cookie for 365 days, and a reload is dark from the first paint: public/boot.js alone (every app
 * script blocked) already puts data-theme="dark" on <html> and the stylesheet paints the dark background. Then
 * back to light the same way.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { darkPalette, lightPalette } from '../../src/app/theme/palette';
import { env } from './helpers';

const DAY_S = 24 * 60 * 60;

function rgb(hex: string): string {
  const c = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `rgb(${c(1)}, ${c(3)}, ${c(5)})`;
}

const toggle = (page: Page) => page.getByRole('button', { name: /^Theme: / });
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Presses the toggle (light → dark → system → light) until its label says the mode. */
async function choose(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const label = en.theme.label.replace('{{mode}}', en.theme[mode]);
  for (let i = 0; i < 3 && (await toggle(page).getAttribute('aria-label')) !== label; i++) await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-label', label);
}

async function expectCookie(context: BrowserContext, value: string): Promise<void> {
  const cookie = (await context.cookies()).find((c) => c.name === 'souk_theme');
  expect(cookie?.value).toBe(value);
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
}

/** Reloads with every script but public/boot.js refused: what the first paint shows before the app runs. */
async function firstPaint(page: Page): Promise<{ theme: string | null; background: string; appRan: boolean }> {
  await page.route(/\.m?js(\?|$)/, (route) => (new URL(route.request().url()).pathname === '/boot.js' ? route.continue() : route.abort()));
  await page.reload();
  const state = {
    theme: await page.locator('html').getAttribute('data-theme'),
    background: await bodyBackground(page),
    appRan: (await page.locator('header').count()) > 0,
  };
  await page.unrouteAll();
  return state;
}

test('dark chosen with the toggle stays dark from the first paint after a reload; light likewise', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  // No service worker, so the routes above see every request.
  const context = await browser.newContext({ colorScheme: 'light', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}/en/`);
  await expect(toggle(page)).toBeVisible();

  await choose(page, 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => bodyBackground(page)).toBe(rgb(darkPalette.bg));
  await expectCookie(context, 'dark');

  expect(await firstPaint(page)).toEqual({ theme: 'dark', background: rgb(darkPalette.bg), appRan: false });

  await page.reload();
  await expect(toggle(page)).toHaveAttribute('aria-label', en.theme.label.replace('{{mode}}', en.theme.dark));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await choose(page, 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectCookie(context, 'light');
  expect(await firstPaint(page)).toEqual({ theme: 'light', background: rgb(lightPalette.bg), appRan: false });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => bodyBackground(page)).toBe(rgb(lightPalette.bg));
  await context.close();
});
