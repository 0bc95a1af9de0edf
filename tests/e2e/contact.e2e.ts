/**
 * The contact page and the footer's newsletter block (issue 7) in Chromium against the built PWA and the real
 * server, in /en: the footer link opens /contact; an empty send shows the required-field texts (nothing sent),
 * then a complete form is stored (201) and the page says so. The newsletter sign-up with one new address answers
 * 201 'subscribed', the same address again 200 'already subscribed'.
 */
import { expect, test } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { env } from './helpers';

test('contact form: validation texts, then sent and stored', async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  const contactPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') contactPosts.push(request.url());
  });

  await page.goto(`${base}/en`);
  await page.getByRole('contentinfo').getByRole('link', { name: en.contact.footerLink }).click();
  await expect(page).toHaveURL(`${base}/en/contact`);
  await expect(page.getByRole('heading', { level: 1, name: en.contact.title })).toBeVisible();

  const form = page.getByTestId('contact-form');
  await form.getByRole('button', { name: en.contact.submit }).click();
  await expect(form.getByText(en.contact.errors.required.first_name)).toBeVisible();
  await expect(form.getByText(en.contact.errors.required.message)).toBeVisible();
  await expect(form.getByLabel(en.contact.firstName)).toBeFocused();
  await expect(form.getByLabel(en.contact.firstName)).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel(en.contact.firstName).fill('Salma');
  await form.getByLabel(en.contact.lastName).fill('Bennani');
  await form.getByLabel(en.contact.email).fill('not-an-email');
  await form.getByLabel(en.contact.subject).fill('Caftan sizes');
  await form.getByLabel(en.contact.message).fill('Do you make caftans in size XXL?');
  await form.getByRole('button', { name: en.contact.submit }).click();
  await expect(form.getByText(en.contact.errors.email)).toBeVisible();
  expect(contactPosts).toHaveLength(0);

  await form.getByLabel(en.contact.email).fill('salma.e2e@example.test');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contact');
  await form.getByRole('button', { name: en.contact.submit }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId('contact-sent')).toHaveText(en.contact.sent);
  expect(contactPosts).toHaveLength(1);
});

test('newsletter: subscribed, then already subscribed', async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  const email = `news.${Date.now()}@example.test`;
  await page.goto(`${base}/en`);
  const block = page.getByTestId('newsletter');
  await expect(block.getByRole('heading', { name: en.newsletter.title })).toBeVisible();

  for (const [status, text] of [
    [201, en.newsletter.subscribed],
    [200, en.newsletter.already],
  ] as const) {
    await block.getByLabel(en.newsletter.email).fill(email);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/newsletter');
    await block.getByRole('button', { name: en.newsletter.subscribe }).click();
    expect((await answer).status()).toBe(status);
    await expect(block.getByTestId('newsletter-status')).toHaveText(text);
  }

  // The server kept one sign-up: a third call with the address in capitals is still 'already subscribed'.
  const again = await fetch(`${base}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: email.toUpperCase() }),
  });
  expect(again.status).toBe(200);
});
