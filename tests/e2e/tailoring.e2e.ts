/**
 * Issue 7, tailoring services (docs/TAILORING.md), as a signed-in buyer in Chromium against the real server:
 * the three services with their 'from' prices (599, 49, 299 MAD); an available tailor booked online (the server
 * holds it); a busy tailor's waitlist joined; an unavailable tailor without a form; then offline, a booking
 * that waits ('Waiting to be sent') and reaches the server exactly once when the network is back.
 */
import { expect, test, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/tailoring.json' with { type: 'json' };
import type { Booking, Tailor } from '../../src/domain/tailoring';
import { dayInMorocco } from '../helpers/tailoring';
import { api, env, openSignedIn, runBuyer } from './order-helpers';

async function serverBookings(base: string, token: string): Promise<Booking[]> {
  const r = await api<{ data: Booking[] }>(base, token, 'GET', '/api/v1/bookings');
  expect(r.status).toBe(200);
  return r.body.data;
}

/** From the list, open the first tailor of this availability; resolves with its id. */
async function openTailor(page: Page, base: string, availability: Tailor['availability']): Promise<string> {
  await page.goto(`${base}/en/tailoring`);
  const card = page.getByTestId('tailor-card').and(page.locator(`[data-availability="${availability}"]`)).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const id = (await card.getAttribute('data-tailor-id')) ?? '';
  await card.getByRole('link').click();
  await expect(page.getByTestId('tailor-profile')).toHaveAttribute('data-availability', availability);
  return id;
}

async function fillAppointment(page: Page, service: string, date: string, time: string, notes: string): Promise<void> {
  const form = page.getByTestId('booking-form');
  await expect(form).toHaveAttribute('data-mode', 'appointment');
  await form.getByLabel(en.book.service).selectOption(service);
  await form.getByLabel(en.book.date).fill(date);
  await form.getByLabel(en.book.time).selectOption(time);
  await form.getByLabel(new RegExp(en.book.notes)).fill(notes);
}

test('tailoring: prices, book online, join a waitlist, no form when unavailable, book offline once', async ({ browser }) => {
  test.setTimeout(180_000);
  const base = env('SOUK_E2E_URL');
  const { user: buyer, token } = await runBuyer(base);
  const context = await browser.newContext();
  const page = await openSignedIn(context, base, buyer);

  // The services and their 'from' prices.
  await page.goto(`${base}/en/tailoring`);
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  const prices = page.getByTestId('service-price');
  await expect(prices).toHaveCount(3);
  await expect(prices).toHaveText([/599\.00/, /49\.00/, /299\.00/]);
  await expect(prices.first()).toContainText('MAD');

  // Available: book an appointment online.
  await openTailor(page, base, 'available');
  const date = dayInMorocco(3);
  await fillAppointment(page, 'custom_suit', date, '10:30', 'Navy wool, two buttons');
  await page.getByTestId('booking-submit').click();
  const outcome = page.getByTestId('booking-outcome');
  await expect(outcome).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 });
  const bookedId = (await outcome.getByTestId('booking-item').getAttribute('data-booking-id')) ?? '';
  const online = (await serverBookings(base, token)).filter((b) => b.id === bookedId);
  expect(online).toHaveLength(1);
  expect(online[0]).toMatchObject({ status: 'requested', service: 'custom_suit', date, time: '10:30', price_from: 599 });

  // Busy: join the waitlist (service and notes only).
  await openTailor(page, base, 'busy');
  const waitForm = page.getByTestId('booking-form');
  await expect(waitForm).toHaveAttribute('data-mode', 'waitlist');
  await expect(waitForm.getByLabel(en.book.date)).toHaveCount(0);
  await waitForm.getByLabel(en.book.service).selectOption('traditional_wear');
  await page.getByTestId('booking-submit').click();
  await expect(outcome).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 });
  const waitId = (await outcome.getByTestId('booking-item').getAttribute('data-booking-id')) ?? '';
  expect((await serverBookings(base, token)).find((b) => b.id === waitId)).toMatchObject({ status: 'waitlisted', date: null, price_from: 299 });

  // Unavailable: no form, a sentence instead.
  await openTailor(page, base, 'unavailable');
  await expect(page.getByTestId('tailor-unavailable')).toBeVisible();
  await expect(page.getByTestId('booking-form')).toHaveCount(0);

  // Offline: the booking waits on the device, then reaches the server exactly once.
  await openTailor(page, base, 'available');
  const before = (await serverBookings(base, token)).length;
  await context.setOffline(true);
  await fillAppointment(page, 'alterations', dayInMorocco(4), '15:00', 'Shorten the sleeves');
  await page.getByTestId('booking-submit').click();
  await expect(outcome).toHaveAttribute('data-state', 'queued');
  await expect(outcome.getByTestId('booking-waiting')).toHaveText(en.bookings.waiting);
  await expect(outcome.getByRole('status')).toHaveText(en.book.queued);
  const offlineId = (await outcome.getByTestId('booking-item').getAttribute('data-booking-id')) ?? '';
  expect(offlineId).not.toBe('');
  expect(await serverBookings(base, token)).toHaveLength(before);

  await page.goto(`${base}/en/tailoring/bookings`).catch(() => undefined);
  await expect(page.getByTestId('booking-item').and(page.locator(`[data-booking-id="${offlineId}"]`))).toHaveAttribute('data-local-state', 'queued');

  await context.setOffline(false);
  const copies = async () => (await serverBookings(base, token)).filter((b) => b.id === offlineId).length;
  await expect.poll(copies, { timeout: 60_000 }).toBe(1);
  await expect(page.getByTestId('booking-item').and(page.locator(`[data-booking-id="${offlineId}"]`))).toHaveAttribute('data-local-state', 'confirmed', {
    timeout: 30_000,
  });
  // Every copy (outbox resend, service-worker replay) had its chance: still exactly one.
  await page.waitForTimeout(3_000);
  expect(await copies()).toBe(1);
  expect(await serverBookings(base, token)).toHaveLength(before + 1);
  await context.close();
});
