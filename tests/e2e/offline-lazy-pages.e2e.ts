/**
 * Pages load on demand (src/app/routing/lazy-page.tsx): each is a chunk of its own, fetched the first time it is
 * opened. The service worker precaches every chunk, so a page never opened before still opens offline, and
 * nothing reaches the server for it.
 */
import { expect, test } from '@playwright/test';
import enCommerce from '../../src/app/i18n/locales/en/commerce.json' with { type: 'json' };
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { env, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

test('pages never opened before open offline: their chunks were precached', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/en/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);

  await context.setOffline(true);
  const seq = await lastRequestSeq(control);
  // In-app navigation (the chunk is imported on demand) and a typed address (a new page load).
  await page.getByRole('link', { name: enCommerce.cart.headerLabel_other.replace('{{count}}', '0') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enCommerce.cart.title);
  await page.goto(`${base}/en/contact`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.contact.title);
  const assets = (await requestsSince(control, seq)).filter((r) => r.url.startsWith('/assets/'));
  expect(assets, 'no chunk came from the network').toEqual([]);
  await context.close();
});
