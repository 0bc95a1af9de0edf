/**
 * Reload applies the update even when the page keeps fetching while the versions swap.
 *
 * Chromium stops the old worker early for the swap; a fetch that arrives while it stops restarts it with its normal
 * 30 s idle timeout and the early stop is forgotten (src/app/sw/activation-nudge.ts). Here the page fetches a
 * precached file back to back, two at a time, for 3 s from just before the click, as a page still loading chunks or
 * pictures does, so such a fetch usually lands in that window; without the nudges the reload then comes only after
 * the 30 s timeout. The reload must come well before it.
 */
import { expect, test } from '@playwright/test';
import { env, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { activeWorkerState, installNewRelease, reloadButtonOf, waitingWorkerState } from './update-helpers';

/** Well under the 30 s idle timeout a lost activation waits for. */
const RELOAD_WITHIN_MS = 15_000;
const BUSY_FOR_MS = 3_000;

test('Reload takes over promptly while the page keeps fetching', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);

  await installNewRelease(page, env('SOUK_E2E_CONTROL'));
  await expect(reloadButtonOf(page)).toBeVisible();

  // Two chains of fetches, each one after another, answered by the old worker from its precache.
  await page.evaluate((busyForMs) => {
    const until = Date.now() + busyForMs;
    const next = () => {
      if (Date.now() >= until) return;
      void fetch('/manifest.webmanifest', { cache: 'no-store' })
        .catch(() => undefined)
        .finally(() => setTimeout(next, 1));
    };
    next();
    next();
  }, BUSY_FOR_MS);

  const reloaded = page.waitForEvent('load', { timeout: RELOAD_WITHIN_MS });
  await reloadButtonOf(page).click();
  await reloaded;

  await waitForServiceWorkerControl(page);
  expect(await waitingWorkerState(page), 'nothing waits any more').toBeNull();
  expect(await activeWorkerState(page)).toBe('activated');
  await expect(reloadButtonOf(page)).toBeHidden();
  await context.close();
});
