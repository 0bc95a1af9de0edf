/**
 * The catalogue in Chromium (issue 4): a listing filtered and sorted through the URL (surviving a
 * reload), the quick view by keyboard, product options with the server stock check (and its
 * 300 s cache), and, with the network off after the first sync, a category, a filter, a product
 * and the stock check's 'may be out of date' note. Expectations come from the server's own data
 * run through the reference listing semantics (src/domain/product-query.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProductDoc, Variant } from '../../src/domain/catalog';
import { LOW_STOCK_THRESHOLD } from '../../src/domain/catalog-constants';
import { formatMAD } from '../../src/domain/money';
import { runProductQuery } from '../../src/domain/product-query';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import enCommerce from '../../src/app/i18n/locales/en/commerce.json' with { type: 'json' };
import { env, fetchAllProducts, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

const PER_PAGE = 24;

function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('article[data-testid="product-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-id') ?? ''));
}

/** A product whose options all need choosing, with a variant well in stock and, if any, a low-stock one. */
function productWithChoices(products: Map<string, ProductDoc>): { product: ProductDoc; plenty: Variant; low?: Variant } {
  for (const product of products.values()) {
    const plenty = product.variants.find((v) => v.stock_quantity > LOW_STOCK_THRESHOLD);
    const low = product.variants.find((v) => v.stock_quantity > 0 && v.stock_quantity <= LOW_STOCK_THRESHOLD);
    if (plenty && low && product.sizes.length > 1) return { product, plenty, low };
  }
  for (const product of products.values()) {
    const plenty = product.variants.find((v) => v.stock_quantity > LOW_STOCK_THRESHOLD);
    if (plenty) return { product, plenty };
  }
  throw new Error('the seed has no variant in stock');
}

async function chooseVariant(page: Page, variant: Variant): Promise<void> {
  const productPage = page.getByTestId('product-page');
  await productPage.getByRole('radio', { name: variant.size, exact: true }).check();
  await productPage.getByRole('radio', { name: en.colors[variant.color], exact: true }).check();
  await productPage.getByRole('radio', { name: en.fabrics[variant.fabric], exact: true }).check();
}

const stockPathOf = (productId: string, variantId: number | null) =>
  `/api/stock/${productId}/availability${variantId === null ? '' : `?variant_id=${variantId}`}`;

test('a listing filtered and sorted carries both in the URL, and a reload keeps them', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const docs = [...(await fetchAllProducts(base)).values()];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/en/products`);
  await waitForLiveSync(page);
  await expect.poll(() => cardIds(page)).toEqual(runProductQuery(docs, { perPage: PER_PAGE }).items.map((p) => p.id));

  const panel = page.getByRole('complementary', { name: en.listing.filters });
  await panel.getByText(en.colors.red, { exact: true }).click();
  await expect(page).toHaveURL(/[?&]colors=red(&|$)/);
  await page.getByLabel(en.listing.sort).selectOption('price-low-high');
  await expect(page).toHaveURL(/[?&]sort=price-low-high(&|$)/);

  const expected = runProductQuery(docs, { colors: ['red'], sort: 'price-low-high', perPage: PER_PAGE });
  expect(expected.total, 'the seed has red products').toBeGreaterThan(0);
  await expect.poll(() => cardIds(page)).toEqual(expected.items.map((p) => p.id));
  await expect(page.getByRole('status').filter({ hasText: String(expected.total) }).first()).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/[?&]colors=red(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=price-low-high(&|$)/);
  await expect(page.getByLabel(en.listing.sort)).toHaveValue('price-low-high');
  await expect(panel.getByRole('checkbox', { name: en.colors.red, exact: true })).toBeChecked();
  await expect.poll(() => cardIds(page)).toEqual(expected.items.map((p) => p.id));
  await context.close();
});

test('quick view by keyboard: opens as a labelled modal, keeps focus inside, Escape closes and focus returns', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const products = await fetchAllProducts(base);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/en/products`);
  await waitForLiveSync(page);

  const card = page.locator('article[data-testid="product-card"]').first();
  const id = (await card.getAttribute('data-product-id')) ?? '';
  const product = products.get(id);
  if (!product) throw new Error(`card for unknown product ${id}`);
  const opener = card.getByRole('button', { name: en.quickView.open.replace('{{name}}', product.name) });

  const stockAnswer = page.waitForResponse((r) => r.url().endsWith(stockPathOf(id, null)));
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');

  // The server's product-wide stock, shown as its outcome.
  const reply = (await (await stockAnswer).json()) as { status: string; available_quantity: number };
  const status = dialog.getByTestId('availability');
  await expect(status).toHaveAttribute('data-source', 'server');
  await expect(status).toHaveAttribute('data-outcome', reply.status);
  if (reply.status === 'available') await expect(status).toContainText(en.stockCheck.available);

  await expect(dialog.getByTestId('price')).toHaveText(formatMAD(product.effective_price, 'en'));
  const details = dialog.getByRole('link', { name: new RegExp(en.quickView.fullDetails) });
  await expect(details).toHaveAttribute('target', '_blank');
  await expect(details).toHaveAttribute('rel', 'noopener');
  await expect(details).toHaveAttribute('href', `/en/products/${id}`);

  // Quantity stays between 1 and the stock.
  if (reply.status === 'available' || reply.status === 'low_stock') {
    const quantity = dialog.getByLabel(en.stockCheck.quantity, { exact: true });
    await quantity.fill(String(reply.available_quantity + 50));
    await expect(quantity).toHaveValue(String(reply.available_quantity));
    await expect(dialog.getByTestId('quantity-max')).toHaveText(
      en.stockCheck.maxQuantity.replace('{{max}}', reply.available_quantity.toLocaleString('en-US')),
    );
  }

  // The wishlist needs an account: a guest is told to log in (a 2-second toast) and nothing flips.
  const wish = dialog.getByRole('button', { name: en.product.wishlistAdd.replace('{{name}}', product.name) });
  await wish.click();
  await expect(page.getByTestId('toast').filter({ hasText: enCommerce.messages.wishlistLogin })).toBeVisible();
  await expect(wish).toHaveAttribute('aria-pressed', 'false');

  // Tab and Shift+Tab never leave the dialog.
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await context.close();
});

test('product options: all three chosen, the variant checked with the server, price shown, cached for 300 s', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const { product, plenty, low } = productWithChoices(await fetchAllProducts(base));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const stockRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/stock/')) stockRequests.push(request.url());
  });
  await page.goto(`${base}/en/products/${product.id}`);
  await waitForLiveSync(page);
  const productPage = page.getByTestId('product-page');
  const status = productPage.getByTestId('availability');
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(product.name);
  if (product.sizes.length > 1) await expect(status).toContainText(/Choose|Still to choose/);

  const first = page.waitForResponse((r) => r.url().endsWith(stockPathOf(product.id, plenty.id)));
  await chooseVariant(page, plenty);
  const reply = (await (await first).json()) as { status: string; available_quantity: number };
  expect(reply.status).toBe('available');
  await expect(status).toHaveAttribute('data-source', 'server');
  await expect(status).toHaveAttribute('data-outcome', 'available');
  await expect(status).toContainText(en.stockCheck.available);
  // The variant's charged price (what the cart and the order use); on sale, its list price struck through and its percent.
  await expect(productPage.getByTestId('variant-price')).toHaveText(
    en.productPage.variantPrice.replace('{{price}}', formatMAD(plenty.effective_price, 'en')),
  );
  if (plenty.has_discount) {
    await expect(productPage.getByTestId('variant-original-price')).toHaveText(formatMAD(plenty.price, 'en'));
    if (plenty.discount_percent > 0) {
      await expect(productPage.getByTestId('variant-discount')).toHaveText(
        en.product.discountLabel.replace('{{percent}}', String(plenty.discount_percent)),
      );
    }
  } else {
    await expect(productPage.getByTestId('variant-original-price')).toHaveCount(0);
  }
  await expect(productPage.getByTestId('delivery-dates')).toContainText(/\w+day, \w+ \d+/);
  // The custom-request button opens the community's request form (issue 6).
  await expect(productPage.getByRole('link', { name: en.stockCheck.customRequest })).toHaveAttribute('href', /\/community\/new$/);

  const quantity = productPage.getByLabel(en.stockCheck.quantity, { exact: true });
  await quantity.fill('100000');
  await expect(quantity).toHaveValue(String(reply.available_quantity));
  await expect(productPage.getByTestId('quantity-max')).toBeVisible();

  expect(low, 'the seed has a product with a low-stock variant beside one well in stock').toBeDefined();
  if (low) {
    const second = page.waitForResponse((r) => r.url().endsWith(stockPathOf(product.id, low.id)));
    await chooseVariant(page, low);
    await second;
    await expect(status).toHaveAttribute('data-outcome', 'low_stock');
    const n = low.stock_quantity;
    await expect(status).toContainText((n === 1 ? en.stockCheck.lowStock_one : en.stockCheck.lowStock_other).replace('{{count}}', String(n)));

    // Back to the first variant: its answer is fresh (under 300 s), so no new request.
    const before = stockRequests.length;
    await chooseVariant(page, plenty);
    await expect(status).toHaveAttribute('data-outcome', 'available');
    await page.waitForTimeout(300);
    expect(stockRequests.length).toBe(before);
  }
  await context.close();
});

test('offline after the first sync: a category, a filter, a product and its stock from the last sync', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const docs = [...(await fetchAllProducts(base)).values()];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/en/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);

  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);

  await page.goto(`${base}/en/category/women`);
  const all = runProductQuery(docs, { category: 'women', perPage: PER_PAGE });
  await expect.poll(() => cardIds(page)).toEqual(all.items.map((p) => p.id));

  await page.getByRole('complementary', { name: en.listing.filters }).getByText(en.colors.blue, { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/category\/women\?colors=blue$/);
  const blue = runProductQuery(docs, { category: 'women', colors: ['blue'], perPage: PER_PAGE });
  expect(blue.total, 'the seed has blue women’s products').toBeGreaterThan(0);
  await expect.poll(() => cardIds(page)).toEqual(blue.items.map((p) => p.id));

  const target = blue.items.find((p) => p.variants.some((v) => v.stock_quantity > 0)) ?? blue.items[0]!;
  await page
    .locator(`article[data-testid="product-card"][data-product-id="${target.id}"]`)
    .getByRole('link', { name: target.name })
    .click();
  const productPage = page.getByTestId('product-page');
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(target.name);
  const variant = target.variants.find((v) => v.stock_quantity > 0) ?? target.variants[0]!;
  await chooseVariant(page, variant);
  const status = productPage.getByTestId('availability');
  await expect(status).toHaveAttribute('data-source', 'local');
  await expect(productPage.getByTestId('stock-stale-note')).toContainText(en.stockCheck.staleOffline.split(':')[0]!);

  expect(await requestsSince(control, seqAtOffline), 'requests that reached the server while offline').toEqual([]);
  await context.close();
});
