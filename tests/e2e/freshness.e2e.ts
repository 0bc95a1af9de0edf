/**
 * Freshness (issue 4), end to end: after the first sync the home page shows no
 * age while the stream is live. Offline, a section's age is the page's clock
 * minus the worker's lastSyncedAt (stamped when the last pull finished);
 * Playwright runs the page's clock (page.clock) and jumps it 6, then 16 minutes on.
 * Nothing shows before a section's bound; at 6 minutes only the special offers
 * (300 s) say how old they are; at 16 the best sellers (900 s) and the other home
 * sections do too, in the interface language.
 */
import { expect, test } from '@playwright/test';
import { env, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import ma from '../../src/app/i18n/locales/ma/translation.json' with { type: 'json' };

function relative(tag: string, minutes: number): string {
  return new Intl.RelativeTimeFormat(tag, { numeric: 'always', style: 'long' }).format(-minutes, 'minute');
}

test('offline and older than its bound, the home page best sellers show their age', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's clock (Date, timers) is Playwright's from here; it runs at real speed until fast-forwarded.
  await page.clock.install();

  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  const bestSellers = page.locator('section', { has: page.getByRole('heading', { level: 2, name: ma.home.bestSellers }) });
  await expect(bestSellers.getByTestId('product-card').first()).toBeVisible();
  // The notes and the sync indicator read the same status: once it says live, the sections have been drawn live.
  await waitForLiveSync(page);
  const notes = page.getByTestId('freshness-note');
  await expect(notes).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-phase', 'offline');
  // Offline but just synced: fresh, nothing shown.
  await expect(notes).toHaveCount(0);

  // 6 minutes on: past the special offers' bound (300 s), within the others'. Their note appearing shows the
  // sections have been drawn at the new time; only then does the absence of the others' say anything.
  await page.clock.fastForward('06:00');
  await expect(page.locator('[data-testid="freshness-note"][data-section="specialOffers"]')).toBeVisible();
  await expect(notes).toHaveCount(1);

  await page.clock.fastForward('10:00');
  const note = bestSellers.getByTestId('freshness-note');
  await expect(note).toBeVisible();
  // Darija counts like Arabic and writes numbers like prices (ar-MA); a slow run may be a minute later.
  const darija = [16, 17].map((m) => ma.freshness.updated.replace('{{age}}', relative('ar-MA', m)));
  expect(darija).toContain((await note.textContent())?.trim());
  await expect(note).toHaveAttribute('data-section', 'bestSellers');
  // The other 900 s sections and the shorter-bound ones show theirs too.
  for (const section of ['categories', 'featured', 'newArrivals', 'specialOffers']) {
    await expect(page.locator(`[data-testid="freshness-note"][data-section="${section}"]`)).toBeVisible();
  }

  // In English: 'Updated 16 minutes ago'.
  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const englishNote = page
    .locator('section', { has: page.getByRole('heading', { level: 2, name: en.home.bestSellers }) })
    .getByTestId('freshness-note');
  await expect(englishNote).toBeVisible();
  const english = [16, 17].map((m) => en.freshness.updated.replace('{{age}}', relative('en-US', m)));
  expect(english).toContain((await englishNote.textContent())?.trim());

  await context.close();
});
