/**
 * Shops list and follows in Chromium against the built PWA and the real server: the list's filters and pages
 * (in the URL, the same counts as GET /api/shops), a guest's 'Authentication required', and a follow made
 * OFFLINE that shows as pending, then reaches the server when the connection is back (isFollowing true,
 * followers + 1). One user, registered through the API (the suite shares 10 registrations per hour per IP).
 */
import { expect, test, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { expectSignedInHeader, fillLoginForm, registerByApi, uniqueUser } from './auth-helpers';
import { env, waitForLiveSync } from './helpers';

test.describe.configure({ mode: 'serial' });

interface ShopJson {
  id: number;
  slug: string;
  name: string;
  followers: number;
  status: string;
}

async function apiShops(base: string, query = ''): Promise<{ data: ShopJson[]; meta: { total: number; last_page: number } }> {
  // In English, as the pages below are /en/ (a request with no language is answered in Darija).
  const res = await fetch(`${base}/api/shops?locale=en${query ? `&${query}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { data: ShopJson[]; meta: { total: number; last_page: number } };
}

const shopsCount = (page: Page) => page.getByRole('heading', { level: 1, name: en.shops.title }).locator('xpath=following-sibling::p');
const cards = (page: Page) => page.getByTestId('shops-list').getByRole('listitem');
const countText = (n: number) => (n === 1 ? en.shops.results_one : en.shops.results_other).replace('{{count}}', String(n));

test('shops list: filters, search and pages in the URL, the same counts as the API', async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  const all = await apiShops(base, 'per_page=100');
  expect(all.meta.total).toBeGreaterThan(12);

  await page.goto(`${base}/en`);
  await waitForLiveSync(page);
  await page.getByRole('navigation', { name: en.nav.main }).getByRole('link', { name: en.shops.navLink }).click();
  await expect(page).toHaveURL(`${base}/en/shops`);
  await expect(shopsCount(page)).toHaveText(countText(all.meta.total));
  await expect(cards(page)).toHaveCount(12);

  // Page 2 holds the rest, in the server's order.
  await page.getByRole('navigation', { name: en.shops.pagination }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`${base}/en/shops?page=2`);
  const page2 = await apiShops(base, 'page=2');
  await expect(cards(page)).toHaveCount(page2.data.length);
  await expect(cards(page).first().getByRole('heading')).toHaveText(page2.data[0]?.name ?? '');

  // A store type and 'verified only' (back to page 1), as the API filters them.
  await page.getByLabel(en.shops.storeType).selectOption('manufacturer');
  await expect(page).toHaveURL(`${base}/en/shops?type=manufacturer`);
  const manufacturers = await apiShops(base, 'store_type=manufacturer');
  await expect(shopsCount(page)).toHaveText(countText(manufacturers.meta.total));
  await page.getByLabel(en.shops.verifiedOnly).check();
  await expect(page).toHaveURL(`${base}/en/shops?type=manufacturer&verified=1`);
  const verified = await apiShops(base, 'store_type=manufacturer&verified=true');
  await expect(cards(page)).toHaveCount(verified.meta.total);
  await page.reload();
  await expect(page.getByLabel(en.shops.verifiedOnly)).toBeChecked();
  await expect(cards(page)).toHaveCount(verified.meta.total);

  // Search, then nothing matches, then clear.
  await page.getByRole('button', { name: en.shops.clear }).first().click();
  await expect(page).toHaveURL(`${base}/en/shops`);
  await page.getByRole('searchbox', { name: en.shops.search }).fill('dar');
  await page.getByRole('search', { name: en.shops.search }).getByRole('button', { name: en.shops.searchSubmit }).click();
  await expect(page).toHaveURL(`${base}/en/shops?q=dar`);
  const dar = await apiShops(base, 'search=dar');
  await expect(cards(page)).toHaveCount(dar.meta.total);
  await page.getByRole('searchbox', { name: en.shops.search }).fill('no-such-shop-zz');
  await page.getByRole('searchbox', { name: en.shops.search }).press('Enter');
  await expect(page.getByText(en.shops.emptyTitle)).toBeVisible();

  // The suspended shop shows its badge.
  const suspended = all.data.find((s) => s.status === 'suspended');
  if (suspended) {
    await page.goto(`${base}/en/shops?q=${encodeURIComponent(suspended.name)}`);
    await expect(cards(page).first().getByText(en.shop.suspended, { exact: true })).toBeVisible();
  }
});

test("a guest's follow says 'Authentication required' with a login link back", async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  const shop = (await apiShops(base)).data.find((s) => s.status === 'active');
  if (!shop) throw new Error('no active shop');
  await page.goto(`${base}/en/shops/${shop.slug}`);
  await page.getByTestId('follow').getByRole('button', { name: new RegExp(`^${en.follow.follow}`) }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.follow.authRequired })).toBeVisible();
  const login = page.getByRole('link', { name: en.follow.loginToFollow });
  await expect(login).toHaveAttribute('href', `/en/login?redirect=${encodeURIComponent(`/shops/${shop.slug}`)}`);
});

test('follow a shop offline: pending, then applied on the server when back online', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const user = uniqueUser('follow');
  await registerByApi(base, user);
  const shop = (await apiShops(base)).data.find((s) => s.status === 'active');
  if (!shop) throw new Error('no active shop');

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/en/login?redirect=${encodeURIComponent(`/shops/${shop.slug}`)}`);
  await fillLoginForm(page, user);
  await expectSignedInHeader(page, user);
  await expect(page).toHaveURL(`${base}/en/shops/${shop.slug}`);
  await waitForLiveSync(page);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('souk.auth') ?? '{}') as { token?: string }).token ?? '');
  expect(token).not.toBe('');
  const following = async () => {
    const res = await fetch(`${base}/api/shops/${shop.id}/following`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { isFollowing: boolean; isAuthenticated: boolean } }).data;
  };
  expect(await following()).toEqual({ isFollowing: false, isAuthenticated: true });
  const before = (await (await fetch(`${base}/api/shops/${shop.id}`)).json()) as { data: ShopJson };

  const follow = page.getByTestId('follow');
  const button = follow.getByRole('button', { name: new RegExp(`^(${en.follow.follow}|${en.follow.following}) `) });
  await expect(button).toHaveText(new RegExp(`^${en.follow.follow} `));
  await context.setOffline(true);
  await button.click();
  await expect(button).toHaveText(new RegExp(`^${en.follow.following} `));
  await expect(follow.getByTestId('follow-pending')).toHaveText(en.follow.pendingOffline);
  await expect(button).toHaveAttribute('data-pending', 'true');
  // Still offline: nothing reached the server.
  expect((await following()).isFollowing).toBe(false);

  await context.setOffline(false);
  await expect(follow.getByTestId('follow-pending')).toHaveText('', { timeout: 30_000 });
  await expect(button).toHaveText(new RegExp(`^${en.follow.following} `));
  await expect.poll(async () => (await following()).isFollowing, { timeout: 30_000 }).toBe(true);
  const after = (await (await fetch(`${base}/api/shops/${shop.id}`)).json()) as { data: ShopJson };
  expect(after.data.followers).toBe(before.data.followers + 1);
  // The catalogue sync brings the new count to the page.
  await expect(follow).toContainText(
    (after.data.followers === 1 ? en.shops.followers_one : en.shops.followers_other).replace('{{count}}', String(after.data.followers)),
  );
  await expect(follow.getByTestId('follow-failure')).toHaveCount(0);
  await context.close();
});
