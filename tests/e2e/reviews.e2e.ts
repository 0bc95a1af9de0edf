/**
 * Reviews on the product page in Chromium against the built PWA and the real server: the summary and list
 * read from the local mirror, the form's checks (rating, content, a refused file type), a review written with
 * a photo (multipart), the rating and with-photos filters, an edit and a delete, each checked on the server.
 * One user, registered through the API (the suite shares 10 registrations per hour per IP).
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { expectSignedInHeader, fillLoginForm, registerByApi, uniqueUser } from './auth-helpers';
import { env, waitForLiveSync } from './helpers';

/** A real 8×8 PNG (the server decodes it and re-encodes it as WebP). */
const pngImage = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#b5482f' } }).png().toBuffer();

interface ReviewsJson {
  data: { id: number | string; rating: number; content: string; images: string[] }[];
  summary: { count: number; average: number };
}

const stars = (n: number) => (n === 1 ? en.reviews.stars_one : en.reviews.stars_other).replace('{{count}}', String(n));

test('write a review with a photo, filter, edit and delete it', async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  const user = uniqueUser('reviews');
  await registerByApi(base, user);
  const products = (await (await fetch(`${base}/api/products/all?per_page=1&sort=newest`)).json()) as { data: { id: number }[] };
  const productId = products.data[0]?.id;
  if (productId === undefined) throw new Error('no product');
  const serverReviews = async () =>
    (await (await fetch(`${base}/api/products/${productId}/reviews?limit=50`)).json()) as ReviewsJson;

  await page.goto(`${base}/en/login?redirect=${encodeURIComponent(`/products/${productId}`)}`);
  await fillLoginForm(page, user);
  await expectSignedInHeader(page, user);
  await expect(page).toHaveURL(`${base}/en/products/${productId}`);
  await waitForLiveSync(page);

  const section = page.getByRole('region', { name: en.reviews.title });
  await expect(section).toBeVisible();
  const initialCount = (await serverReviews()).summary.count;
  if (initialCount === 0) await expect(section.getByText(en.reviews.empty)).toBeVisible();

  // The form's own checks: no rating, no content; a file of the wrong type is refused with the contract's text.
  await section.getByRole('button', { name: en.reviews.write }).click();
  const form = section.getByTestId('review-form');
  await form.getByRole('button', { name: en.reviews.form.submit }).click();
  await expect(form.getByText(en.reviews.form.ratingRequired)).toBeVisible();
  await expect(form.getByText(en.reviews.form.contentRequired)).toBeVisible();
  const files = form.getByLabel(en.reviews.form.images);
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByRole('alert').filter({ hasText: en.reviews.images.wrongType })).toBeVisible();

  // Rating by keyboard-accessible radios, title, content and one photo with its preview.
  await form.getByRole('radio', { name: stars(4) }).check();
  await form.getByLabel(en.reviews.form.title).fill('Beautiful embroidery');
  await form.getByLabel(en.reviews.form.content, { exact: true }).fill('The fabric is soft and the stitching is neat.');
  await files.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(form.getByRole('img', { name: en.reviews.form.preview.replace('{{n}}', '1') })).toBeVisible();
  await form.getByRole('button', { name: en.reviews.form.submit }).click();
  await expect(section.getByRole('status').filter({ hasText: en.reviews.submitted })).toBeVisible();

  const afterCreate = await serverReviews();
  expect(afterCreate.summary.count).toBe(initialCount + 1);
  const mine = afterCreate.data.find((r) => r.content.startsWith('The fabric is soft'));
  expect(mine?.rating).toBe(4);
  expect(mine?.images).toHaveLength(1);

  // The local mirror shows it (the sync pulls it), with its photo, and the summary counts it.
  const item = section.getByTestId('review').filter({ hasText: 'Beautiful embroidery' });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item.getByRole('img')).toHaveAttribute('src', /\/media\/reviews\/[0-9a-f]{32}\.webp$/);
  await expect(item.getByText(en.reviews.yours)).toBeVisible();
  await expect(section.getByRole('button', { name: en.reviews.write })).toHaveCount(0);

  // Filters: 5 stars hides it, 4 stars and 'with photos' show it.
  await section.getByRole('combobox', { name: en.reviews.filterRating }).selectOption('5');
  await expect(item).toHaveCount(0);
  await section.getByRole('combobox', { name: en.reviews.filterRating }).selectOption('4');
  await expect(item).toBeVisible();
  await section.getByLabel(en.reviews.withImages).check();
  await expect(item).toBeVisible();
  await section.getByRole('combobox', { name: en.reviews.filterRating }).selectOption('');
  await section.getByLabel(en.reviews.withImages).uncheck();

  // Edit: 5 stars and new content; the photo is kept.
  await item.getByRole('button', { name: en.reviews.edit }).click();
  const edit = section.getByTestId('review-form');
  await expect(edit.getByRole('radio', { name: stars(4) })).toBeChecked();
  await edit.getByRole('radio', { name: stars(5) }).check();
  await edit.getByLabel(en.reviews.form.content, { exact: true }).fill('Even better after a wash: colours held.');
  await edit.getByRole('button', { name: en.reviews.form.save }).click();
  await expect(section.getByRole('status').filter({ hasText: en.reviews.updated })).toBeVisible();
  await expect(section.getByTestId('review').filter({ hasText: 'Even better after a wash' })).toBeVisible({ timeout: 30_000 });
  const edited = (await serverReviews()).data.find((r) => String(r.id) === String(mine?.id));
  expect(edited).toMatchObject({ rating: 5, content: 'Even better after a wash: colours held.' });
  expect(edited?.images).toHaveLength(1);

  // Delete, after confirming.
  await section.getByTestId('review').filter({ hasText: 'Even better after a wash' }).getByRole('button', { name: en.reviews.delete }).click();
  await section.getByRole('button', { name: en.reviews.confirmDeleteYes }).click();
  await expect(section.getByRole('status').filter({ hasText: en.reviews.deleted })).toBeVisible();
  await expect(section.getByTestId('review').filter({ hasText: 'Even better after a wash' })).toHaveCount(0, { timeout: 30_000 });
  expect((await serverReviews()).summary.count).toBe(initialCount);
  await expect(section.getByRole('button', { name: en.reviews.write })).toBeVisible();
});
