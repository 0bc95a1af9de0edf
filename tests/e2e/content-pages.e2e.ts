/**
 * The help pages (issue 7) in Chromium against the built PWA and the real server: each page in English and in
 * Darija (one h1, the document title, key facts, dir=rtl in Darija); the returns tabs by keyboard (arrows
 * mirrored right to left, Home/End, the panel shown, ?tab= kept on reload); an FAQ answer cut off, then
 * opened and closed with the keyboard; and the pages opening again offline after one online visit.
 */
import { expect, test, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/content.json' with { type: 'json' };
import ma from '../../src/app/i18n/locales/ma/content.json' with { type: 'json' };
import { langTag } from '../../src/app/i18n/languages';
import { env, formatMadInPage, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

const CATALOGS = { en, ma } as const;
const NUMBER_TAG = { en: 'en-US', ma: 'ar-MA' } as const;
type Lang = keyof typeof CATALOGS;

async function expectPage(page: Page, lang: Lang, title: string): Promise<void> {
  const html = page.locator('html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(html).toHaveAttribute('lang', langTag(lang));
  await expect(html).toHaveAttribute('dir', lang === 'ma' ? 'rtl' : 'ltr');
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
}

for (const lang of ['en', 'ma'] as const) {
  test(`the four help pages in ${lang}: heading, title, direction and key facts`, async ({ page }) => {
    const base = env('SOUK_E2E_URL');
    const c = CATALOGS[lang];

    await page.goto(`${base}/${lang}/faq`);
    await expectPage(page, lang, c.faq.title);
    await expect(page.getByRole('button', { name: c.faq.items.payment.q })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('faq-answer')).toHaveCount(10);
    await expect(page.getByTestId('faq-answer').first()).toContainText('PayPal');

    await page.goto(`${base}/${lang}/returns`);
    await expectPage(page, lang, c.returns.title);
    await expect(page.getByRole('tab', { name: c.returns.tabs.policy })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText(c.returns.policy.window);
    await expect(panel).toContainText('30');
    await expect(panel).toContainText('48');
    await expect(page.getByTestId('returns-page').getByRole('link', { name: c.returns.contactLink })).toHaveAttribute('href', `/${lang}/contact`);

    await page.goto(`${base}/${lang}/shipping`);
    await expectPage(page, lang, c.shipping.title);
    const methods = page.getByTestId('shipping-methods');
    await expect(methods.getByTestId('shipping-express')).toContainText(await formatMadInPage(page, 30, NUMBER_TAG[lang]));
    await expect(methods.getByTestId('shipping-standard')).toContainText(await formatMadInPage(page, 500, NUMBER_TAG[lang]));
    // The footer states the same threshold, formatted the same way (no amount written into a translation).
    await expect(page.getByRole('contentinfo')).toContainText(await formatMadInPage(page, 500, NUMBER_TAG[lang]));
    await expect(page.getByTestId('shipping-countries').getByRole('listitem')).toHaveCount(7);
    const morocco = await page.evaluate((tag) => new Intl.DisplayNames([tag], { type: 'region' }).of('MA') ?? '', NUMBER_TAG[lang]);
    await expect(page.getByTestId('shipping-countries')).toContainText(morocco);

    await page.goto(`${base}/${lang}/size-guide`);
    await expectPage(page, lang, c.sizeGuide.title);
    await expect(page.getByRole('table')).toHaveCount(3);
    const women = page.getByRole('region', { name: new RegExp(c.sizeGuide.tables.women.caption) });
    await expect(women).toHaveAttribute('tabindex', '0');
    await expect(women.getByRole('table')).toContainText('XXL');
    await expect(page.getByTestId('size-guide-page').getByRole('link', { name: c.sizeGuide.tailorLink })).toHaveAttribute('href', `/${lang}/tailoring`);
  });
}

test('returns tabs: arrows, Home and End move and select, ?tab= survives a reload; arrows mirror in Darija', async ({
  page,
}) => {
  const base = env('SOUK_E2E_URL');
  const tab = (name: string) => page.getByRole('tab', { name });
  const panel = page.getByRole('tabpanel');

  await page.goto(`${base}/en/returns`);
  await tab(en.returns.tabs.policy).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(en.returns.tabs.exchanges)).toBeFocused();
  await expect(tab(en.returns.tabs.exchanges)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(en.returns.tabs.policy)).toHaveAttribute('tabindex', '-1');
  await expect(panel).toContainText(en.returns.exchanges.window);
  await expect(page).toHaveURL(/\/en\/returns\?tab=exchanges$/);
  const controls = await tab(en.returns.tabs.exchanges).getAttribute('aria-controls');
  expect(await panel.getAttribute('id')).toBe(controls);

  await page.keyboard.press('End');
  await expect(tab(en.returns.tabs.process)).toBeFocused();
  await expect(panel).toContainText(en.returns.process.steps.refund);
  await page.keyboard.press('Home');
  await expect(tab(en.returns.tabs.policy)).toBeFocused();
  await expect(panel).toContainText(en.returns.policy.defects);
  await expect(page).toHaveURL(/\/en\/returns$/);
  await page.keyboard.press('ArrowLeft');
  await expect(tab(en.returns.tabs.process)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=process$/);

  await page.reload();
  await expect(tab(en.returns.tabs.process)).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText(en.returns.process.steps.contact);

  // Right to left: ArrowLeft goes to the next tab.
  await page.goto(`${base}/ma/returns?tab=policy`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await tab(ma.returns.tabs.policy).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(ma.returns.tabs.exchanges)).toBeFocused();
  await expect(panel).toContainText(ma.returns.exchanges.window);
  await page.keyboard.press('ArrowRight');
  await expect(tab(ma.returns.tabs.policy)).toBeFocused();
  await expect(panel).toContainText(ma.returns.policy.window);
});

test('FAQ: an answer is cut off until its question is opened with the keyboard; the search filters', async ({ page }) => {
  const base = env('SOUK_E2E_URL');
  await page.goto(`${base}/en/faq`);
  const question = page.getByRole('button', { name: en.faq.items.offline.q });
  const answerId = await question.getAttribute('aria-controls');
  const answer = page.locator(`[id="${answerId}"]`);
  const cutOff = () => answer.evaluate((el) => el.scrollHeight > el.clientHeight + 1);

  await expect(answer).toHaveText(en.faq.items.offline.a);
  expect(await cutOff(), 'closed, the long answer is clamped').toBe(true);

  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(await cutOff(), 'open, the whole answer shows').toBe(false);
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  expect(await cutOff()).toBe(true);

  await page.getByRole('searchbox', { name: en.faq.searchLabel }).fill('paypal');
  await expect(page.getByTestId('faq-answer')).toHaveCount(1);
  await expect(page.getByRole('button', { name: en.faq.items.payment.q })).toBeVisible();
  await page.getByRole('searchbox', { name: en.faq.searchLabel }).fill('zzzz');
  await expect(page.getByText(en.faq.noResults.replace('{{query}}', 'zzzz'))).toBeVisible();
});

test('after one online visit the help pages open offline, from the service worker', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto(`${base}/ma/shipping`);
  await waitForServiceWorkerControl(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ma.shipping.title);

  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker(), 'the offline reload is answered by the service worker').toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ma.shipping.title);
  await expect(page.getByTestId('shipping-express')).toContainText(await formatMadInPage(page, 30, 'ar-MA'));

  // Pages not opened before come from the precache too (their chunks and the 'content' catalogue).
  for (const [path, title] of [
    ['/ma/returns?tab=exchanges', ma.returns.title],
    ['/ma/size-guide', ma.sizeGuide.title],
    ['/en/faq', en.faq.title],
  ] as const) {
    const response = await page.goto(`${base}${path}`);
    expect(response?.fromServiceWorker(), `${path} is answered by the service worker`).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await expect(page.getByTestId('faq-answer')).toHaveCount(10);

  expect(await requestsSince(control, seqAtOffline), 'requests that reached the server while offline').toEqual([]);
  await context.close();
});
