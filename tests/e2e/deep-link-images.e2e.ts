/**
 * The service worker's other duties, end to end against the real server: product images
 * come from the image cache offline, API responses are never cached nor answered by the
 * app shell, a deep link opened in a new tab works offline, and an image that was never
 * fetched shows the placeholder instead of a broken picture.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ProductDoc } from '../../src/domain/catalog';
import { textIn } from '../../src/domain/catalog-text';
import { IMAGE_CACHE } from '../../src/workers/sw-routes';
import { env, fetchAllProducts, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

/** Darija text for an image that could not be loaded (locales/ma: product.imageUnavailable). */
const IMAGE_UNAVAILABLE_MA = 'التصويرة ماكايناش';

async function firstVisit(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  await expect(page.locator('article[data-testid="product-card"]').first()).toBeVisible();
}

/** Every URL in any Cache Storage cache of the page's origin, by cache name. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  });
}

async function imageCacheUrls(page: Page): Promise<string[]> {
  return (await cacheContents(page))[IMAGE_CACHE.name] ?? [];
}

async function expectImageDecoded(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
      message: 'the image decoded',
    })
    .toBe(true);
}

/** A product none of whose pictures this browser has fetched yet. */
async function productWithUnseenImages(page: Page, base: string, products: Map<string, ProductDoc>): Promise<ProductDoc> {
  const shown = new Set(
    await page.evaluate(() => [
      ...performance.getEntriesByType('resource').map((e) => e.name),
      ...[...document.images].map((i) => i.currentSrc),
    ]),
  );
  const cached = new Set(await imageCacheUrls(page));
  const unseen = [...products.values()].find((p) =>
    [p.main_image, ...p.images].every((src) => {
      const url = new URL(src, base).href;
      return !shown.has(url) && !cached.has(url);
    }),
  );
  if (!unseen) throw new Error('every product image was already fetched: seed more products than the home page shows');
  return unseen;
}

test('an image fetched under the service worker is served from the image cache offline; /api is never cached nor routed', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const products = await fetchAllProducts(base);
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstVisit(page, base);

  // Online, controlled: open a product whose picture the browser has not fetched yet.
  const product = await productWithUnseenImages(page, base, products);
  const imageUrl = new URL(product.main_image, base).href;
  expect(new URL(imageUrl).pathname).toMatch(/^\/media\//);
  await page.goto(`${base}/products/${product.id}`);
  const mainImage = page.getByTestId('product-page').locator(`img[src="${product.main_image}"]`).first();
  await expectImageDecoded(mainImage);
  await expect.poll(() => imageCacheUrls(page), { message: 'the image cache holds the picture' }).toContain(imageUrl);

  const apiEntries = Object.values(await cacheContents(page))
    .flat()
    .filter((url) => new URL(url).pathname.startsWith('/api/'));
  expect(apiEntries, 'no API response in any cache').toEqual([]);

  // Offline: the same page again, picture included, answered by the service worker.
  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);
  const imageResponse = page.waitForResponse(imageUrl);
  await page.reload();
  expect((await imageResponse).fromServiceWorker(), 'the picture comes from the service worker').toBe(true);
  await expectImageDecoded(page.getByTestId('product-page').locator(`img[src="${product.main_image}"]`).first());

  // A navigation to the API is not answered with the app shell: offline it fails like any network request.
  await expect(page.goto(`${base}/api/health`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

  expect(await requestsSince(control, seqAtOffline), 'requests that reached the server while offline').toEqual([]);
  await context.close();
});

test('every picture shown on the first visit is kept for offline use, even those loaded before the service worker took control', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();

  // Make the race deterministic: hold the service worker script back until the home page
  // has shown its pictures, as on a slow first visit where images win the race.
  let releaseWorker: () => void = () => undefined;
  const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve));
  let workerRequested = false;
  await context.route('**/service-worker.js', async (route) => {
    workerRequested = true;
    await workerHeld;
    await route.continue();
  });

  await page.goto(`${base}/`);
  const decodedMedia = () =>
    page.evaluate(() =>
      [...document.images]
        .filter((img) => img.complete && img.naturalWidth > 0)
        .map((img) => img.currentSrc)
        .filter((src) => new URL(src).pathname.startsWith('/media/')),
    );
  await expect.poll(async () => (await decodedMedia()).length, { message: 'pictures shown' }).toBeGreaterThan(0);
  expect(workerRequested, 'the page asked for the service worker').toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller), 'not controlled yet').toBeNull();
  const shownBeforeControl = await decodedMedia();

  releaseWorker();
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  await expect
    .poll(
      async () => {
        const cached = new Set(await imageCacheUrls(page));
        return shownBeforeControl.filter((src) => !cached.has(src));
      },
      { message: 'pictures shown before the service worker took control but missing from the image cache' },
    )
    .toEqual([]);
  await context.close();
});

test('a deep link opened in a new tab works offline, and a never-fetched picture shows the placeholder', async ({
  browser,
}) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const products = await fetchAllProducts(base);
  const context = await browser.newContext();
  const home = await context.newPage();
  await firstVisit(home, base);

  const unseen = await productWithUnseenImages(home, base, products);
  // Darija reads the product's Darija name (issue 22), else along the fallback chain.
  const name = textIn(unseen.names, 'ma');

  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);

  const tab = await context.newPage();
  const response = await tab.goto(`${base}/products/${unseen.id}`);
  expect(response?.fromServiceWorker(), 'the deep link is answered by the service worker').toBe(true);
  const productPage = tab.getByTestId('product-page');
  await expect(productPage).toBeVisible();
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(tab.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(productPage.getByRole('img', { name: `${name} — ${IMAGE_UNAVAILABLE_MA}` })).toBeVisible();

  expect(await requestsSince(control, seqAtOffline), 'requests that reached the server while offline').toEqual([]);
  await context.close();
});
