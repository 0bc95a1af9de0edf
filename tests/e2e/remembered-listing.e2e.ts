/**
 * A returning shopper's listing draws at once from the page remembered on the last visit (src/app/data/
 * remembered-results.ts), before the data worker has opened the database, and the worker's live answer takes over.
 * The second visit's data worker is held back (its script request is never answered), so every card it shows
 * can only come from what the page remembered.
 */
import { expect, test, type Page } from '@playwright/test';
import { REMEMBERED_STORAGE_KEY } from '../../src/app/data/remembered-results';
import { env, waitForLiveSync } from './helpers';

const CARD = 'article[data-testid="product-card"]';
const LISTING = '/en/products?sort=price-low-high';
const COUNT = 'section[aria-labelledby="listing-heading"] p[role="status"]';

function cardIds(page: Page): Promise<Array<string | null>> {
  return page.locator(CARD).evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')));
}

test('a listing seen before draws its remembered cards while the data worker has not started; a new one waits', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  // No service worker: the held-back worker script must reach the network, where the test holds it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const first = await context.newPage();
  await first.goto(`${base}${LISTING}`);
  await waitForLiveSync(first);
  await expect(first.locator(`ul[aria-busy="false"] ${CARD}`).first()).toBeVisible();
  const liveIds = await cardIds(first);
  expect(liveIds.length, 'a full first page').toBe(24);
  const liveCount = (await first.locator(COUNT).textContent())?.trim();
  expect(liveCount).toMatch(/\d/);
  // Saved a moment after the answer (or when the page is hidden).
  await first.waitForFunction(
    ({ key, id }) => (localStorage.getItem(key) ?? '').includes(`"id":"${id}"`),
    { key: REMEMBERED_STORAGE_KEY, id: liveIds[23] },
  );
  await first.close();

  const second = await context.newPage();
  let held = 0;
  await second.route(/\/data-worker[^/]*\.js(\?.*)?$/, () => {
    held++; // never answered: this page's data worker does not start
  });
  await second.goto(`${base}${LISTING}`);
  await expect(second.locator(CARD)).toHaveCount(24);
  expect(held, 'the data worker script was requested and held').toBeGreaterThan(0);
  expect(await cardIds(second), 'the same cards, in the same order').toEqual(liveIds);
  // Shown, not dimmed, but still announced as loading: the live answer has not come.
  await expect(second.locator('ul[aria-busy="true"]')).toHaveCount(1);
  await expect(second.locator(COUNT), 'the remembered total').toHaveText(liveCount ?? '');

  // A listing this device never showed has nothing remembered: skeletons until the worker answers.
  await second.goto(`${base}/en/products?sort=rating`);
  await expect(second.locator('ul[aria-busy="true"]')).toHaveCount(1);
  await second.waitForTimeout(1_000);
  await expect(second.locator(CARD)).toHaveCount(0);

  // With the worker allowed again, the live answer replaces the remembered one.
  await second.unroute(/\/data-worker[^/]*\.js(\?.*)?$/);
  await second.goto(`${base}${LISTING}`);
  await expect(second.locator(`ul[aria-busy="false"] ${CARD}`)).toHaveCount(24);
  expect(await cardIds(second)).toEqual(liveIds);
  await context.close();
});
