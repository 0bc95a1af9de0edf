/**
 * Accessibility of the main pages (issue 7): axe-core (WCAG 2.1 A/AA and best practices) finds no serious or
 * critical violation on home, listing, product, cart (with an item), checkout, orders, profile, community, a chat
 * thread with a shop, the contact page, the FAQ, returns, terms and tailoring pages, in Darija (the default, right to left, no path prefix) and in English
 * (/en/…), in the light theme; home also in the dark theme. Each page is checked once it shows its content
 * (skeletons gone), so the scan sees what a visitor sees.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoBlockingViolations, rememberLanguageAndTheme } from './a11y-helpers';
import { shopWithSeller } from './chat-helpers';
import { waitForLiveSync } from './helpers';
import { addFromProductPage, api, emptyServerCart, env, openSignedIn, pickProducts, runBuyer } from './order-helpers';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };

interface Target {
  name: string;
  path: string;
  /** Shown once the page has its content. */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

async function setUp(browser: Browser, lang: 'ma' | 'en', theme: 'light' | 'dark') {
  const base = env('SOUK_E2E_URL');
  const { user, token } = await runBuyer(base);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
  await rememberLanguageAndTheme(context, base, lang, theme);
  const page = await openSignedIn(context, base, user);
  return { base, token, context, page };
}

async function scan(page: Page, base: string, prefix: string, target: Target, label: string): Promise<void> {
  await page.goto(`${base}${prefix}${target.path}`);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(target.ready(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectNoBlockingViolations(page, `${label} ${prefix}${target.path}`);
}

for (const lang of ['ma', 'en'] as const) {
  test(`no serious or critical axe violation on the main pages in ${lang}, light theme`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { base, token, context, page } = await setUp(browser, lang, 'light');
    const prefix = lang === 'ma' ? '' : `/${lang}`;
    const [picked] = await pickProducts(base, 1);
    if (!picked) throw new Error('no product to order');
    const { product, variant } = picked;
    const { shop } = await shopWithSeller(base, 3);
    const opening = await api(base, token, 'POST', '/api/messages', {
      shop_id: shop.id,
      content: 'Salam, wach kayn had l9aftan f M?',
      client_ref: `e2e-a11y-${lang}-${Date.now().toString(36)}`,
    });
    expect([200, 201]).toContain(opening.status);
    await emptyServerCart(base, token);
    await addFromProductPage(page, base, product.id, variant, en.product.addToCart, en.product.added);
    await waitForLiveSync(page);

    const targets: Target[] = [
      { name: 'home', path: '/', ready: (p) => p.getByTestId('product-card') },
      { name: 'listing', path: '/products', ready: (p) => p.getByTestId('product-card') },
      { name: 'product', path: `/products/${product.id}`, ready: (p) => p.getByTestId('product-page') },
      { name: 'cart', path: '/cart', ready: (p) => p.getByTestId('cart-line') },
      { name: 'checkout', path: '/checkout', ready: (p) => p.getByTestId('shipping-form') },
      { name: 'orders', path: '/orders', ready: (p) => p.getByTestId('orders-count') },
      { name: 'profile', path: '/profile', ready: (p) => p.getByRole('tablist') },
      { name: 'community', path: '/community', ready: (p) => p.getByTestId('community-count') },
      { name: 'chat', path: `/community/messages/${shop.id}`, ready: (p) => p.getByTestId('chat-message') },
      { name: 'contact', path: '/contact', ready: (p) => p.getByTestId('contact-form') },
      { name: 'faq', path: '/faq', ready: (p) => p.getByTestId('faq-answer').first() },
      { name: 'returns', path: '/returns', ready: (p) => p.getByTestId('returns-panel-policy') },
      { name: 'terms', path: '/terms', ready: (p) => p.getByRole('heading', { level: 2 }).first() },
      { name: 'tailoring', path: '/tailoring', ready: (p) => p.getByTestId('tailor-card').first() },
    ];
    for (const target of targets) {
      await test.step(target.name, () => scan(page, base, prefix, target, `${lang} light`));
    }
    await context.close();
  });
}

test('no serious or critical axe violation on home in the dark theme, ma and en', async ({ browser }) => {
  const { base, context, page } = await setUp(browser, 'ma', 'dark');
  const home: Target = { name: 'home', path: '/', ready: (p) => p.getByTestId('product-card') };
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await scan(page, base, '', home, 'ma dark');
  await scan(page, base, '/en', home, 'en dark');
  await context.close();
});
