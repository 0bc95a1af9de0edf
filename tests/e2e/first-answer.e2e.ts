/**
 * A first visit to a product page draws the product before the data worker has started (issue 25): the page
 * fetches it itself from the products view (src/app/data/first-answer.ts). The worker's script request is held
 * (never answered), so the product can only come from the page's own request; once the worker may start, its live
 * answer takes over. No service worker here: the held script must reach the network, and a page no service
 * worker controls is what a first visit is.
 */
import { expect, test } from '@playwright/test';
import { env, fetchAllProducts } from './helpers';
import { textIn } from '../../src/domain/catalog-text';

const DATA_WORKER = /\/data-worker[^/]*\.js(\?.*)?$/;

test('a first visit to a product page shows the product while the data worker has not started', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const product = [...(await fetchAllProducts(base)).values()].find((p) => p.in_stock);
  if (!product) throw new Error('a product is needed');
  const name = textIn(product.names, 'en');

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  let held = 0;
  await page.route(DATA_WORKER, () => {
    held++; // never answered: this page's data worker does not start
  });
  const viewRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sync/products/view')) viewRequests.push(r.url());
  });
  await page.goto(`${base}/en/products/${product.id}`);
  const productPage = page.getByTestId('product-page');
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(name);
  expect(held, 'the data worker script was requested and held').toBeGreaterThan(0);
  expect(viewRequests.map((u) => new URL(u).searchParams.get('ids'))).toEqual([product.id]);
  expect(new URL(viewRequests[0] ?? base).searchParams.get('lang'), "in the page's language").toBe('en');

  // A product page the visit did not open first has no answer of its own: its skeleton waits for the worker.
  const other = [...(await fetchAllProducts(base)).values()].find((p) => p.id !== product.id && p.in_stock);
  if (!other) throw new Error('a second product is needed');
  await page.evaluate((id) => {
    history.pushState(null, '', `/en/products/${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, other.id);
  await page.waitForTimeout(1_000);
  await expect(productPage).toHaveCount(0);

  // With the worker allowed, the live answer draws the product as before.
  await page.unroute(DATA_WORKER);
  await page.goto(`${base}/en/products/${product.id}`);
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-phase', 'live', { timeout: 60_000 });
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await context.close();
});
