/**
 * Community requests in two browsers against the built PWA and the real server (issue 6, docs/COMMUNITY.md):
 * the run's buyer posts a request through /en/community/new; a verified seller, in a second context, opens it,
 * follows 'Respond to this request' to /en/seller/community/posts/{id}/respond and sends an offer offline (the
 * form's own checks first), which waits on the post until the network is back; the buyer's post page shows the response when sync brings it, with a link to message the
 * shop, and the buyer accepts it: the request is in progress and the response accepted, on the page and on the
 * server. The buyer then closes the request (a confirmation that Escape dismisses, focus back on the button):
 * closed on the page, on the server and, through sync, on the seller's page. The respond page tells a buyer it is
 * for sellers.
 * No new users: the buyer is the run's (registrations are limited per IP), the seller a demo shop's owner.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CommunityPost, CommunityResponse } from '../../src/domain/community-schemas';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { api, env, openSignedIn, runBuyer } from './order-helpers';

interface PublicShop {
  id: number;
  slug: string;
  name: string;
  status: string;
  is_verified: boolean;
}

/** A verified, active demo shop whose owner may respond (role seller; docs/COMMUNITY.md). */
async function verifiedShop(base: string): Promise<PublicShop> {
  const res = await fetch(`${base}/api/shops?per_page=100&locale=en`);
  expect(res.status).toBe(200);
  const shops = ((await res.json()) as { data: PublicShop[] }).data;
  const shop = shops.find((s) => s.is_verified && s.status === 'active');
  if (!shop) throw new Error('no verified, active shop in the demo seed');
  return shop;
}

function sellerPassword(): string {
  const password = process.env.SOUK_E2E_SELLER_PASSWORD;
  if (!password) throw new Error('SOUK_E2E_SELLER_PASSWORD is not set: run the browser tests through playwright.config.ts.');
  return password;
}

const detail = (page: Page) => page.getByTestId('post-detail');
const status = (page: Page) => detail(page).getByTestId('post-status');

test('a buyer posts a request, a seller responds, the buyer accepts and closes it', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token } = await runBuyer(base);
  const shop = await verifiedShop(base);
  const title = `Green wedding caftan ${Date.now().toString(36)}`;

  // The buyer posts the request.
  const buyerContext = await browser.newContext();
  const buyerPage = await openSignedIn(buyerContext, base, buyer);
  await buyerPage.goto(`${base}/en/community/new`);
  await buyerPage.getByTestId('post-title').fill(title);
  await buyerPage.getByTestId('post-description').fill('Velvet, gold embroidery on the sleeves, size 40.');
  await buyerPage.getByTestId('post-budget-min').fill('1500');
  await buyerPage.getByTestId('post-budget-max').fill('3000');
  await buyerPage.getByTestId('post-submit').click();
  await expect(detail(buyerPage)).toHaveAttribute('data-local-state', 'confirmed', { timeout: 30_000 });
  await expect(status(buyerPage)).toHaveAttribute('data-status', 'open');
  await expect(buyerPage.getByTestId('no-responses')).toBeVisible();
  const docId = (await detail(buyerPage).getAttribute('data-post-id')) ?? '';
  expect(docId).not.toBe('');
  const mine = await api<{ data: CommunityPost[] }>(base, token, 'GET', `/api/v1/community/posts?mine=1&search=${encodeURIComponent(title)}`);
  expect(mine.status).toBe(200);
  expect(mine.body.data).toHaveLength(1);
  const postId = mine.body.data[0]?.post_id ?? 0;
  expect(postId).toBeGreaterThan(0);

  // The seller opens it and goes to the respond page.
  const sellerContext = await browser.newContext();
  const sellerPage = await openSignedIn(sellerContext, base, {
    firstName: '',
    lastName: '',
    email: `${shop.slug}@sellers.souk.test`,
    password: sellerPassword(),
  });
  await sellerPage.goto(`${base}/en/community/posts/${postId}`);
  await expect(detail(sellerPage)).toContainText(title);
  // The post's actions are drawn for this seller (the respond link), so no Close button is coming.
  const respondLink = sellerPage.getByTestId('respond-link');
  await expect(respondLink).toBeVisible();
  await expect(sellerPage.getByTestId('close-post')).toHaveCount(0);
  await respondLink.click();
  await expect(sellerPage).toHaveURL(`${base}/en/seller/community/posts/${postId}/respond`);
  await expect(sellerPage.getByRole('heading', { level: 1 })).toHaveText(en.community.respond.title);
  await expect(sellerPage.getByTestId('respond-summary')).toContainText(title);

  // The form's own checks, then the offer.
  await sellerPage.getByTestId('respond-delivery-days').fill('400');
  await sellerPage.getByTestId('respond-submit').click();
  const form = sellerPage.getByTestId('respond-form');
  await expect(form).toContainText(en.community.respond.errors.messageRequired);
  await expect(form).toContainText(en.community.respond.errors.priceRequired);
  await expect(form).toContainText(en.community.respond.errors.deliveryInvalid);
  await expect(sellerPage.getByTestId('respond-message')).toHaveAttribute('aria-invalid', 'true');
  await sellerPage.getByTestId('respond-message').fill('We can make it in three weeks, with hand embroidery.');
  await sellerPage.getByTestId('respond-price').fill('2450.50');
  await sellerPage.getByTestId('respond-delivery-days').fill('21');
  // Offline: the offer is kept on the device and sent when the network is back.
  await sellerContext.setOffline(true);
  await sellerPage.getByTestId('respond-submit').click();

  // Back on the post (under its document id), the seller sees their response, waiting to be sent.
  await expect(sellerPage).toHaveURL(`${base}/en/community/posts/${encodeURIComponent(docId)}`);
  const sellerResponse = sellerPage.getByTestId('post-response');
  await expect(sellerResponse).toHaveCount(1);
  await expect(sellerPage.getByTestId('post-responses').getByRole('heading', { level: 2 })).toHaveText(en.community.respond.yourResponse);
  await expect(sellerResponse).toHaveAttribute('data-status', 'pending');
  await expect(sellerResponse).toHaveAttribute('data-queued', 'true');
  await expect(sellerResponse.getByTestId('response-local-state')).toHaveText(en.community.respond.queued);
  await expect(sellerResponse).toContainText(shop.name);
  await expect(sellerPage.getByTestId('respond-link')).toHaveCount(0);
  const serverResponses = () => api<{ data: CommunityResponse[] }>(base, token, 'GET', `/api/v1/community/posts/${postId}/responses`);
  expect((await serverResponses()).body.data).toHaveLength(0);

  // Online again: the server's copy replaces the queued one.
  await sellerContext.setOffline(false);
  await expect(sellerResponse).not.toHaveAttribute('data-queued', { timeout: 30_000 });
  await expect(sellerResponse).toContainText(shop.name);

  // The buyer's page shows it when sync brings it, with a link to message the shop.
  const buyerResponse = buyerPage.getByTestId('post-response');
  await expect(buyerResponse).toHaveCount(1, { timeout: 30_000 });
  await expect(buyerResponse).toHaveAttribute('data-status', 'pending');
  await expect(buyerResponse).toContainText('We can make it in three weeks, with hand embroidery.');
  await expect(buyerResponse.getByTestId('message-shop')).toHaveAttribute('href', `/en/community/messages/${shop.id}`);
  await buyerResponse.getByTestId('accept-response').click();
  await expect(buyerResponse).toHaveAttribute('data-status', 'accepted');
  await expect(status(buyerPage)).toHaveAttribute('data-status', 'in_progress');

  // The server agrees.
  const serverPost = () => api<{ data: CommunityPost }>(base, token, 'GET', `/api/v1/community/posts/${postId}`);
  await expect.poll(async () => (await serverPost()).body.data.status, { timeout: 30_000 }).toBe('in_progress');
  const responses = await serverResponses();
  expect(responses.status).toBe(200);
  expect(responses.body.data).toHaveLength(1);
  const [accepted] = responses.body.data;
  expect(accepted).toMatchObject({
    shop_id: shop.id,
    status: 'accepted',
    price: 2450.5,
    delivery_days: 21,
    message: 'We can make it in three weeks, with hand embroidery.',
  });
  expect((await serverPost()).body.data.accepted_response_id).toBe(accepted?.response_id);

  // The buyer closes the request: Escape dismisses the question and gives focus back to the button.
  const close = buyerPage.getByTestId('close-post');
  await close.click();
  const confirm = buyerPage.getByTestId('close-post-confirm');
  await expect(confirm.getByText(en.community.close.question)).toBeFocused();
  await buyerPage.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(close).toBeFocused();
  await buyerPage.keyboard.press('Enter');
  await confirm.getByTestId('close-post-yes').click();
  await expect(status(buyerPage)).toHaveAttribute('data-status', 'closed');
  await expect(close).toHaveCount(0);
  // The Close button is gone with the open request: focus lands on the page's heading, not on nothing.
  await expect(buyerPage.locator('#post-title')).toBeFocused();
  await expect.poll(async () => (await serverPost()).body.data.status, { timeout: 30_000 }).toBe('closed');

  // The seller's page follows through sync.
  await expect(status(sellerPage)).toHaveAttribute('data-status', 'closed', { timeout: 30_000 });
  await expect(sellerResponse).toHaveAttribute('data-status', 'accepted');

  // The respond page is for sellers only.
  await buyerPage.goto(`${base}/en/seller/community/posts/${postId}/respond`);
  await expect(buyerPage.getByTestId('respond-state')).toHaveAttribute('data-state', 'not-seller');
  await expect(buyerPage.getByTestId('respond-state')).toContainText(en.community.respond.notSeller);
  await expect(buyerPage.getByTestId('respond-form')).toHaveCount(0);

  await sellerContext.close();
  await buyerContext.close();
});
