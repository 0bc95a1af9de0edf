/**
 * The offline screen (spec §2): offline, a page whose content never reached this
 * device says so (instead of a skeleton that never ends, or a wrong 'not found'),
 * and opens by itself once the connection is back and the sync catches up.
 * The first sync is held back by failing the product pulls, so the catalogue is
 * known to be incomplete on the device.
 */
import { expect, test } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { env, fetchAllProducts, waitForLiveSync, waitForServiceWorkerControl } from './helpers';

test('offline before the first sync: the offline screen, then the page once back online', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const products = [...(await fetchAllProducts(base)).values()];
  const product = products[products.length - 1];
  if (!product) throw new Error('the seeded server has no products');

  const context = await browser.newContext();
  await context.route('**/api/sync/products/pull**', (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  await page.goto(`${base}/en/`);
  await waitForServiceWorkerControl(page);
  await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-phase', 'live');

  await context.setOffline(true);
  await page.goto(`${base}/en/products/${product.id}`);
  const screen = page.getByTestId('offline-screen');
  await expect(screen).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlineScreen.title);
  await expect(screen).toContainText(en.offlineScreen.body);
  await expect(page).toHaveTitle(new RegExp(en.offlineScreen.title));

  // A listing keeps its own heading; the notice is a section of it.
  await page.goto(`${base}/en/products`);
  await expect(screen).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en.offlineScreen.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  // The home page says it once, and hides the product rows that cannot fill instead of loading forever.
  await page.goto(`${base}/en/`);
  await expect(page.getByRole('heading', { level: 2, name: en.offlineScreen.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en.home.bestSellers })).toHaveCount(0);

  // Back online: the pulls go through, the sync catches up and the same page shows the product by itself.
  await page.goto(`${base}/en/products/${product.id}`);
  await expect(screen).toBeVisible();
  await context.unroute('**/api/sync/products/pull**');
  await context.setOffline(false);
  await waitForLiveSync(page);
  await expect(page.getByTestId('product-page').getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(screen).toHaveCount(0);
  await context.close();
});
