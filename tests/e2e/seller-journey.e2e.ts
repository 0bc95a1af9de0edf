/**
 * The seller's journey in Chromium against the built PWA and the real server (issue 23, online part): a new user
 * is sent to sign in from /seller/register and comes back, opens a shop (a refused phone shows beside its field),
 * verifies the shop's phone with the code the local SMS sender wrote to the server log, and reaches the dashboard
 * (pending, phone verified). The demo admin activates the shop over the API; the seller creates a product with
 * 2 sizes × 2 colours and a photo in the form, and a shopper's page opened before shows it without a reload. The
 * seller restocks a variant in the list while offline (queued on the device, nothing sent) and, back online, the
 * server has the new stock from exactly one request; offline again, the dashboard, the products and the orders
 * still show from the seller's mirror ("saved copy from …"). Axe checks the seller pages in en and ma.
 * One user, registered through the API (the suite shares 10 registrations per hour per IP).
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import account from '../../src/app/i18n/locales/en/account.json' with { type: 'json' };
import seller from '../../src/app/i18n/locales/en/seller.json' with { type: 'json' };
import { expectNoBlockingViolations } from './a11y-helpers';
import { fillLoginForm, registerByApi, uniqueUser } from './auth-helpers';
import { env, waitForLiveSync } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';
import { codeFromServerLog, serverLogOffset } from './server-log';
import { loginByApi } from './order-helpers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG: a two-colour pattern, so it is a real picture to decode and re-encode. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const on = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0;
      row.set(on ? [200, 60, 40] : [250, 220, 120], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The seller pages in Darija (no language prefix, the language remembered as ma), checked by axe. */
async function axeInDarija(page: Page, base: string, paths: string[]): Promise<void> {
  await page.context().addCookies([{ name: 'souk_lang', value: 'ma', url: base }]);
  await page.evaluate(() => window.localStorage.setItem('souk_lang', 'ma'));
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoBlockingViolations(page, `ma ${path}`);
  }
}

/** Suspends the journey's shop (set once the operator activated it). */
let suspendShop: (() => Promise<void>) | null = null;
test.afterAll(async () => {
  await suspendShop?.();
});

test('a new seller opens a shop, is activated, lists a product with a photo that shoppers see live, and restocks', async ({ browser }) => {
  test.setTimeout(240_000);
  const base = env('SOUK_E2E_URL');
  const user = uniqueUser('seller');
  await registerByApi(base, user);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const shopName = `Dar Test ${id}`;
  const productName = `Kaftan ${id}`;
  const localPhone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const phone = `+212${localPhone.slice(1)}`;

  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();

  // A guest is sent to sign in and comes back to the sign-up.
  await page.goto(`${base}/en/seller/register`);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Fseller%2Fregister`);
  await fillLoginForm(page, user);
  await expect(page).toHaveURL(`${base}/en/seller/register`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seller.register.title);
  await expectNoBlockingViolations(page, 'en /seller/register');

  // The form: a phone the server refuses shows its error beside the field, and nothing else is lost.
  await page.getByLabel(seller.register.shopName, { exact: true }).fill(shopName);
  await page.getByLabel(seller.register.shopNameAr).fill('دار التجربة');
  await page.getByLabel(seller.register.storeType).selectOption('company');
  await page.getByLabel(seller.register.city).fill('Fes');
  await page.getByLabel(seller.register.address).fill('12 Derb Sidi Ahmed');
  const phoneField = page.getByLabel(seller.register.phone);
  await phoneField.fill('12345');
  await page.getByRole('button', { name: seller.register.submit }).click();
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(seller.field.phone)).toBeVisible();
  await expect(page.getByLabel(seller.register.shopName, { exact: true })).toHaveValue(shopName);

  await phoneField.fill(localPhone);
  await page.getByRole('button', { name: seller.register.submit }).click();
  await expect(page.getByTestId('seller-registered')).toHaveText(seller.register.created);
  // The session now holds the seller role: the seller's navigation is there.
  await expect(page.getByTestId('seller-nav-products')).toBeVisible();

  // Phone verification, the account's own flow, with the shop's number offered.
  await expect(page.getByLabel(account.phone.phoneLabel)).toHaveValue(phone);
  const logOffset = serverLogOffset();
  await page.getByRole('button', { name: account.phone.send }).click();
  const code = await codeFromServerLog(phone, logOffset);
  await page.getByLabel(account.phone.codeLabel).fill(code);
  await page.getByRole('button', { name: account.phone.verify, exact: true }).click();

  // The dashboard: pending, phone verified.
  await expect(page).toHaveURL(`${base}/en/seller`);
  const status = page.getByTestId('seller-shop-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status.getByText(seller.dashboard.pending)).toBeVisible();
  await expect(page.getByTestId('seller-phone-verified')).toHaveText(seller.dashboard.phoneVerified);
  await expect(page.getByTestId('seller-low-stock').getByText(seller.dashboard.lowStockEmpty)).toBeVisible();
  await expectNoBlockingViolations(page, 'en /seller');
  const shopId = await status.getAttribute('data-shop-id');
  expect(shopId).toMatch(/^\d+$/);

  // The operator activates the shop over the API.
  const adminPassword = process.env.SOUK_E2E_ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('SOUK_E2E_ADMIN_PASSWORD is not set: run the browser tests through playwright.config.ts.');
  const adminToken = await loginByApi(base, 'admin@souk.test', adminPassword);
  const activated = await fetch(`${base}/api/admin/shops/${shopId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${adminToken}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'active' }),
  });
  expect(activated.status, await activated.clone().text()).toBe(200);
  // When the journey ends, its shop leaves the public catalogue again: the browser tests after this file take
  // active shops to be demo shops (their sellers sign in as {slug}@sellers.souk.test), and listings to be the seed's.
  suspendShop = async () => {
    const res = await fetch(`${base}/api/admin/shops/${shopId}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${adminToken}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'suspended', reason: 'Documents expired' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  await page.reload();
  await expect(page.getByTestId('seller-shop-status')).toHaveAttribute('data-status', 'active');

  // A shopper's page is open (and live) before the product exists.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${base}/en/products?q=${encodeURIComponent(productName)}`);
  await waitForLiveSync(shopper);
  const shopperCard = shopper.getByTestId('product-card').filter({ hasText: productName });
  await expect(shopperCard).toHaveCount(0);

  // The product form: name, category, price, 2 sizes × 2 colours × 1 fabric with stock, and a photo.
  await page.getByTestId('seller-nav-products').click();
  await expect(page.getByText(seller.products.empty)).toBeVisible();
  await page.getByTestId('seller-new-product').click();
  await expect(page).toHaveURL(`${base}/en/seller/products/new`);
  await page.getByLabel('Name in English').fill(productName);
  const category = page.getByLabel(seller.form.category);
  await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel(seller.form.price, { exact: true }).fill('450');
  for (const size of ['S', 'M']) await page.getByTestId('pick-sizes').getByLabel(size, { exact: true }).check();
  for (const color of ['Blue', 'Red']) await page.getByTestId('pick-colors').getByLabel(color, { exact: true }).check();
  await page.getByTestId('pick-fabrics').getByLabel('Cotton', { exact: true }).check();
  await expect(page.getByTestId('variant-row')).toHaveCount(4);
  const stocks: Record<string, string> = { 'S|red|Cotton': '2', 'S|blue|Cotton': '3', 'M|red|Cotton': '4', 'M|blue|Cotton': '5' };
  for (const [key, stock] of Object.entries(stocks)) await page.getByTestId(`stock-${key}`).fill(stock);
  await page.getByTestId('product-photos-input').setInputFiles({ name: 'kaftan.png', mimeType: 'image/png', buffer: makePng(64, 48) });
  await expect(page.getByTestId('product-photos').getByRole('listitem')).toHaveCount(1);
  await expectNoBlockingViolations(page, 'en /seller/products/new');
  await page.getByTestId('product-save').click();

  await expect(page).toHaveURL(new RegExp(`^${base}/en/seller/products/\\d+\\?created=1$`));
  await expect(page.getByTestId('product-created')).toHaveText(seller.form.created);
  const productId = /\/seller\/products\/(\d+)/.exec(page.url())?.[1] ?? '';
  const photos = page.getByTestId('product-photos').getByRole('img');
  await expect(photos).toHaveCount(1);
  await expect(photos.first()).toHaveAttribute('src', /\/media\/product-images\/.+\.webp$/);

  // The shopper's open page shows it, without a reload.
  await expect(shopperCard).toHaveCount(1);
  await shopperContext.close();

  // Restock one variant from the list; the server has the new stock.
  const details = await (await fetch(`${base}/api/products/${productId}/details`)).json() as {
    data?: { variants: { id: number; size: string; color: string; stock_quantity: number }[] };
    variants?: { id: number; size: string; color: string; stock_quantity: number }[];
  };
  const variants = details.data?.variants ?? details.variants ?? [];
  expect(variants).toHaveLength(4);
  const target = variants.find((v) => v.size === 'M' && v.color === 'blue');
  expect(target?.stock_quantity).toBe(5);
  await page.getByTestId('seller-nav-products').click();
  const card = page.locator(`[data-testid="seller-product"][data-product-id="${productId}"]`);
  await expect(card).toBeVisible();
  await expectNoBlockingViolations(page, 'en /seller/products');
  // Offline: the edit waits on the device (the sync centre lists it) and nothing reaches the server.
  const control = env('SOUK_E2E_CONTROL');
  const stockPath = `/api/seller/products/${productId}/variants/${target?.id ?? 0}`;
  const serverStock = async () => {
    const body = (await (await fetch(`${base}/api/products/${productId}/details`)).json()) as typeof details;
    return (body.data?.variants ?? body.variants ?? []).find((v) => v.id === target?.id)?.stock_quantity;
  };
  const seqBefore = await lastRequestSeq(control);
  await context.setOffline(true);
  await card.getByTestId(`restock-${target?.id ?? 0}`).fill('12');
  await card.getByTestId(`restock-${target?.id ?? 0}`).press('Enter');
  await expect(card.getByTestId(`restock-note-${target?.id ?? 0}`)).toHaveText(seller.products.restockQueued);
  expect(await serverStock()).toBe(5);
  // Back online: sent once, the server has the new stock, the control says so.
  await context.setOffline(false);
  await expect(card.getByText(seller.products.restocked)).toBeVisible({ timeout: 30_000 });
  await expect.poll(serverStock).toBe(12);
  const patches = (await requestsSince(control, seqBefore)).filter((r) => r.method === 'PATCH' && new URL(r.url, base).pathname === stockPath);
  expect(patches, 'stock writes that reached the server').toHaveLength(1);

  // Offline again, the dashboard, the products and the orders still show: the seller's mirror, a saved copy.
  await context.setOffline(true);
  const savedCopy = seller.offline.savedCopy.split('{{')[0] ?? '';
  await page.getByTestId('seller-nav-dashboard').click();
  await expect(page.getByTestId('seller-shop-status')).toBeVisible();
  await expect(page.getByTestId('seller-low-stock')).toBeVisible();
  await expect(page.getByTestId('seller-saved-copy')).toContainText(savedCopy);
  await page.getByTestId('seller-nav-orders').click();
  await expect(page.getByTestId('seller-saved-copy')).toContainText(savedCopy);
  await page.getByTestId('seller-nav-products').click();
  await expect(page.getByTestId(`restock-${target?.id ?? 0}`)).toHaveValue('12');
  await expect(page.getByTestId('seller-saved-copy')).toContainText(savedCopy);
  await context.setOffline(false);

  // The same pages in Darija, right to left.
  await axeInDarija(page, base, ['/seller', '/seller/products', `/seller/products/${productId}`]);
  await context.close();
});
