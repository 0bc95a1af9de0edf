/**
 * Attachments in the chat (issue 6, docs/COMMUNITY.md "Messages"), in two browser contexts against the built PWA
 * and the real server: the buyer attaches a small PNG in the composer (a chip with its name; a text file is left
 * out with the server's text), writes a line and sends; the seller's open thread shows the picture as a
 * thumbnail that opens the full image in a new tab, served by the server byte for byte. Then the buyer sends a
 * PDF alone (no text): the seller sees a file link with its name and size.
 */
import { expect, test } from '@playwright/test';
import { isolate } from '../../src/app/chat/chat-format';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { messageWith, openBothThreads, serverMessages, writeAndSend } from './chat-helpers';

/** A 1×1 PNG and a one-page PDF. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test('the buyer sends a picture and a PDF; the seller’s open thread shows them', async ({ browser }) => {
  // The conversation exists (both pages join its room).
  const opening = `Salam, about a custom kaftan (${Date.now()})`;
  const { base, buyerId, sellerToken, buyerContext, sellerContext, buyerPage, sellerPage } = await openBothThreads(browser, 2, opening);

  // The buyer attaches the PNG (a chip), and a text file, which is left out with the server's text.
  const attach = buyerPage.getByLabel(en.chat.attachments.attach);
  await expect(attach).toHaveAttribute('type', 'file');
  await attach.setInputFiles({ name: 'kaftan.png', mimeType: 'image/png', buffer: PNG });
  const chips = buyerPage.getByTestId('composer-attachment');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('kaftan.png');
  await buyerPage.getByTestId('composer-attach-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(buyerPage.getByTestId('composer-attachments-error')).toHaveText(en.chat.attachments.wrongType);
  await expect(chips).toHaveCount(1);

  const text = `Like this one, in green (${Date.now()})`;
  await writeAndSend(buyerPage, text);
  await expect(chips).toHaveCount(0);
  const mine = messageWith(buyerPage, text);
  await expect(mine).toHaveAttribute('data-local-state', 'confirmed');
  await expect(mine.getByTestId('chat-attachment-image')).toHaveAttribute('href', /^\/media\/messages\/[0-9a-f]{32}\.png$/);

  // The seller's open thread shows the picture: a loaded thumbnail with its alt text, a link to the full image in a new tab.
  const theirs = messageWith(sellerPage, text);
  await expect(theirs).toHaveAttribute('data-own', 'false');
  const link = theirs.getByTestId('chat-attachment-image');
  await expect(link).toHaveAttribute('target', '_blank');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/media\/messages\/[0-9a-f]{32}\.png$/);
  const image = link.getByRole('img', { name: en.chat.attachments.image.replace('{{name}}', isolate('kaftan.png')) });
  await expect(image).toHaveAttribute('src', href);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const served = await fetch(`${base}${href}`);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

  // A PDF alone (no text), with the Send button: the seller sees a file link with its name and size.
  await buyerPage.getByTestId('composer-attach-input').setInputFiles({ name: 'size-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(chips).toHaveCount(1);
  await buyerPage.getByTestId('composer-send').click();
  await expect(chips).toHaveCount(0);
  const file = sellerPage.getByTestId('chat-attachment-file').filter({ hasText: 'size-guide.pdf' });
  await expect(file).toContainText(en.chat.attachments.pdf.replace('{{size}}', `${PDF.length} bytes`));
  await expect(file).toHaveAttribute('href', /^\/media\/messages\/[0-9a-f]{32}\.pdf$/);

  // The server holds each once, with its attachment.
  const onServer = await serverMessages(base, sellerToken, buyerId);
  expect(onServer.filter((m) => m.content === text).map((m) => m.attachments.map((a) => [a.name, a.type, a.size]))).toEqual([[['kaftan.png', 'image/png', PNG.length]]]);
  expect(onServer.filter((m) => m.attachments.some((a) => a.name === 'size-guide.pdf')).map((m) => [m.content, m.attachments.length])).toEqual([['', 1]]);

  await buyerContext.close();
  await sellerContext.close();
});
