/**
 * Mobile first: at 360 px (a common small Android phone) no page is wider than the screen. The header once was:
 * its language menu, theme, sync, cart and sign-in links did not fit beside the logo and pushed every page
 * sideways (367 px in 360 in Darija, 383 in English).
 */
import { expect, test } from '@playwright/test';
import { env } from './helpers';

const PAGES = ['/', '/products', '/shops', '/community', '/cart', '/contact', '/faq', '/returns', '/size-guide', '/terms', '/tailoring'];

test('no page scrolls sideways at 360 px, in Darija and in English', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const wide: string[] = [];
  for (const prefix of ['', '/en']) {
    for (const path of PAGES) {
      await page.goto(`${base}${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) wide.push(`${prefix}${path}: ${scrollWidth} px in ${clientWidth}`);
    }
  }
  expect(wide).toEqual([]);
  await context.close();
});

test('a tab opened by its link is scrolled into view on a phone, the page not moved', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // German has the longest tab names: the third tab starts beyond the screen's edge.
  await page.goto(`${base}/de/returns?tab=process`);
  const tab = page.getByRole('tab', { selected: true });
  await expect(tab).toBeVisible();
  await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});
