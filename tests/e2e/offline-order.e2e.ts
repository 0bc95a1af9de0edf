/**
 * Issue 5: an order placed offline (cash on delivery) is kept as pending, reaches the server exactly once after
 * the app was closed and reopened online (the service worker's queue, with the Background Sync API), and shows
 * pending → processing when the seller moves it. The steps: offline-order-scenario.ts.
 */
import { test } from '@playwright/test';
import { offlineOrderScenario } from './offline-order-scenario';

test('offline COD order with Background Sync: pending offline, on the server exactly once after reopening, then processing', async ({ browser }) => {
  await offlineOrderScenario(browser, true);
});
