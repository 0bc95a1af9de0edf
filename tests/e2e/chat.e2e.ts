/**
 * Real-time chat between a buyer and a seller (issue 6, docs/COMMUNITY.md "Messages", "Real-time chat"), in two
 * browser contexts against the built PWA and the real server: the buyer opens the shop's thread from the shop
 * page ('Message the shop') and writes the first message; it appears on the seller's open thread without a
 * reload; the seller answers and the buyer sees it; while one types the other sees '<name> is typing…'; the
 * buyer sees the seller online; the seller's conversations list shows the conversation with the buyer online,
 * its unread count (and the header's) when the buyer writes again (with the Send button, the focus back in the
 * text after), and opening it reads it. A message the server refuses shows the reason and a Retry that sends it
 * again.
 */
import { expect, test } from '@playwright/test';
import { isolate } from '../../src/app/chat/chat-format';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { expectLive, messageWith, sellerUser, serverMessages, shopWithSeller, thread, userIdOf, writeAndSend } from './chat-helpers';
import { env, openSignedIn, runBuyer } from './order-helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

/** The name is isolated (FSI…PDI) inside the sentence. */
const typingText = (name: string) => en.chat.typing.replace('{{name}}', isolate(name));

test('a buyer and a seller chat in real time: messages, typing, presence, the conversations list', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token: buyerToken } = await runBuyer(base);
  const buyerId = await userIdOf(base, buyerToken);
  const { shop, token: sellerToken } = await shopWithSeller(base, 0);

  const buyerContext = await browser.newContext();
  const sellerContext = await browser.newContext();
  const buyerPage = await openSignedIn(buyerContext, base, buyer);
  const sellerPage = await openSignedIn(sellerContext, base, sellerUser(shop));

  // The buyer: the shop's page offers 'Message the shop', which opens an empty thread with the shop.
  await buyerPage.goto(`${base}/en/shops/${shop.slug}`);
  await buyerPage.getByRole('link', { name: en.chat.shopLink }).click();
  await expect(buyerPage).toHaveURL(`${base}/en/community/messages/${shop.id}`);
  await expect(thread(buyerPage)).toHaveAttribute('data-side', 'buyer');
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(shop.name);
  await expect(buyerPage.getByTestId('message-list-empty')).toBeVisible();

  // The seller opens the thread with that buyer (nothing there yet).
  await sellerPage.goto(`${base}/en/community/messages/${buyerId}?as=shop`);
  await expect(thread(sellerPage)).toHaveAttribute('data-side', 'shop');
  await expect(sellerPage.getByTestId('message-list-empty')).toBeVisible();

  // The first message creates the conversation; the seller's open page shows it without a reload.
  const question = 'Salam! Is the blue kaftan available in size M?';
  await writeAndSend(buyerPage, question);
  await expect(messageWith(buyerPage, question)).toHaveAttribute('data-own', 'true');
  await expect(messageWith(buyerPage, question)).toHaveAttribute('data-local-state', 'confirmed');
  await expect(messageWith(sellerPage, question)).toHaveAttribute('data-own', 'false');
  await expectLive(buyerPage);
  await expectLive(sellerPage);
  const buyerName = (await sellerPage.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(buyerName).toContain(buyer.firstName);

  // The buyer sees the shop's seller online.
  await expect(buyerPage.getByTestId('thread-presence')).toHaveAttribute('data-online', 'true');
  await expect(buyerPage.getByTestId('thread-presence')).toHaveText(en.chat.presence.online);

  // The seller types: the buyer sees it, then the answer arrives over the socket and the indicator goes.
  const answer = 'Yes, we have it in M and L. Delivery in 3 days.';
  const sellerInput = sellerPage.getByTestId('composer-input');
  await sellerInput.pressSequentially('Yes, we have');
  await expect(buyerPage.getByTestId('typing-indicator')).toHaveText(typingText(shop.name));
  await sellerInput.fill('');
  await writeAndSend(sellerPage, answer);
  await expect(messageWith(buyerPage, answer)).toHaveAttribute('data-own', 'false');
  await expect(messageWith(sellerPage, answer)).toHaveAttribute('data-local-state', 'confirmed');
  await expect(buyerPage.getByTestId('typing-indicator')).toHaveAttribute('data-typing', 'false');

  // The other way round: the seller sees the buyer typing.
  await buyerPage.getByTestId('composer-input').pressSequentially('Perfect');
  await expect(sellerPage.getByTestId('typing-indicator')).toHaveText(typingText(buyerName));
  await buyerPage.getByTestId('composer-input').fill('');

  // The seller's conversations list has the conversation (their shop's side) with the last message.
  await sellerPage.getByRole('link', { name: en.chat.thread.back }).click();
  await expect(sellerPage).toHaveURL(`${base}/en/community/messages`);
  const row = sellerPage.getByTestId('conversation').filter({ hasText: buyerName });
  await expect(row).toHaveAttribute('data-side', 'shop');
  // The buyer's thread is open (their socket connected): the row says they are online.
  await expect(row.getByTestId('conversation-online')).toHaveText(en.chat.presence.online);
  await expect(row.getByTestId('conversation-preview')).toHaveText(answer);
  await expect(row).toHaveAttribute('data-unread', '0');

  // The buyer writes again while the seller is on the list: unread there and in the header's Messages link.
  // This time with the Send button, which is disabled while sending: the focus comes back to the text.
  const again = 'Then I will order it today, thank you!';
  const buyerInput = buyerPage.getByTestId('composer-input');
  await buyerInput.pressSequentially(again);
  await buyerPage.getByTestId('composer-send').click();
  await expect(messageWith(buyerPage, again)).toBeVisible();
  await expect(buyerInput).toHaveValue('');
  await expect(buyerInput).toBeFocused();
  await expect(row).toHaveAttribute('data-unread', '1');
  await expect(row.getByTestId('conversation-preview')).toHaveText(again);
  const headerLink = sellerPage.getByTestId('header-messages');
  await expect(headerLink).toHaveAttribute('data-count', '1');
  await expect(headerLink).toHaveAccessibleName(en.chat.nav.label_one.replace('{{count}}', '1'));

  // Opening it reads it, here and on the server.
  await row.getByRole('link').click();
  await expect(sellerPage).toHaveURL(`${base}/en/community/messages/${buyerId}?as=shop`);
  await expect(messageWith(sellerPage, again)).toBeVisible();
  await expect(headerLink).toHaveAttribute('data-count', '0');
  await expect
    .poll(async () => (await serverMessages(base, sellerToken, buyerId)).filter((m) => m.sender === 'buyer' && m.read_at === null).length)
    .toBe(0);
  const onServer = await serverMessages(base, sellerToken, buyerId);
  expect(onServer.map((m) => m.content)).toEqual([question, answer, again]);

  await buyerContext.close();
  await sellerContext.close();
});

test('a message the server refuses says why, and Retry sends it again', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const { shop } = await shopWithSeller(base, 0);
  const context = await browser.newContext();
  const page = await openSignedIn(context, base, sellerUser(shop));

  // The shop's side with a buyer it has no conversation with: the server answers 404 CONVERSATION_NOT_FOUND.
  await page.goto(`${base}/en/community/messages/2147483000?as=shop`);
  await expect(thread(page)).toHaveAttribute('data-side', 'shop');
  const text = 'Hello, your order is ready.';
  await writeAndSend(page, text);
  const refused = messageWith(page, text);
  await expect(refused).toHaveAttribute('data-local-state', 'failed');
  await expect(refused.getByTestId('chat-message-failure')).toHaveText(
    en.chat.message.failed.replace('{{reason}}', en.chat.refusals.CONVERSATION_NOT_FOUND),
  );
  await expect(refused.getByTestId('chat-message-failure')).toHaveAttribute('data-code', 'CONVERSATION_NOT_FOUND');

  // Retry is a new attempt that reaches the server (and is refused again, for the same reason).
  const sends = async (after: number) =>
    (await requestsSince(control, after)).filter((r) => r.method === 'POST' && r.url.startsWith('/api/v1/seller/messages')).length;
  const seq = await lastRequestSeq(control);
  await refused.getByRole('button', { name: en.chat.message.retry }).click();
  await expect.poll(() => sends(seq)).toBeGreaterThanOrEqual(1);
  await expect(refused).toHaveAttribute('data-local-state', 'failed');
  await expect(refused.getByTestId('chat-message-failure')).toHaveAttribute('data-code', 'CONVERSATION_NOT_FOUND');
  await context.close();
});
