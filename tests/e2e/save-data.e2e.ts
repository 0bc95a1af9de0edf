/**
 * A first visit that respects a prepaid data plan (issue 25): with navigator.connection.saveData on, the data
 * worker keeps only what the shopper views. One journey on a 360×640 phone:
 * - a first visit to / fills the home rows from GET /api/sync/products/view and never requests
 *   /api/sync/products/pull (every request of the context is recorded, the data worker's included: its view
 *   requests are seen; the proxy in front of the server says the same);
 * - a product page opened online opens again offline; another product's page says it is not stored on this
 *   phone yet; a listing offline shows what is stored with a note that it is only what was viewed;
 * - the sync centre shows the stored count and "Keep the whole catalogue for offline use" (no serious or
 *   critical axe violation, in English and Darija); pressing it online starts the products' pull;
 * - a context without data saving pulls the catalogue on its first visit.
 * Data saving is an init script that gives the page a navigator.connection {saveData: true, effectiveType: '4g'}
 * before the app runs (src/app/data/data-saver.ts reads it).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoBlockingViolations } from './a11y-helpers';
import { env, fetchAllProducts, productIdFromHref, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import enCommerce from '../../src/app/i18n/locales/en/commerce.json' with { type: 'json' };

const PHONE = { width: 360, height: 640 };
const PULL = '/api/sync/products/pull';
const VIEW = '/api/sync/products/view';
const CARD = 'article[data-testid="product-card"]';

/** Every request the context's pages, workers and service worker make, by path; and the product ids /view answered. */
function recordRequests(context: BrowserContext): { paths: string[]; viewed: Set<string> } {
  const paths: string[] = [];
  const viewed = new Set<string>();
  context.on('request', (request) => paths.push(new URL(request.url()).pathname));
  context.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname !== VIEW) return;
    void request
      .response()
      .then((response) => response?.json() as Promise<{ documents?: Array<{ id?: unknown }> }> | undefined)
      .then((body) => {
        for (const doc of body?.documents ?? []) if (typeof doc.id === 'string' || typeof doc.id === 'number') viewed.add(String(doc.id));
      })
      .catch(() => undefined); // a body Chromium no longer holds (the same request seen twice, page and service worker)
  });
  return { paths, viewed };
}

const count = (paths: readonly string[], path: string) => paths.filter((p) => p === path).length;

/** The sync centre's catalogue section once it has its figures. */
async function openCatalogueSection(page: Page, base: string, prefix: string) {
  await page.goto(`${base}${prefix}/sync`);
  const section = page.getByTestId('sync-catalogue');
  await expect(section).toHaveAttribute('aria-busy', 'false');
  return section;
}

test('with saveData on, a first visit does not pull the whole catalogue; what was viewed opens offline', async ({ browser }) => {
  test.setTimeout(240_000);
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const products = await fetchAllProducts(base);
  expect(products.size, 'the seeded server has products').toBeGreaterThan(0);

  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g', downlink: 10, rtt: 50 });
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
  });
  const { paths, viewed } = recordRequests(context);
  const seqAtStart = await lastRequestSeq(control);
  const page = await context.newPage();

  // --- First visit: the home rows fill from the view endpoint, by the data worker.
  await page.goto(`${base}/en/`);
  await waitForServiceWorkerControl(page);
  await expect(page.locator(CARD).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => count(paths, VIEW), { message: "the data worker's view requests are recorded" }).toBeGreaterThan(0);
  await expect.poll(() => viewed.size, { message: 'the view answers are read' }).toBeGreaterThan(0);
  expect(count(paths, PULL), 'no products pull on the first visit').toBe(0);
  // Nothing is shown downloading the catalogue: the sync indicator has no progress bar once the home is up.
  await expect(page.getByTestId('sync-status').getByRole('progressbar')).toHaveCount(0);

  // --- One product page, online.
  const id = productIdFromHref(await page.locator(CARD).first().locator('a[href*="/products/"]').first().getAttribute('href'));
  await page.goto(`${base}/en/products/${id}`);
  const productPage = page.getByTestId('product-page');
  const heading = productPage.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await expect.poll(() => viewed.has(id), { message: 'the product came from the view endpoint' }).toBe(true);

  // --- Offline: the viewed product opens; one never shown says it is not stored yet.
  await context.setOffline(true);
  const notViewed = [...products.keys()].find((candidate) => !viewed.has(candidate));
  if (!notViewed) throw new Error(`every one of the ${products.size} products came with the views: none is left unstored`);

  await page.goto(`${base}/en/products/${id}`);
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(name);

  await page.goto(`${base}/en/products/${notViewed}`);
  const screen = page.getByTestId('offline-screen');
  await expect(screen).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlineScreen.notStoredTitle);
  await expect(screen).toContainText(en.offlineScreen.notStoredBody);
  await expect(productPage).toHaveCount(0);

  // A listing shows what is stored, and says it is only what was viewed so far.
  await page.goto(`${base}/en/products`);
  await expect(page.locator(CARD).first()).toBeVisible();
  await expect(page.getByTestId('viewed-only-note')).toHaveText(en.offlineScreen.viewedOnly);

  // The sync centre: the stored count and the offer to keep the whole catalogue.
  const section = await openCatalogueSection(page, base, '/en');
  await expect(section).toHaveAttribute('data-mode', 'viewed');
  const stored = Number(await section.getAttribute('data-stored'));
  expect(stored, 'the products viewed are stored').toBeGreaterThan(1);
  await expect(section.getByTestId('sync-catalogue-stored')).toHaveText(enCommerce.sync.catalogue.stored_other.replace('{{count}}', String(stored)));
  await expect(section.getByTestId('keep-whole-catalogue')).toContainText(enCommerce.sync.catalogue.keepAllNoSize);

  // --- Back online: still no pull until the shopper asks for the whole catalogue.
  await context.setOffline(false);
  const online = await openCatalogueSection(page, base, '/en');
  const keep = online.getByTestId('keep-whole-catalogue');
  await expect(keep).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectNoBlockingViolations(page, 'sync centre, en, data saving');
  await page.getByTestId('language-switcher').first().selectOption('ma');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-MA');
  await expect(keep).toBeVisible();
  await expectNoBlockingViolations(page, 'sync centre, ma, data saving');

  expect(count(paths, PULL), 'no products pull in the whole journey').toBe(0);
  const reached = (await requestsSince(control, seqAtStart)).filter((r) => r.url.split('?')[0] === PULL);
  expect(reached, 'no products pull reached the server').toEqual([]);

  await keep.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => count(paths, PULL), { message: 'keeping the whole catalogue starts the products pull' }).toBeGreaterThan(0);
  await expect(online).toHaveAttribute('data-mode', 'full');
  await expect(online).toHaveAttribute('data-chosen', 'full');
  await expect(online.getByTestId('keep-viewed')).toBeVisible();
  await context.close();

  // --- Without data saving, the first visit pulls the catalogue.
  const normal = await browser.newContext({ viewport: PHONE });
  const plain = recordRequests(normal);
  const normalPage = await normal.newPage();
  await normalPage.goto(`${base}/en/`);
  await expect(normalPage.locator(CARD).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => count(plain.paths, PULL), { message: 'a normal first visit pulls the products', timeout: 60_000 }).toBeGreaterThan(0);
  await normal.close();
});
