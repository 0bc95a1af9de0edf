/**
 * Shared steps of the chat browser tests (issue 6): a demo shop with its seller (signed in through the login
 * form as {slug}@sellers.souk.test, so no registration is spent), the run's buyer's user id, the messages the
 * server holds for a conversation, and the thread page's parts.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Message } from '../../src/domain/community-schemas';
import type { TestUser } from './auth-helpers';
import { api, env, openSignedIn, runBuyer, sellerToken } from './order-helpers';

export interface DemoShop {
  id: number;
  slug: string;
  name: string;
}

/**
 * The n-th active demo shop counted from the newest (each chat test file takes its own, so their conversations
 * with the run's buyer do not meet), with a seller token: only a shop with an owner lets its seller sign in.
 */
export async function shopWithSeller(base: string, n: number): Promise<{ shop: DemoShop; token: string }> {
  const res = await fetch(`${base}/api/shops?per_page=100&locale=en`);
  const body = (await res.json()) as { data: (DemoShop & { status: string })[] };
  const active = body.data.filter((s) => s.status === 'active').sort((a, b) => b.id - a.id);
  const shop = active[n];
  if (!shop) throw new Error(`no active shop #${n}`);
  return { shop: { id: shop.id, slug: shop.slug, name: shop.name }, token: await sellerToken(base, shop.slug) };
}

/** The shop's seller as the login form needs them. */
export function sellerUser(shop: DemoShop): TestUser {
  const password = process.env.SOUK_E2E_SELLER_PASSWORD;
  if (!password) throw new Error('SOUK_E2E_SELLER_PASSWORD is not set: run the browser tests through playwright.config.ts.');
  return { firstName: shop.name, lastName: '', email: `${shop.slug}@sellers.souk.test`, password };
}

export async function userIdOf(base: string, token: string): Promise<number> {
  const res = await api<{ user: { id: number } }>(base, token, 'GET', '/api/user/profile');
  expect(res.status).toBe(200);
  return res.body.user.id;
}

/** Every message of the seller's conversation with a buyer, on the server (GET /api/v1/seller/messages/users/{id}). */
export async function serverMessages(base: string, seller: string, buyerId: number): Promise<Message[]> {
  const res = await api<{ messages: Message[] }>(base, seller, 'GET', `/api/v1/seller/messages/users/${buyerId}?per_page=100`);
  if (res.status === 404) return [];
  expect(res.status).toBe(200);
  return res.body.messages;
}

export const thread = (page: Page) => page.getByTestId('thread-page');

/** The thread's messages with this text. */
export const messageWith = (page: Page, text: string) => page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-message-text').getByText(text, { exact: true }) });

/** Types into the composer (key by key, so the page sees typing) and sends with Enter. */
export async function writeAndSend(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.pressSequentially(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/** The thread knows its conversation (so it is in the room) and the live chat is connected. */
export async function expectLive(page: Page): Promise<void> {
  await expect(thread(page)).not.toHaveAttribute('data-conversation-id', '');
  await expect(page.getByTestId('chat-connection')).toHaveAttribute('data-state', 'connected');
}

export interface OpenThreads {
  base: string;
  buyerId: number;
  shop: DemoShop;
  sellerToken: string;
  buyerContext: BrowserContext;
  sellerContext: BrowserContext;
  buyerPage: Page;
  sellerPage: Page;
}

/**
 * The run's buyer and the seller of demo shop `n` in two contexts, each on their open thread of one conversation
 * (made by an opening message through the API, so both pages join its room), both live.
 */
export async function openBothThreads(browser: Browser, n: number, opening: string): Promise<OpenThreads> {
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token: buyerToken } = await runBuyer(base);
  const buyerId = await userIdOf(base, buyerToken);
  const { shop, token: seller } = await shopWithSeller(base, n);
  const first = await api(base, buyerToken, 'POST', '/api/messages', { shop_id: shop.id, content: opening, client_ref: `e2e-${Date.now().toString(36)}-${n}` });
  expect([200, 201]).toContain(first.status);

  const buyerContext = await browser.newContext();
  const sellerContext = await browser.newContext();
  const buyerPage = await openSignedIn(buyerContext, base, buyer);
  const sellerPage = await openSignedIn(sellerContext, base, sellerUser(shop));
  await buyerPage.goto(`${base}/en/community/messages/${shop.id}`);
  await sellerPage.goto(`${base}/en/community/messages/${buyerId}?as=shop`);
  await expect(messageWith(buyerPage, opening)).toBeVisible();
  await expect(messageWith(sellerPage, opening)).toBeVisible();
  await expectLive(buyerPage);
  await expectLive(sellerPage);
  return { base, buyerId, shop, sellerToken: seller, buyerContext, sellerContext, buyerPage, sellerPage };
}
