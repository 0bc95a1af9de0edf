/**
 * Issue 5: an order placed offline for an item that sells out meanwhile (another buyer, here a demo seller of
 * another shop, orders the variant's remaining stock through the API while our buyer is offline) is not lost:
 * once the app is reopened online the server refuses it (422 OUT_OF_STOCK_ITEMS, nothing taken), and the order
 * shows as failed with the reason on its page and in the sync centre's failed list.
 */
import { expect, test } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import type { Cart } from '../../src/domain/commerce-schemas';
import { fetchAllProducts } from './helpers';
import {
  addFromProductPage,
  api,
  checkoutCod,
  emptyServerCart,
  env,
  openSignedIn,
  orderDetail,
  pickProducts,
  runBuyer,
  sellerToken,
  serverOrders,
} from './order-helpers';

test('an offline order whose item sold out meanwhile ends as a visible failure in the sync centre', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token } = await runBuyer(base);
  await emptyServerCart(base, token);
  const [target] = await pickProducts(base, 1, { minStock: 1, maxStock: 40 });
  if (!target) throw new Error('no product');
  const shops = (await (await fetch(`${base}/api/shops?per_page=100`)).json()) as { data: { slug: string; status: string }[] };
  const other = shops.data.find((s) => s.status === 'active' && s.slug !== target.product.shop_slug);
  if (!other) throw new Error('no other shop');
  const ordersBefore = (await serverOrders(base, token)).length;

  const context = await browser.newContext();
  const page = await openSignedIn(context, base, buyer);
  await context.setOffline(true);
  await addFromProductPage(page, base, target.product.id, target.variant, en.product.addToCart, en.product.added);
  await page.goto(`${base}/en/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await checkoutCod(page);
  const detail = orderDetail(page);
  await expect(detail).toHaveAttribute('data-local-state', 'queued');
  const orderId = (await detail.getAttribute('data-order-id')) ?? '';

  // Meanwhile another buyer takes every unit left of that variant.
  const rival = await sellerToken(base, other.slug);
  await emptyServerCart(base, rival);
  const stock = (await fetchAllProducts(base)).get(target.product.id)?.variants.find((v) => v.id === target.variant.id)?.stock_quantity;
  expect(stock).toBeGreaterThan(0);
  expect((await api(base, rival, 'POST', '/api/cart/items', { variant_id: target.variant.id, quantity: stock })).status).toBe(200);
  const cart = (await api<{ data: Cart }>(base, rival, 'GET', '/api/cart?country=MA')).body.data;
  const line = cart.items.find((i) => i.variant_id === target.variant.id);
  const placed = await api(base, rival, 'POST', '/api/orders', {
    client_ref: `e2e-rival-${Date.now()}`,
    items: [{ product_id: Number(target.product.id), variant_id: target.variant.id, quantity: stock, unit_price: line?.unit_price }],
    shipping_info: {
      first_name: 'Rival',
      last_name: 'Buyer',
      email: 'rival@example.test',
      phone: '0611111111',
      street: '1 Derb Sidi',
      apartment: '',
      city: 'Fes',
      state: 'Fès-Meknès',
      postal_code: '30000',
      country: 'MA',
    },
    payment_method: 'cod',
  });
  expect(placed.status).toBe(201);

  // The buyer's app closes, the network comes back, the app opens again.
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto(`${base}/en/orders/${orderId}`);
  const again = orderDetail(reopened);
  await expect(again).toHaveAttribute('data-local-state', 'failed', { timeout: 60_000 });
  await expect(again.getByTestId('order-refusal')).toBeVisible();

  await reopened.goto(`${base}/en/sync`);
  const failed = reopened.getByTestId('sync-failed').locator('[data-testid="sync-entry"][data-kind="order_place"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed.getByTestId('sync-entry-reason')).toHaveAttribute('data-code', 'OUT_OF_STOCK_ITEMS');
  await expect(failed.getByTestId('sync-entry-reason')).not.toBeEmpty();

  // Not lost, not half-made: the server holds no copy of it, and nothing else was ordered.
  const onServer = await serverOrders(base, token);
  expect(onServer.filter((o) => o.id === orderId)).toHaveLength(0);
  expect(onServer).toHaveLength(ordersBefore);
  await context.close();
});
