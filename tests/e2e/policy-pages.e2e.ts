/**
 * The policy pages (issue 7) in Chromium against the built PWA and the real server, in English (/en/…) and in
 * Darija (no prefix, the default, right to left): each page has its one h1 and tab title and shows the spec's facts
 * (10% commission, payouts every two weeks, the 1,000 / 100 / 900 MAD example formatted per language, not for
 * children under 16, the cookie lifetimes); a terms contents link followed with the keyboard moves the focus to its
 * section's h2 and scrolls it into view, as does opening a link to a section; the become-a-seller register link
 * opens the register page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import enAuth from '../../src/app/i18n/locales/en/auth.json' with { type: 'json' };
import en from '../../src/app/i18n/locales/en/policies.json' with { type: 'json' };
import maAuth from '../../src/app/i18n/locales/ma/auth.json' with { type: 'json' };
import ma from '../../src/app/i18n/locales/ma/policies.json' with { type: 'json' };
import { env, formatMadInPage } from './helpers';

const LANGUAGES = [
  { code: 'en', prefix: '/en', tag: 'en-US', dir: 'ltr', texts: en, auth: enAuth, twoWeeks: 'every two weeks' },
  { code: 'ma', prefix: '', tag: 'ar-MA', dir: 'rtl', texts: ma, auth: maAuth, twoWeeks: 'كل جوج سيمانات' },
] as const;

/** Opens a page and waits for its h1 (the on-demand 'policies' catalogue has loaded); gives the main landmark. */
async function open(page: Page, url: string, title: string, dir: string) {
  await page.goto(url);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page).toHaveTitle(new RegExp(`^${title} · `));
  return main;
}

/** The element's middle is the element itself, not something drawn over it (the sticky header). */
function isUncovered(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

for (const lang of LANGUAGES) {
  test(`${lang.code}: become a seller shows the seller facts and the worked example, and links to register`, async ({
    page,
  }) => {
    const base = env('SOUK_E2E_URL');
    const main = await open(page, `${base}${lang.prefix}/become-a-seller`, lang.texts.seller.title, lang.dir);

    const facts = page.getByTestId('seller-facts');
    await expect(facts).toContainText(lang.code === 'en' ? '10%' : '10');
    await expect(facts).toContainText(lang.twoWeeks);
    await expect(facts).toContainText(lang.texts.seller.noFees);

    const example = page.getByTestId('seller-example');
    for (const amount of [1000, 100, 900]) {
      await expect(example).toContainText(await formatMadInPage(page, amount, lang.tag));
    }
    for (const step of Object.values(lang.texts.seller.steps)) {
      await expect(main.getByRole('heading', { level: 3, name: step.title })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: lang.texts.seller.contact })).toHaveAttribute(
      'href',
      `${lang.prefix}/contact`,
    );

    await main.getByRole('link', { name: lang.texts.seller.register }).click();
    await expect(page).toHaveURL(`${base}${lang.prefix}/register`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.auth.register.title);
  });

  test(`${lang.code}: the privacy policy states the minimum age, the cookies and the last-updated date`, async ({
    page,
  }) => {
    const base = env('SOUK_E2E_URL');
    const main = await open(page, `${base}${lang.prefix}/privacy`, lang.texts.privacy.title, lang.dir);

    const children = main.getByRole('region', { name: lang.texts.privacy.childrenTitle });
    await expect(children).toContainText('16');
    const cookies = page.getByTestId('privacy-cookies').getByRole('listitem');
    await expect(cookies).toHaveCount(4);
    await expect(cookies.nth(0)).toContainText('7');
    await expect(cookies.nth(1)).toContainText('2');
    await expect(cookies.nth(2)).toContainText('365');
    const updated = await page.evaluate(
      (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-21T00:00:00Z')),
      lang.tag,
    );
    await expect(page.getByTestId('policy-updated')).toContainText(updated);
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(7);
  });

  test(`${lang.code}: the terms' contents link, followed with the keyboard, moves focus to its section`, async ({
    page,
  }) => {
    const base = env('SOUK_E2E_URL');
    // Darija on a phone (the tall sticky header), English on a desktop.
    if (lang.code === 'ma') await page.setViewportSize({ width: 390, height: 844 });
    const main = await open(page, `${base}${lang.prefix}/terms`, lang.texts.terms.title, lang.dir);

    const sections = lang.texts.terms.sections;
    const contents = page.getByRole('navigation', { name: lang.texts.common.contents });
    await expect(contents.getByRole('link')).toHaveCount(Object.keys(sections).length);
    await expect(main.getByRole('region', { name: sections.sellers.title })).toContainText(lang.twoWeeks);
    await expect(main.getByRole('link', { name: lang.texts.terms.returnsLink })).toHaveAttribute(
      'href',
      `${lang.prefix}/returns`,
    );

    const heading = main.getByRole('heading', { level: 2, name: sections.custom.title });
    await expect(heading).not.toBeInViewport();
    const link = contents.getByRole('link', { name: sections.custom.title });
    await link.focus();
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    expect(await isUncovered(heading), 'the heading is not hidden under the sticky header').toBe(true);
    await expect(page).toHaveURL(`${base}${lang.prefix}/terms#terms-custom`);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // The focus really moved: Tab goes on from the custom requests section to the next link, the returns section's.
    await page.keyboard.press('Tab');
    await expect(main.getByRole('region', { name: sections.returns.title }).getByRole('link')).toBeFocused();

    // A shared link to a section (a fresh tab) lands on it the same way once the texts have loaded.
    const shared = await page.context().newPage();
    await shared.goto(`${base}${lang.prefix}/terms#terms-returns`);
    const returns = shared.getByRole('main').getByRole('heading', { level: 2, name: sections.returns.title });
    await expect(returns).toBeFocused();
    await expect(returns).toBeInViewport();
    // A new tab is a new session: the initial loader covers the page for its 3 s first.
    await expect(shared.getByTestId('initial-loader')).toBeHidden({ timeout: 10_000 });
    expect(await isUncovered(returns)).toBe(true);
    await shared.close();
  });
}
