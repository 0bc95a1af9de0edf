/**
 * The offline order of issue 5, shared by offline-order.e2e.ts (with the Background Sync API) and
 * offline-order-no-bgsync.e2e.ts (without it): as a signed-in buyer, go offline, add two products, place a
 * cash-on-delivery order, see it pending (queued); close the page; bring the network back and reopen; the order
 * is on the server exactly once (GET /api/orders) and the app shows it confirmed and pending, then processing
 * after the seller moves it (PATCH /api/seller/orders/{id}).
 */
import { expect, type Browser } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import {
  addFromProductPage,
  api,
  checkoutCod,
  emptyServerCart,
  env,
  openSignedIn,
  orderDetail,
  pickProducts,
  REMOVE_BACKGROUND_SYNC,
  runBuyer,
  sellerToken,
  serverOrders,
} from './order-helpers';

export async function offlineOrderScenario(browser: Browser, backgroundSync: boolean): Promise<void> {
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token } = await runBuyer(base);
  await emptyServerCart(base, token);
  const [first, second] = await pickProducts(base, 2, { skip: new Set() });
  if (!first || !second) throw new Error('two products needed');
  const ordersBefore = (await serverOrders(base, token)).length;

  const context = await browser.newContext();
  if (!backgroundSync) await context.addInitScript(REMOVE_BACKGROUND_SYNC);
  const page = await openSignedIn(context, base, buyer);
  expect(await page.evaluate(() => 'sync' in ServiceWorkerRegistration.prototype && 'SyncManager' in window)).toBe(backgroundSync);

  await context.setOffline(true);
  await addFromProductPage(page, base, first.product.id, first.variant, en.product.addToCart, en.product.added);
  await addFromProductPage(page, base, second.product.id, second.variant, en.product.addToCart, en.product.added);
  await page.goto(`${base}/en/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await checkoutCod(page);
  const detail = orderDetail(page);
  await expect(detail).toHaveAttribute('data-local-state', 'queued');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  const orderId = (await detail.getAttribute('data-order-id')) ?? '';
  expect(orderId).not.toBe('');
  // Offline: nothing reached the server.
  expect(await serverOrders(base, token)).toHaveLength(ordersBefore);

  // The app is closed, the network comes back, the app is opened again.
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto(`${base}/en/orders/${orderId}`);
  const copies = async () => (await serverOrders(base, token)).filter((o) => o.id === orderId);
  await expect.poll(async () => (await copies()).length, { timeout: 60_000 }).toBe(1);
  const again = orderDetail(reopened);
  await expect(again).toHaveAttribute('data-local-state', 'confirmed', { timeout: 30_000 });
  await expect(again).toHaveAttribute('data-status', 'pending');
  // Every copy (outbox resend, service-worker replay) had its chance: still exactly one order.
  await reopened.waitForTimeout(3_000);
  const onServer = await serverOrders(base, token);
  expect(onServer.filter((o) => o.id === orderId)).toHaveLength(1);
  expect(onServer).toHaveLength(ordersBefore + 1);
  const order = onServer.find((o) => o.id === orderId);
  expect(order?.items.map((i) => i.variant_id).sort()).toEqual([first.variant.id, second.variant.id].sort());

  // The seller of the first product's shop moves it on; the buyer's page follows.
  const seller = await sellerToken(base, first.product.shop_slug);
  const moved = await api(base, seller, 'PATCH', `/api/seller/orders/${String(order?.order_id)}`, { status: 'processing' });
  expect(moved.status).toBe(200);
  await expect(again).toHaveAttribute('data-status', 'processing', { timeout: 30_000 });
  await context.close();
}
