/**
 * A page the active service worker does not control asks to be claimed. The activate handler's clients.claim()
 * misses a page whose navigation was still under way while the worker installed (CI saw a signed-in page stay
 * uncontrolled that way), and a hard reload bypasses the worker. A hard reload is the deterministic way to get an
 * uncontrolled page with an active worker, so it stands in for the race here.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { env, waitForServiceWorkerControl } from './helpers';

/** A new context whose service worker controls a page of the app (the FAQ). */
async function controlledContext(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/en/faq`);
  await waitForServiceWorkerControl(page);
  return { context, page };
}

/** Shift+reload: the navigation skips the service worker, so the new document starts uncontrolled. */
async function hardReload(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
}

test('a page loaded past the active service worker (hard reload) is claimed, and then opens offline', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const { context, page } = await controlledContext(browser, base);
  await hardReload(context, page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await waitForServiceWorkerControl(page);

  // Controlled: offline, a page never opened before renders in place: its chunk is served from the worker's precache.
  await context.setOffline(true);
  await page.evaluate(() => {
    history.pushState(null, '', '/en/contact');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('the worker claims only a page of its own build: a script it has not precached is refused', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const { context, page: app } = await controlledContext(browser, base);
  const script = await app.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src*="first-route"]')?.src ?? '');
  expect(script, "the page's first route script").toMatch(/first-route/);

  // A document without the app's code (so nothing asks on its own), loaded past the worker.
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  await hardReload(context, page);
  const claim = (src: string) =>
    page.evaluate(async (s) => {
      const registration = await navigator.serviceWorker.ready;
      registration.active?.postMessage({ type: 'CLAIM_CLIENTS', script: s });
    }, src);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  // Another build's script (a deploy between the worker's install and this load): left alone.
  await claim(`${base}/assets/first-route-NOTPRECACHED.js`);
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => navigator.serviceWorker.controller), 'not claimed for a script it does not hold').toBeNull();

  // Its own build's: claimed.
  await claim(script);
  await waitForServiceWorkerControl(page);
  await context.close();
});
