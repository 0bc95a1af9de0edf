/**
 * Issue 5: the offline order of offline-order.e2e.ts in a page without the Background Sync API
 * (ServiceWorkerRegistration.prototype.sync and window.SyncManager removed before the app starts): the writes say
 * X-Souk-Background-Sync: 0, the service worker's queue replays without sync events, and the order still reaches
 * the server exactly once. The steps: offline-order-scenario.ts.
 */
import { test } from '@playwright/test';
import { offlineOrderScenario } from './offline-order-scenario';

test('offline COD order without Background Sync: still delivered exactly once, then processing', async ({ browser }) => {
  await offlineOrderScenario(browser, false);
});
