/**
 * Shared steps of the offline order tests (issue 5): one buyer for the whole run (the suite shares 10
 * registrations per hour per IP, so the three order files reuse it through a file keyed by the server's URL),
 * demo sellers by API, products to order picked from the server's catalogue, the checkout form, and the buyer's
 * orders on the server.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { ProductDoc, Variant } from '../../src/domain/catalog';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { fillLoginForm, registerByApi, uniqueUser, type TestUser } from './auth-helpers';
import { env, fetchAllProducts, waitForServiceWorkerControl } from './helpers';

export async function loginByApi(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A demo seller's token ({shop-slug}@sellers.souk.test, password SEED_SELLER_PASSWORD from global-setup). */
export function sellerToken(base: string, shopSlug: string): Promise<string> {
  const password = process.env.SOUK_E2E_SELLER_PASSWORD;
  if (!password) throw new Error('SOUK_E2E_SELLER_PASSWORD is not set: run the browser tests through playwright.config.ts.');
  return loginByApi(base, `${shopSlug}@sellers.souk.test`, password);
}

/**
 * The run's buyer and a bearer token of theirs: registered once per server, remembered in a file in the temp dir
 * across test files (logins are limited to 10 a minute per email, so the token is reused while it works).
 */
export async function runBuyer(base: string): Promise<{ user: TestUser; token: string }> {
  const file = path.join(tmpdir(), `souk-e2e-buyer-${new URL(base).port}.json`);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { user: TestUser; token: string };
    const res = await fetch(`${base}/api/user/profile`, { headers: { Authorization: `Bearer ${saved.token}`, Accept: 'application/json' } });
    if (res.status === 200) return saved;
  }
  const user = uniqueUser('buyer');
  await registerByApi(base, user);
  const saved = { user, token: await loginByApi(base, user.email, user.password) };
  writeFileSync(file, JSON.stringify(saved));
  return saved;
}

export async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Every order of the token's user on the server (all pages). */
export async function serverOrders(base: string, token: string): Promise<OrderDoc[]> {
  const all: OrderDoc[] = [];
  for (let page = 1; ; page++) {
    const res = await api<{ data: OrderDoc[]; meta: { last_page: number } }>(base, token, 'GET', `/api/orders?per_page=50&page=${page}`);
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (page >= res.body.meta.last_page) return all;
  }
}

/** The product's variant that 'Add to cart' without a choice takes: its first variant (by id) with stock. */
export function firstInStock(product: ProductDoc): Variant | undefined {
  return [...product.variants].sort((a, b) => a.id - b.id).find((v) => v.stock_quantity > 0);
}

/**
 * Products a buyer can order: in stock, from an active shop, the first variant in stock with at least
 * `minStock` (default 3, at most `maxStock`) units; none of `skip`.
 */
export async function pickProducts(
  base: string,
  count: number,
  opts: { minStock?: number; maxStock?: number; skip?: Set<string> } = {},
): Promise<{ product: ProductDoc; variant: Variant }[]> {
  const shops = (await (await fetch(`${base}/api/shops?per_page=100`)).json()) as { data: { id: number; status: string }[] };
  const active = new Set(shops.data.filter((s) => s.status === 'active').map((s) => s.id));
  const picked: { product: ProductDoc; variant: Variant }[] = [];
  for (const product of (await fetchAllProducts(base)).values()) {
    if (opts.skip?.has(product.id)) continue;
    if (!active.has(product.shop_id)) continue;
    const variant = firstInStock(product);
    if (!product.in_stock || !variant) continue;
    if (variant.stock_quantity < (opts.minStock ?? 3)) continue;
    if (opts.maxStock !== undefined && variant.stock_quantity > opts.maxStock) continue;
    picked.push({ product, variant });
    if (picked.length === count) return picked;
  }
  throw new Error(`not ${count} products to order`);
}

/** Opens the app signed in as the buyer (login form), controlled by the service worker, first sync done. */
export async function openSignedIn(context: BrowserContext, base: string, user: TestUser): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/en/login`);
  await fillLoginForm(page, user);
  await expect(page.getByTestId('header-account')).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-phase', 'live', { timeout: 60_000 });
  return page;
}

export function buyerTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('souk.auth') ?? '{}') as { token?: string }).token ?? '');
}

/** Empties the buyer's server cart (a run's earlier test may have left lines). */
export async function emptyServerCart(base: string, token: string): Promise<void> {
  expect((await api(base, token, 'DELETE', '/api/cart')).status).toBe(200);
}

/** On the product page: choose the variant's size, colour and fabric, then 'Add to cart' (one). */
export async function addFromProductPage(
  page: Page,
  base: string,
  productId: string,
  variant: Variant,
  label: string,
  addedLabel: string,
): Promise<void> {
  await page.goto(`${base}/en/products/${productId}`);
  await expect(page.getByTestId('product-page')).toBeVisible();
  for (const [option, value] of [['size', variant.size], ['color', variant.color], ['fabric', variant.fabric]] as const) {
    const input = page.locator(`input[type="radio"][name$="-${option}"][value="${value}"]`);
    if (!(await input.isChecked())) await page.locator('label', { has: input }).click();
    await expect(input).toBeChecked();
  }
  const add = page.getByRole('main').getByRole('button', { name: label, exact: true }).first();
  await expect(add).toBeEnabled();
  await add.click();
  // The data worker took it (the button says 'Added') before the test navigates away.
  await expect(page.getByTestId('product-page').getByRole('button', { name: addedLabel, exact: true }).first()).toBeVisible();
}

const SHIPPING = {
  phone: '0612345678',
  street: '12 Rue Souika',
  city: 'Rabat',
  state: 'Rabat-Salé-Kénitra',
  postal_code: '10000',
};

/** The checkout: shipping (name and email prefilled from the profile), cash on delivery, place the order. */
export async function checkoutCod(page: Page): Promise<void> {
  await page.getByTestId('checkout-link').click();
  await expect(page.getByTestId('shipping-form')).toBeVisible();
  for (const [field, value] of Object.entries(SHIPPING)) {
    const input = page.getByTestId(`checkout-${field}`);
    if ((await input.inputValue()) === '') await input.fill(value);
  }
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('payment-cod')).toBeChecked();
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('review-step')).toBeVisible();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
}

export function orderDetail(page: Page) {
  return page.getByTestId('order-detail');
}

export { env };

/** Removes the Background Sync API from the page, as a browser without it (the service worker keeps its own). */
export const REMOVE_BACKGROUND_SYNC = () => {
  delete (ServiceWorkerRegistration.prototype as unknown as Record<string, unknown>).sync;
  delete (window as unknown as Record<string, unknown>).SyncManager;
};
