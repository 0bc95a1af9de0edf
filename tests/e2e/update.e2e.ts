/**
 * The update flow: a new service worker installs in the background and waits (no
 * automatic skipWaiting, even across a reload); the app shows its update banner;
 * Reload posts SKIP_WAITING, the new worker takes over and the app still works offline.
 */
import { expect, test } from '@playwright/test';
import { env, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { activeWorkerState, installNewRelease, reloadButtonOf, waitingWorkerState } from './update-helpers';

test('a new version waits for the user, then takes over on Reload and still works offline', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const context = await browser.newContext();
  const page = await context.newPage();
  const reloadButton = reloadButtonOf(page);

  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  expect(await waitingWorkerState(page), 'nothing waits after the first install').toBeNull();
  await expect(reloadButton).toBeHidden();

  // A new release on the server; the page checks for updates.
  await installNewRelease(page, control);
  await expect(reloadButton).toBeVisible();

  // It keeps waiting through a reload of the only tab: no automatic skipWaiting.
  await page.reload();
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);
  expect(await waitingWorkerState(page), 'still waiting after a reload').toBe('installed');
  await expect(reloadButton).toBeVisible();

  // The user accepts: SKIP_WAITING, the new worker activates and the app reloads into it.
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await reloadButton.click();
  await reloaded;
  await waitForServiceWorkerControl(page);
  await expect.poll(() => waitingWorkerState(page), { message: 'nothing waits any more' }).toBeNull();
  expect(await activeWorkerState(page)).toBe('activated');
  await expect(reloadButton).toBeHidden();

  // The new version serves the app shell offline (its precache is complete, the old one cleaned up).
  await context.setOffline(true);
  const offlineReload = await page.reload();
  expect(offlineReload?.fromServiceWorker(), 'the offline reload is answered by the new worker').toBe(true);
  await expect(page.locator('article[data-testid="product-card"]').first()).toBeVisible();

  await context.close();
});
