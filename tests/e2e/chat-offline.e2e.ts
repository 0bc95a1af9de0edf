/**
 * A message written offline (issue 6): the buyer's thread with a shop is open, the seller's thread with that
 * buyer too; the buyer goes offline (context.setOffline) and writes: the message shows 'Waiting to be sent',
 * the page says it is offline, the server and the seller do not have it. The network returns: the outbox sends
 * it, the seller's open thread shows it without a reload, the buyer's turns confirmed, and the server holds it
 * exactly once (the outbox and the service worker's queue may both replay it; the idempotency key and the
 * client ref keep one).
 */
import { expect, test } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { messageWith, openBothThreads, serverMessages, thread, writeAndSend } from './chat-helpers';

test('a message written offline waits, then reaches the seller’s open thread exactly once', async ({ browser }) => {
  // The conversation exists (both pages join its room).
  const opening = `Salam, a question about an order (${Date.now()})`;
  const { base, buyerId, sellerToken, buyerContext, sellerContext, buyerPage, sellerPage } = await openBothThreads(browser, 1, opening);
  const before = await serverMessages(base, sellerToken, buyerId);

  // Offline: the message is kept on the device, waiting.
  await buyerContext.setOffline(true);
  await expect(buyerPage.getByTestId('chat-connection')).toHaveText(en.chat.connection.offline);
  const text = `Written offline: can you hold the red babouches for me? (${Date.now()})`;
  await writeAndSend(buyerPage, text);
  const mine = messageWith(buyerPage, text);
  await expect(mine).toHaveAttribute('data-local-state', 'queued');
  await expect(mine.getByTestId('chat-message-state')).toHaveText(en.chat.message.queued);
  // Give a send the time it would need, then check that nothing reached the server or the seller.
  await buyerPage.waitForTimeout(2_000);
  expect(await serverMessages(base, sellerToken, buyerId)).toHaveLength(before.length);
  await expect(messageWith(sellerPage, text)).toHaveCount(0);
  await expect(mine).toHaveAttribute('data-local-state', 'queued');

  // Back online: delivered, shown on the seller's open thread, confirmed for the buyer.
  await buyerContext.setOffline(false);
  await expect(messageWith(sellerPage, text)).toHaveAttribute('data-own', 'false');
  await expect(mine).toHaveAttribute('data-local-state', 'confirmed');
  await expect(buyerPage.getByTestId('chat-connection')).toHaveAttribute('data-state', 'connected');
  const copies = async () => (await serverMessages(base, sellerToken, buyerId)).filter((m) => m.content === text);
  await expect.poll(async () => (await copies()).length).toBe(1);
  // Every replay (the outbox on `online`, the service worker's queue) had its chance: still one.
  await buyerPage.waitForTimeout(3_000);
  expect(await copies()).toHaveLength(1);
  expect(await serverMessages(base, sellerToken, buyerId)).toHaveLength(before.length + 1);
  await expect(messageWith(sellerPage, text)).toHaveCount(1);
  await expect(thread(sellerPage)).toHaveAttribute('data-side', 'shop');

  await buyerContext.close();
  await sellerContext.close();
});
