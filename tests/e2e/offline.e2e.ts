/**
 * Offline-first, end to end: one online visit, then the network goes off and the app
 * still renders the catalogue from the service worker (app shell) and the local
 * database (data), deep links included, in Darija and then in French. A proxy in front
 * of the real server records every request, so "served without the network" is
 * checked on the server side.
 */
import { expect, test } from '@playwright/test';
import {
  env,
  fetchAllProducts,
  formatMadInPage,
  productIdFromHref,
  waitForLiveSync,
  waitForServiceWorkerControl,
} from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';
import { textIn } from '../../src/domain/catalog-text';
import fr from '../../src/app/i18n/locales/fr/translation.json' with { type: 'json' };

test('after one online visit the home page, a product deep link and a language switch work offline', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const products = await fetchAllProducts(base);
  expect(products.size, 'the seeded server has products').toBeGreaterThan(0);

  const context = await browser.newContext();
  const page = await context.newPage();
  const html = page.locator('html');
  const cards = page.locator('article[data-testid="product-card"]');

  // --- Online: first visit; the service worker takes control and the first sync catches up.
  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  await expect(html).toHaveAttribute('lang', 'ar-MA');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(cards.first()).toBeVisible();
  const onlineCardCount = await cards.count();

  const firstCard = cards.first();
  const id = productIdFromHref(await firstCard.locator('a[href*="/products/"]').first().getAttribute('href'));
  const product = products.get(id);
  if (!product) throw new Error(`a card links to product ${id}, which the server does not have`);
  // Each language reads the product's own name in it (issue 22: textIn over the names the sync brought).
  const darijaName = textIn(product.names, 'ma');
  const frenchName = textIn(product.names, 'fr');
  const darijaPrice = (await firstCard.getByTestId('price').textContent())?.trim();
  expect(darijaPrice, 'Darija price is formatMAD(price, ma), i.e. ar-MA').toBe(
    await formatMadInPage(page, product.effective_price, 'ar-MA'),
  );

  // --- Offline from here on: nothing may reach the server.
  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker(), 'the offline reload is answered by the service worker').toBe(true);
  await expect(html).toHaveAttribute('lang', 'ar-MA');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(onlineCardCount);

  // Deep link typed into the address bar while offline.
  const deepLink = await page.goto(`${base}/products/${id}`);
  expect(deepLink?.fromServiceWorker(), 'the deep link is answered by the service worker').toBe(true);
  const productPage = page.getByTestId('product-page');
  await expect(productPage).toBeVisible();
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(darijaName);
  await expect(html).toHaveAttribute('lang', 'ar-MA');
  await expect(html).toHaveAttribute('dir', 'rtl');

  // Switch to French, still offline.
  await page.getByTestId('language-switcher').selectOption('fr');
  await expect(html).toHaveAttribute('lang', 'fr');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(frenchName);
  await expect(productPage.getByRole('button', { name: fr.product.addToCart })).toBeVisible();
  await expect(productPage.getByText(fr.productPage.delivery)).toBeVisible();
  const frenchPrice = await formatMadInPage(page, product.effective_price, 'fr-MA');
  expect(frenchPrice, 'French and Darija formats differ').not.toBe(darijaPrice);
  await expect(productPage.getByTestId('product-price')).toHaveText(frenchPrice);

  // Back home through the app's own link: the same product's card, priced in French.
  await page.getByRole('link', { name: 'Souk — accueil' }).first().click();
  await expect(html).toHaveAttribute('lang', 'fr');
  const sameCard = cards.filter({ has: page.locator(`a[href$="/products/${id}"]`) }).first();
  await expect(sameCard).toBeVisible();
  await expect(sameCard.getByTestId('price')).toHaveText(frenchPrice);

  const reachedServer = await requestsSince(control, seqAtOffline);
  expect(reachedServer, 'requests that reached the server while offline').toEqual([]);

  await context.close();
});
