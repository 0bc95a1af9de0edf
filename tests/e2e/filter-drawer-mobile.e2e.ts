/**
 * The filter drawer on a phone (spec §2): a 390×844 touch screen opens the slide-in drawer,
 * chooses filters, applies them, and the removable chips then drive the results and the URL.
 * Expected results come from the server's data through the reference listing semantics.
 */
import { expect, test, type Page } from '@playwright/test';
import { runProductQuery } from '../../src/domain/product-query';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { env, fetchAllProducts, waitForLiveSync } from './helpers';

const PER_PAGE = 24;

function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('article[data-testid="product-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-id') ?? ''));
}

const removeLabel = (label: string) => en.listing.removeFilter.replace('{{label}}', label);

test('mobile filter drawer: open, choose, Apply, then removable chips update the results and the URL', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const docs = [...(await fetchAllProducts(base)).values()];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${base}/en/products`);
  await waitForLiveSync(page);
  await expect.poll(() => cardIds(page)).toEqual(runProductQuery(docs, { perPage: PER_PAGE }).items.map((p) => p.id));

  // The desktop side panel is not shown on a phone; the Filters button opens the drawer.
  await expect(page.getByRole('complementary', { name: en.listing.filters })).toBeHidden();
  const opener = page.getByRole('button', { name: en.listing.filters, exact: true });
  await opener.tap();
  const drawer = page.getByRole('dialog', { name: en.listing.filters });
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveAttribute('aria-modal', 'true');

  await drawer.getByText(en.colors.red, { exact: true }).tap();
  await drawer.getByText('M', { exact: true }).tap();
  // A draft: nothing applied yet.
  await expect(page).toHaveURL(`${base}/en/products`);
  await expect(drawer.getByRole('button', { name: removeLabel(en.colors.red) })).toBeVisible();

  await drawer.getByRole('button', { name: en.listing.apply }).tap();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/[?&]colors=red(&|$)/);
  await expect(page).toHaveURL(/[?&]sizes=M(&|$)/);
  await expect(page.getByRole('button', { name: en.listing.openFilters.replace('{{count}}', '2') })).toBeVisible();

  const both = runProductQuery(docs, { colors: ['red'], sizes: ['M'], perPage: PER_PAGE });
  await expect.poll(() => cardIds(page)).toEqual(both.items.map((p) => p.id));
  const chips = page.getByRole('group', { name: en.listing.activeFilters });
  const redChip = chips.getByRole('button', { name: removeLabel(en.colors.red) });
  const sizeChip = chips.getByRole('button', { name: removeLabel('M') });
  await expect(redChip).toBeVisible();
  await expect(sizeChip).toBeVisible();

  // Removing a chip updates the results and the URL at once.
  await sizeChip.tap();
  await expect(sizeChip).toBeHidden();
  await expect(page).not.toHaveURL(/sizes=/);
  await expect(page).toHaveURL(/[?&]colors=red(&|$)/);
  const red = runProductQuery(docs, { colors: ['red'], perPage: PER_PAGE });
  expect(red.total, 'removing the size widens the results').toBeGreaterThanOrEqual(both.total);
  await expect.poll(() => cardIds(page)).toEqual(red.items.map((p) => p.id));
  await expect(page.getByRole('status').filter({ hasText: String(red.total) }).first()).toBeVisible();

  // The last chip goes too: back to the whole catalogue and a clean URL.
  await redChip.tap();
  await expect(page).toHaveURL(`${base}/en/products`);
  await expect.poll(() => cardIds(page)).toEqual(runProductQuery(docs, { perPage: PER_PAGE }).items.map((p) => p.id));
  await context.close();
});
