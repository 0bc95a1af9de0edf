/**
 * Right to left (issue 7): at one fixed viewport the listing in Darija (no prefix) and in English (/en) carry
 * dir and lang on <html>, and the layout mirrors: the brand sits at the inline start (right in ma, left in en, the
 * same distance from its edge), the cart at the opposite side, the first card of a row at the right in ma, and the
 * pagination's 'next' arrow points and sits the other way (its chevron mirrored by a transform). Screenshots of
 * both go into the test's output folder for a person to look at; comparing them pixel by pixel with a flip is not
 * done, as the two languages' texts differ in width and script.
 */
import { expect, test, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import ma from '../../src/app/i18n/locales/ma/translation.json' with { type: 'json' };
import { openAs } from './a11y-helpers';
import { waitForLiveSync } from './helpers';

const WIDTH = 1280;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not laid out');
  return b;
}

const centre = (b: Box) => b.x + b.width / 2;

async function layout(page: Page, strings: typeof en) {
  const logo = await box(page, page.getByRole('link', { name: strings.app.homeLink }));
  const cart = await box(page, page.getByTestId('header-cart'));
  const cards = page.getByTestId('product-card');
  const first = await box(page, cards.nth(0));
  const second = await box(page, cards.nth(1));
  const pagination = page.getByRole('navigation', { name: strings.listing.pagination });
  const next = pagination.getByRole('link', { name: strings.common.next });
  const pageOne = await box(page, pagination.getByRole('link', { name: strings.listing.goToPage.replace('{{page}}', '1') }));
  const nextBox = await box(page, next);
  const chevron = await next.locator('svg').evaluate((svg) => getComputedStyle(svg).transform);
  return { logo, cart, first, second, pageOne, next: nextBox, chevron };
}

test('the listing mirrors in Darija (rtl) against English (ltr)', async ({ browser }, testInfo) => {
  const measure = async (lang: 'ma' | 'en') => {
    const { context, page } = await openAs(browser, '/products', lang, 'light', { width: WIDTH, height: 900 });
    await waitForLiveSync(page);
    await expect(page.getByTestId('product-card').nth(1)).toBeVisible();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', lang === 'ma' ? 'rtl' : 'ltr');
    await expect(html).toHaveAttribute('lang', lang === 'ma' ? 'ar-MA' : 'en');
    const geometry = await layout(page, lang === 'ma' ? (ma as typeof en) : en);
    // The picture of the page, not of the first visit's loader over it.
    await expect(page.getByTestId('initial-loader')).toBeHidden({ timeout: 10_000 });
    await page.screenshot({ path: testInfo.outputPath(`listing-${lang}.png`) });
    await context.close();
    return geometry;
  };
  const rtl = await measure('ma');
  const ltr = await measure('en');

  // The brand at the inline start, the same distance from its edge; the cart at the other side.
  expect(centre(rtl.logo)).toBeGreaterThan(WIDTH / 2);
  expect(centre(ltr.logo)).toBeLessThan(WIDTH / 2);
  expect(Math.abs(WIDTH - (rtl.logo.x + rtl.logo.width) - ltr.logo.x)).toBeLessThanOrEqual(2);
  expect(centre(rtl.cart)).toBeLessThan(centre(rtl.logo));
  expect(centre(ltr.cart)).toBeGreaterThan(centre(ltr.logo));

  // The cards of a row run from the right in Darija, from the left in English.
  expect(rtl.first.y).toBeCloseTo(rtl.second.y, 0);
  expect(ltr.first.y).toBeCloseTo(ltr.second.y, 0);
  expect(rtl.first.x).toBeGreaterThan(rtl.second.x);
  expect(ltr.first.x).toBeLessThan(ltr.second.x);
  expect(centre(rtl.first)).toBeGreaterThan(WIDTH / 2);

  // 'Next' comes after page 1 in reading order, so left of it in Darija, and its chevron is flipped.
  expect(rtl.next.x).toBeLessThan(rtl.pageOne.x);
  expect(ltr.next.x).toBeGreaterThan(ltr.pageOne.x);
  expect(rtl.chevron).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  expect(ltr.chevron).toBe('none');
});
