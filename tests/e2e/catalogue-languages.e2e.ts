/**
 * The catalogue in every language (issue 22), in Chromium against the real server and its six-language seed:
 * - the home page (product cards, the category strip), a listing (cards, a category's heading) and a product page
 *   (name, category, description) read in fr, es, de, ar and ma, each text the language's own (textIn over the
 *   maps the sync brought; the French home page shows no English product or category name the seed translated);
 *   then a language picked in the app without a reload: the product page's description follows it;
 * - ?search=caftan, jellaba and قفطان find kaftans and djellabas in the order of the reference listing
 *   (src/domain/product-query.ts and search.ts), online and then with the network off (the local listing alone:
 *   nothing reaches the server).
 */
import { expect, test, type Page } from '@playwright/test';
import type { CategoryDoc, ProductDoc } from '../../src/domain/catalog';
import { textIn, type LocalizedText } from '../../src/domain/catalog-text';
import { runProductQuery } from '../../src/domain/product-query';
import { PROTOCOL_VERSION, type Checkpoint } from '../../src/sync/protocol';
import { env, fetchAllProducts, waitForLiveSync, waitForServiceWorkerControl } from './helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

const LANGUAGES = ['fr', 'es', 'de', 'ar', 'ma'] as const;
const PER_PAGE = 24;
const TAGS: Record<(typeof LANGUAGES)[number], string> = { fr: 'fr', es: 'es', de: 'de', ar: 'ar', ma: 'ar-MA' };

async function fetchAllCategories(base: string): Promise<Map<string, CategoryDoc>> {
  const byId = new Map<string, CategoryDoc>();
  let checkpoint: Checkpoint | null = null;
  for (;;) {
    const q = new URLSearchParams({ v: String(PROTOCOL_VERSION), limit: '1000' });
    if (checkpoint) {
      q.set('updatedAt', String(checkpoint.updatedAt));
      q.set('id', checkpoint.id);
    }
    const res = await fetch(`${base}/api/sync/categories/pull?${q}`);
    if (!res.ok) throw new Error(`pull categories: HTTP ${res.status}`);
    const body = (await res.json()) as { documents: (CategoryDoc & { _deleted: boolean })[]; checkpoint: Checkpoint | null };
    if (body.documents.length === 0) return byId;
    for (const doc of body.documents) {
      if (doc._deleted) byId.delete(doc.id);
      else byId.set(doc.id, doc);
    }
    checkpoint = body.checkpoint;
  }
}

interface CardText {
  id: string;
  name: string;
  category: string;
}

/** The product cards on the page: id, the name (the card's heading) and the category line. */
function cardTexts(page: Page): Promise<CardText[]> {
  return page.locator('article[data-testid="product-card"]').evaluateAll((cards) =>
    cards.map((card) => ({
      id: card.getAttribute('data-product-id') ?? '',
      name: card.querySelector('h2, h3')?.textContent?.trim() ?? '',
      category: card.querySelector('[data-testid="product-card-category"]')?.textContent?.trim() ?? '',
    })),
  );
}

/** The category strip: each entry's slug (from its link) and the name shown. */
function stripTexts(page: Page): Promise<{ slug: string; name: string }[]> {
  return page.getByTestId('category-name').evaluateAll((names) =>
    names.map((name) => ({
      slug: decodeURIComponent((name.closest('a')?.getAttribute('href') ?? '').split('/categories/')[1] ?? ''),
      name: name.textContent?.trim() ?? '',
    })),
  );
}

function cardIds(page: Page): Promise<string[]> {
  return page.locator('article[data-testid="product-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id') ?? ''));
}

/** Every card shows the product's name and category in `language` (the maps' text, along the fallback chain). */
function expectCardsIn(cards: CardText[], products: Map<string, ProductDoc>, language: string): void {
  expect(cards.length, `${language}: cards on the page`).toBeGreaterThan(0);
  for (const card of cards) {
    const product = products.get(card.id);
    if (!product) throw new Error(`a card shows product ${card.id}, which the server does not have`);
    expect(card.name, `${language}: the name of product ${card.id}`).toBe(textIn(product.names, language));
    expect(card.category, `${language}: the category of product ${card.id}`).toBe(textIn(product.category_names, language));
  }
}

/** The texts of `texts` held in fr and different from their English: those an English name would betray. */
const translated = (texts: LocalizedText) => texts.fr !== undefined && texts.en !== undefined && texts.fr !== texts.en;

test('home, a listing and a product page read in fr, es, de, ar and ma, catalogue text included', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const products = await fetchAllProducts(base);
  const categories = [...(await fetchAllCategories(base)).values()];
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  for (const language of LANGUAGES) {
    expect([...products.values()].some((p) => p.names[language] !== undefined), `the seed names products in ${language}`).toBe(true);
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/fr/`);
  await waitForLiveSync(page);

  for (const language of LANGUAGES) {
    // Home: the product cards of every row and the category strip.
    await page.goto(`${base}/${language}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', TAGS[language]);
    await expect(page.locator('article[data-testid="product-card"]').first()).toBeVisible();
    await expect(page.getByTestId('category-name').first()).toBeVisible();
    const cards = await cardTexts(page);
    expectCardsIn(cards, products, language);
    const strip = await stripTexts(page);
    expect(strip.length, `${language}: the category strip`).toBeGreaterThan(0);
    for (const entry of strip) {
      const category = bySlug.get(entry.slug);
      if (!category) throw new Error(`the strip links to category ${entry.slug}, which the server does not have`);
      expect(entry.name, `${language}: category ${entry.slug}`).toBe(textIn(category.names, language));
    }
    if (language === 'fr') {
      // The seed translates them: French names, not English ones.
      const shown = [
        ...cards.flatMap((c) => {
          const p = products.get(c.id);
          return p ? [{ texts: p.names, text: c.name }, { texts: p.category_names, text: c.category }] : [];
        }),
        ...strip.flatMap((e) => {
          const c = bySlug.get(e.slug);
          return c ? [{ texts: c.names, text: e.name }] : [];
        }),
      ].filter((s) => translated(s.texts));
      expect(shown.length, 'catalogue texts on the French home page that French and English spell differently').toBeGreaterThan(5);
      for (const s of shown) expect(s.text, 'an English text on the French home page').not.toBe(s.texts.en);
    }

    // A listing: the cards, and a category page's heading.
    await page.goto(`${base}/${language}/products`);
    await expect.poll(() => cardIds(page)).toEqual(runProductQuery([...products.values()], { perPage: PER_PAGE }).items.map((p) => p.id));
    expectCardsIn(await cardTexts(page), products, language);
    const kaftans = categories.find((c) => c.slug === 'women-kaftan') ?? categories.find((c) => c.parent_id !== 0);
    if (!kaftans) throw new Error('the seed has no subcategory');
    await page.goto(`${base}/${language}/categories/${kaftans.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(textIn(kaftans.names, language));
    await expect(page.locator('article[data-testid="product-card"]').first()).toBeVisible();
    expectCardsIn(await cardTexts(page), products, language);

    // A product page: name, category and description.
    const product = [...products.values()].find((p) => p.names[language] !== undefined && p.descriptions[language] !== undefined);
    if (!product) throw new Error(`the seed has no product with a name and description in ${language}`);
    await page.goto(`${base}/${language}/products/${product.id}`);
    const productPage = page.getByTestId('product-page');
    await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(textIn(product.names, language));
    await expect(productPage.getByTestId('product-category')).toHaveText(textIn(product.category_names, language));
    await expect(productPage.getByTestId('product-description')).toHaveText(textIn(product.descriptions, language));
  }

  // A language picked in the app, without a reload: the stored products' descriptions follow it (the worker pulls
  // them again in German: docs/CATALOGUE.md, "In the app"), name and description alike.
  const product = [...products.values()].find((p) => p.descriptions.de !== undefined && p.descriptions.ma !== undefined && p.descriptions.de !== p.descriptions.ma);
  if (!product) throw new Error('the seed has no product described in German and Darija');
  await page.goto(`${base}/ma/products/${product.id}`);
  const productPage = page.getByTestId('product-page');
  await expect(productPage.getByTestId('product-description')).toHaveText(textIn(product.descriptions, 'ma'));
  await page.getByTestId('language-switcher').first().selectOption('de');
  await expect(page).toHaveURL(`${base}/de/products/${product.id}`);
  await expect(productPage.getByRole('heading', { level: 1 })).toHaveText(textIn(product.names, 'de'));
  await expect(productPage.getByTestId('product-description')).toHaveText(textIn(product.descriptions, 'de'));
  await expect(productPage.getByTestId('product-description')).not.toHaveAttribute('lang');
  await context.close();
});

test('?search=caftan, jellaba and قفطان find kaftans and djellabas, online and offline', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const control = env('SOUK_E2E_CONTROL');
  const docs = [...(await fetchAllProducts(base)).values()];
  const searches = [
    { q: 'caftan', garment: /kaftan/ },
    { q: 'jellaba', garment: /djellaba/ },
    { q: 'قفطان', garment: /kaftan/ },
  ];
  const expected = searches.map(({ q, garment }) => {
    const page = runProductQuery(docs, { search: q, perPage: PER_PAGE });
    expect(page.total, `the reference finds ${q}`).toBeGreaterThan(0);
    // Kaftans (djellabas): in the garment's categories, or so named in English.
    for (const p of page.items) expect(`${p.category_slug} ${p.names.en ?? ''}`.toLowerCase(), `${q}: product ${p.id}`).toMatch(garment);
    return { q, ids: page.items.map((p) => p.id) };
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/fr/`);
  await waitForServiceWorkerControl(page);
  await waitForLiveSync(page);

  for (const { q, ids } of expected) {
    await page.goto(`${base}/fr/products?q=${encodeURIComponent(q)}`);
    await expect.poll(() => cardIds(page), `online: ${q}`).toEqual(ids);
  }

  await context.setOffline(true);
  const seqAtOffline = await lastRequestSeq(control);
  for (const { q, ids } of expected) {
    const answered = await page.goto(`${base}/fr/products?q=${encodeURIComponent(q)}`);
    expect(answered?.fromServiceWorker(), 'the offline navigation is answered by the service worker').toBe(true);
    await expect.poll(() => cardIds(page), `offline: ${q}`).toEqual(ids);
  }
  // The header's search box, offline and in Spanish: the URL takes the query and the local listing answers.
  await page.goto(`${base}/es/products`);
  const box = page.locator('#site-search');
  await box.fill('jilaba');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]q=jilaba(&|$)/);
  await expect.poll(() => cardIds(page)).toEqual(runProductQuery(docs, { search: 'jilaba', perPage: PER_PAGE }).items.map((p) => p.id));
  expect(await requestsSince(control, seqAtOffline), 'requests that reached the server while offline').toEqual([]);
  await context.close();
});
