/**
 * The home's rows below the fold (issue 25): on a phone they draw their cards only as they near the viewport,
 * so the first screen's frame lays out, styles and paints what is on screen, not 84 cards. Scrolling, or moving
 * the keyboard focus down the page, brings them in.
 */
import { expect, test, type Page } from '@playwright/test';
import { env, waitForLiveSync } from './helpers';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };

const row = (page: Page, name: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name }) });

test('rows below the fold draw their cards as they near the viewport, by scrolling or by the keyboard', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${base}/en/`);

  // The first rows at once.
  await expect(row(page, en.home.bestSellers).getByTestId('product-card').first()).toBeVisible();
  await expect(row(page, en.home.newArrivals).getByTestId('product-card').first()).toBeAttached();

  // Out of sight: headed, skeletons in place, and no cards even once the sync is live and the near rows are full.
  await waitForLiveSync(page);
  await expect(row(page, en.home.newArrivals).getByTestId('product-card')).not.toHaveCount(0);
  const offers = row(page, en.home.megaOffers);
  const women = row(page, en.home.womenTraditional);
  for (const far of [offers, women]) {
    await expect(far.getByRole('heading', { level: 2 })).toBeAttached();
    await expect(far.getByTestId('product-card')).toHaveCount(0);
  }

  // The keyboard reaches a far row's 'See all': the row comes into view and draws its cards.
  await women.getByRole('link', { name: en.common.seeAll }).focus();
  await expect(women.getByTestId('product-card').first()).toBeVisible();

  // Scrolled to: its cards come.
  await expect(offers.getByTestId('product-card')).toHaveCount(0);
  await offers.scrollIntoViewIfNeeded();
  await expect(offers.getByTestId('product-card').first()).toBeVisible();
  await context.close();
});
