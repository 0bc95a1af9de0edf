/**
 * The operator's console and the seller's money screens in Chromium at 360×640 (issue 24), against the built PWA
 * and the real server. A new user opens a shop over the API and verifies its phone (the code from the server log);
 * a guest is sent from /admin to sign in, and a signed-in shopper gets "not allowed". The demo admin signs in, finds
 * the shop first in the pending queue, approves it (its history shows the approval), hides a review with a reason
 * (the public reads lose it), closes the latest period over and marks the shop's payout paid with a reference. The
 * seller then sees the payout paid on /seller/money, opens its statement line by line and downloads it as CSV.
 * Axe checks the console in en and ma and the money screens in en, and none of them scrolls sideways at 360 px.
 *
 * Between the approval and the close the seller sells for real, over the API: a product of the new shop, ordered cash
 * on delivery by the suite's shopper, shipped and delivered by the seller with the cash collected, which books the sale
 * and the commission. Then time passes: those entries are dated 30 days back in the e2e server's SQLite file, since a
 * payout covers only deliveries older than the 7-day return window and a delivery made today could not be paid
 * before a week has passed.
 * When the journey ends its shop is suspended (and its review, hidden by then, is gone from public reads), so later
 * browser tests find only demo shops and the demo ratings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import admin from '../../src/app/i18n/locales/en/admin.json' with { type: 'json' };
import seller from '../../src/app/i18n/locales/en/seller.json' with { type: 'json' };
import { periodOf } from '../../src/domain/ledger';
import { expectNoBlockingViolations } from './a11y-helpers';
import { fillLoginForm, registerByApi, uniqueUser, type TestUser } from './auth-helpers';
import { env, fetchAllProducts } from './helpers';
import { api, loginByApi, runBuyer } from './order-helpers';
import { codeFromServerLog, serverLogOffset } from './server-log';

const DAY = 86_400_000;

const cleanups: (() => Promise<void>)[] = [];
test.afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Time passes for an order's ledger entries: dated `daysAgo` days back, in the period of that day (see the header). */
function ageLedgerOfOrder(orderId: number, daysAgo: number): number {
  const db = new Database(path.join(path.dirname(env('SOUK_E2E_SERVER_LOG')), 'souk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const at = Date.now() - daysAgo * DAY;
    return db.prepare('UPDATE ledger_entries SET created_at = ?, period_start = ? WHERE order_id = ?').run(at, periodOf(at).start, orderId).changes;
  } finally {
    db.close();
  }
}

/**
 * The seller sells: a product of the shop (one variant, 450 MAD), ordered cash on delivery by the suite's shopper, moved
 * to processing, shipped and delivered by the seller with the order's total collected. Answers the order's id.
 */
async function sellOnce(base: string, sellerToken: string, categoryId: number, label: string): Promise<number> {
  const created = await api<{ data: { id: number; variants: { id: number; price: number }[] } }>(base, sellerToken, 'POST', '/api/seller/products', {
    names: { en: `Money kaftan ${label}` },
    descriptions: { en: 'Sold in the operator journey.' },
    category_id: categoryId,
    price: 450,
    handmade: true,
    customizable: false,
    is_express: false,
    made_in: 'Morocco',
    shipping_from: 'Fes, Morocco',
    variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 3 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const variant = created.body.data.variants[0];
  if (!variant) throw new Error('the new product has no variant');
  // The suite's shared shopper: a sign-up more would pass the 10 per hour the server allows one address.
  const { user: shopper, token: shopperToken } = await runBuyer(base);
  const placed = await api<{ data: { order_id: number; total: number } }>(base, shopperToken, 'POST', '/api/orders', {
    client_ref: crypto.randomUUID(),
    items: [{ product_id: created.body.data.id, variant_id: variant.id, quantity: 1, unit_price: variant.price }],
    shipping_info: {
      first_name: 'Amina',
      last_name: 'Money',
      email: shopper.email,
      phone: '+212600000000',
      street: '12 Rue Talaa',
      apartment: '',
      city: 'Fes',
      state: 'Fès-Meknès',
      postal_code: '30000',
      country: 'MA',
    },
    payment_method: 'cod',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.data.order_id;
  for (const move of [{ status: 'processing' }, { status: 'shipped' }, { status: 'delivered', cod_collected: placed.body.data.total }]) {
    const moved = await api(base, sellerToken, 'PATCH', `/api/seller/orders/${orderId}`, move);
    expect(moved.status, `${move.status}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
  return orderId;
}

/** The page fits a 360 px phone: nothing makes it scroll sideways (wide tables and tabs scroll inside). */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect.soft(scrollWidth, `${label}: ${scrollWidth} px wide in ${clientWidth}`).toBeLessThanOrEqual(clientWidth);
}

/** The console pages in Darija (no language prefix, the language remembered as ma), checked by axe. */
async function axeInDarija(page: Page, base: string, paths: string[]): Promise<void> {
  await page.context().addCookies([{ name: 'souk_lang', value: 'ma', url: base }]);
  await page.evaluate(() => window.localStorage.setItem('souk_lang', 'ma'));
  for (const p of paths) {
    await page.goto(`${base}${p}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoBlockingViolations(page, `ma ${p}`);
    await expectNoSidewaysScroll(page, `ma ${p}`);
  }
}

test('the operator approves a shop, hides a review, closes a period and pays; the seller sees the statement', async ({ browser }) => {
  test.setTimeout(240_000);
  const base = env('SOUK_E2E_URL');
  const adminPassword = process.env.SOUK_E2E_ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('SOUK_E2E_ADMIN_PASSWORD is not set: run the browser tests through playwright.config.ts.');
  const adminUser: TestUser = { firstName: 'Admin', lastName: 'Souk', email: 'admin@souk.test', password: adminPassword };
  const adminToken = await loginByApi(base, adminUser.email, adminUser.password);

  // A new shop, pending, its phone verified, over the API.
  const user = uniqueUser('money');
  await registerByApi(base, user);
  const token = await loginByApi(base, user.email, user.password);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const shopName = `Dar Flous ${id}`;
  const localPhone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const phone = `+212${localPhone.slice(1)}`;
  const registered = await api<{ data: { id: number } }>(base, token, 'POST', '/api/seller/register', {
    shop_name: shopName,
    store_type: 'company',
    city: 'Fes',
    address: '3 Derb Lamrabet',
    phone: localPhone,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const shopId = registered.body.data.id;
  cleanups.push(async () => {
    const res = await api(base, adminToken, 'PATCH', `/api/admin/shops/${shopId}`, { status: 'suspended', reason: 'End of the browser test' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  const logOffset = serverLogOffset();
  expect((await api(base, token, 'POST', '/api/user/phone/send-code', { phone })).status).toBe(200);
  const code = await codeFromServerLog(phone, logOffset);
  expect((await api(base, token, 'POST', '/api/user/phone/verify', { phone, code })).status).toBe(200);

  // A review of a demo product by this user, for the operator to hide.
  const product = [...(await fetchAllProducts(base)).values()][0];
  const productId = Number(product?.id);
  const reviewed = await api<{ data: { id: string | number } }>(base, token, 'POST', '/api/reviews', {
    product_id: productId,
    rating: 1,
    content: `Rude words ${id}`,
  });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
  const reviewId = String(reviewed.body.data.id);
  // Hidden, it is gone from every public read (and its author can no longer delete it); still shown, it goes.
  let reviewShown = true;
  cleanups.push(async () => {
    if (!reviewShown) return;
    const res = await api(base, token, 'DELETE', `/api/reviews/${reviewId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, acceptDownloads: true });
  const page = await context.newPage();

  // A guest is sent to sign in; a shopper (this user is a seller now) is not allowed in.
  await page.goto(`${base}/en/admin`);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Fadmin`);
  await fillLoginForm(page, user);
  await expect(page).toHaveURL(`${base}/en/admin`);
  await expect(page.getByTestId('admin-denied')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.denied.title);
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  // The admin: the pending queue, this shop in it with its owner and verified phone.
  await page.goto(`${base}/en/admin`);
  await expect(page).toHaveURL(`${base}/en/login?redirect=%2Fadmin`);
  await fillLoginForm(page, adminUser);
  await expect(page).toHaveURL(`${base}/en/admin`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.shops.title);
  await page.getByLabel(admin.shops.search).fill(shopName);
  await page.getByLabel(admin.shops.search).press('Enter');
  const shopRow = page.locator(`[data-testid="admin-shop"][data-shop-id="${shopId}"]`);
  await expect(shopRow).toHaveAttribute('data-status', 'pending');
  await expect(shopRow).toContainText(user.email);
  await expect(shopRow.getByTestId('admin-shop-phone')).toContainText(admin.shops.phoneVerified);
  await expectNoBlockingViolations(page, 'en /admin');
  await shopRow.getByTestId('admin-shop-approve').click();
  await expect(page.getByTestId('admin-shops-notice')).toHaveText(admin.shops.approved);
  await expect(shopRow).toHaveCount(0);
  // Active now, with its history on the row.
  await page.getByLabel(admin.shops.queue).selectOption('active');
  await expect(shopRow).toHaveAttribute('data-status', 'active');
  await shopRow.getByText(admin.audit.history).click();
  await expect(shopRow.getByTestId(`history-shop:${shopId}`).getByRole('listitem')).not.toHaveCount(0);
  const shown = await api<{ data: { status: string } }>(base, token, 'GET', '/api/seller/shop');
  expect(shown.body.data.status).toBe('active');

  // Moderation: the review hidden with a reason; the public reads lose it.
  await page.getByTestId('admin-nav-moderation').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.moderation.title);
  await page.locator('#admin-reviews-product').fill(String(productId));
  await page.locator('#admin-reviews-product').press('Enter');
  const reviewRow = page.locator(`[data-testid="admin-review"][data-review-id="${reviewId}"]`);
  await expect(reviewRow).toBeVisible();
  await expectNoBlockingViolations(page, 'en /admin/moderation');
  await reviewRow.getByTestId('admin-review-hide').click();
  await reviewRow.getByLabel(admin.reason.label).fill('Insults are not allowed');
  await reviewRow.getByRole('button', { name: admin.reason.confirm.replace('{{action}}', admin.moderation.hide) }).click();
  await expect(page.getByTestId('admin-review-outcome')).toHaveText(admin.moderation.reviewHidden);
  await expect(reviewRow).toHaveCount(0);
  const publicReviews = await (await fetch(`${base}/api/products/${productId}/reviews?limit=50`)).json() as { data: { id: string | number }[] };
  expect(publicReviews.data.map((r) => String(r.id))).not.toContain(reviewId);
  reviewShown = false;

  // Money: close the latest period over (the default), then pay this shop's payout.
  // The seller sells, the order is delivered (its sale and commission booked); a month passes.
  const soldOrder = await sellOnce(base, token, Number(product?.category_id), id);
  expect(ageLedgerOfOrder(soldOrder, 30), 'the delivery booked a sale and a commission').toBe(2);
  await page.getByTestId('admin-nav-money').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.money.title);
  await page.getByTestId('admin-close-period').click();
  await expect(page.getByTestId('admin-close-outcome')).toContainText(admin.money.closed.split('{{end}}')[0] ?? '');
  const payoutRow = page.locator(`[data-testid="admin-payout"][data-shop-id="${shopId}"]`);
  await expect(payoutRow).toHaveAttribute('data-status', 'pending');
  await expectNoBlockingViolations(page, 'en /admin/money');
  await payoutRow.getByLabel(admin.money.reference).fill(`VIR-${id}`);
  await payoutRow.getByTestId('admin-payout-paid').click();
  // Paid: it leaves the payouts to pay, and shows among the paid ones.
  await expect(payoutRow).toHaveCount(0);
  await page.getByLabel(admin.money.status, { exact: true }).selectOption('paid');
  await expect(payoutRow).toHaveAttribute('data-status', 'paid');
  await expect(payoutRow).toContainText(`VIR-${id}`);
  // The paid payouts as a CSV file: this shop's row, paid, with its reference.
  const [payoutsDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-payouts-csv').click()]);
  expect(payoutsDownload.suggestedFilename()).toBe('payouts-paid.csv');
  const payoutsCsv = readFileSync(await payoutsDownload.path(), 'utf8');
  expect(payoutsCsv.startsWith('\uFEFFid,shop_id,shop_name,period_start,period_end,gross,commission,net,status,paid_at,reference\r\n')).toBe(true);
  expect(payoutsCsv).toMatch(new RegExp(`^\\d+,${shopId},.+,paid,\\d{4}-\\d\\d-\\d\\dT[^,]+,VIR-${id}\\r$`, 'm'));

  // The same console in Darija, right to left.
  await axeInDarija(page, base, ['/admin', '/admin/moderation', '/admin/money']);
  await context.close();

  // The seller: the money screen, the payout paid, its statement line by line, and the CSV.
  const sellerContext = await browser.newContext({ viewport: { width: 360, height: 640 }, acceptDownloads: true });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(`${base}/en/login?redirect=%2Fseller%2Fmoney`);
  await fillLoginForm(sellerPage, user);
  await expect(sellerPage).toHaveURL(`${base}/en/seller/money`);
  await expect(sellerPage.getByRole('heading', { level: 1 })).toHaveText(seller.money.title);
  await expect(sellerPage.getByTestId('money-next-payout')).toBeVisible();
  const payout = sellerPage.getByTestId('money-payout');
  await expect(payout).toHaveCount(1);
  await expect(payout).toHaveAttribute('data-status', 'paid');
  await expectNoBlockingViolations(sellerPage, 'en /seller/money');
  await expectNoSidewaysScroll(sellerPage, 'en /seller/money');
  await payout.getByRole('link').click();
  const lines = sellerPage.getByTestId('statement-lines').locator('tbody tr');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(seller.money.kinds.sale);
  await expect(lines.nth(0)).toContainText(`Money kaftan ${id}`);
  await expect(lines.nth(0)).toContainText('450');
  await expect(lines.nth(1)).toContainText(seller.money.kinds.commission);
  await expect(lines.nth(1)).toContainText('45');
  await expect(lines.nth(2)).toContainText(seller.money.kinds.payout);
  await expectNoBlockingViolations(sellerPage, 'en /seller/money/{id}');
  await expectNoSidewaysScroll(sellerPage, 'en /seller/money/{id}');
  const [download] = await Promise.all([sellerPage.waitForEvent('download'), sellerPage.getByTestId('statement-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d+\.csv$/);
  const csvPath = await download.path();
  const csv = readFileSync(csvPath, 'utf8');
  expect(csv.startsWith('\uFEFFdate,kind,order_number,product,quantity,amount')).toBe(true);
  expect(csv).toContain('sale');
  await sellerContext.close();
});
