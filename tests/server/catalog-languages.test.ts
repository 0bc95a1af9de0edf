/**
 * Catalogue answers in the request's language (issue 22, docs/CATALOGUE.md "Languages"): `name`, `description` and
 * `category` of products, categories, shops and tailors follow `?locale=`, else the path's language prefix, else the
 * Referer's, else Accept-Language, else Darija; a missing language falls back along ma → ar → fr → en, then
 * whatever exists; every answer carries every language held; answers chosen by headers say so in Vary, and the
 * listing cache keeps one reply per language.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textIn, type LocalizedText } from '../../src/domain/catalog-text';
import { resolveRequestLanguage } from '../../src/server/http/request-language';
import { startTestServer, type TestServer } from '../helpers/server';
import { getJson } from './support/http';

const LANGS = ['ma', 'ar', 'fr', 'en', 'es', 'de'] as const;
/** A text per language, each its own: `label-ma`, `label-ar`, ... */
const every = (label: string): LocalizedText => Object.fromEntries(LANGS.map((l) => [l, `${label}-${l}`]));

let server: TestServer;
let productId: number;
let onlyEnglish: number;
let onlyArabic: number;
let categoryId: number;
let categorySlug: string;
let shopId: number;
let tailorId: number;

beforeAll(async () => {
  server = await startTestServer({ products: 40 });
  const repos = server.app.repos;
  const ids = (await server.db.kysely.selectFrom('products').select(['id', 'category_id', 'shop_id']).where('deleted', '=', 0).orderBy('id').limit(3).execute());
  const [first, second, third] = ids;
  if (!first || !second || !third) throw new Error('seed lacks products');
  productId = first.id;
  onlyEnglish = second.id;
  onlyArabic = third.id;
  categoryId = first.category_id;
  shopId = first.shop_id;
  await repos.products.writeTexts(productId, { names: { map: every('Name') }, descriptions: { map: every('Description') } });
  await repos.products.writeTexts(onlyEnglish, { names: { map: { en: 'Only English' } }, descriptions: { map: { en: 'English description' } } });
  await repos.products.writeTexts(onlyArabic, { names: { map: { ar: 'عربي فقط' } }, descriptions: { map: { ar: 'وصف عربي' } } });
  const category = await repos.categories.writeTexts(categoryId, { map: every('Category') });
  categorySlug = category?.slug ?? '';
  await repos.shops.writeTexts(shopId, { names: { map: every('Shop') }, descriptions: { map: every('About') } });
  const tailor = await server.db.kysely.selectFrom('tailors').select('id').orderBy('id').executeTakeFirstOrThrow();
  tailorId = Number(tailor.id);
  await server.db.kysely.updateTable('tailors').set({ bios_json: JSON.stringify(every('Bio')) }).where('id', '=', tailorId).execute();
});
afterAll(async () => {
  await server?.close();
});

interface Product {
  id: number;
  name: string;
  description: string;
  category: string;
  names: LocalizedText;
  descriptions: LocalizedText;
  category_names: LocalizedText;
  shop: { id: number; name: string; names: LocalizedText };
}
interface Category {
  id: number;
  name: string;
  names: LocalizedText;
  subcategories: Category[];
}
interface Shop {
  id: number;
  name: string;
  description: string;
  names: LocalizedText;
  descriptions: LocalizedText;
  store_type: { code: string; name: string; name_ar: string; names: LocalizedText };
  profile: { store_name: string };
}
interface Tailor {
  tailor_id: number;
  bio: string;
  bios: LocalizedText;
  specialties: string[];
  specialty_names: LocalizedText[];
}

/** Each endpoint with what names our fixture in its answer. */
const ENDPOINTS: { label: string; path: () => string; text: (body: unknown) => string | undefined }[] = [
  {
    label: 'product details',
    path: () => `/api/products/${productId}/details`,
    text: (b) => (b as { data: Product }).data.name,
  },
  {
    label: 'product listing',
    path: () => `/api/products/all?per_page=100&category=${categorySlug}`,
    text: (b) => (b as { data: Product[] }).data.find((p) => p.id === productId)?.name,
  },
  {
    label: 'categories',
    path: () => '/api/categories/getAllCategories',
    text: (b) => (b as { categories: Category[] }).categories.flatMap((c) => [c, ...c.subcategories]).find((c) => c.id === categoryId)?.name,
  },
  {
    label: 'one category',
    path: () => `/api/categories/${categoryId}`,
    text: (b) => (b as { category: Category }).category.name,
  },
  {
    label: 'shops',
    path: () => '/api/shops?per_page=100',
    text: (b) => (b as { data: Shop[] }).data.find((s) => s.id === shopId)?.name,
  },
  {
    label: 'one shop',
    path: () => `/api/shops/${shopId}`,
    text: (b) => (b as { data: Shop }).data.name,
  },
  {
    label: 'tailors',
    path: () => '/api/v1/tailors',
    text: (b) => (b as { data: Tailor[] }).data.find((t) => t.tailor_id === tailorId)?.bio,
  },
  {
    label: 'one tailor',
    path: () => `/api/v1/tailors/${tailorId}`,
    text: (b) => (b as { data: Tailor }).data.bio,
  },
];

/** The path with `?locale=` (or `&locale=`) added. */
const withLocale = (path: string, locale: string) => `${path}${path.includes('?') ? '&' : '?'}locale=${locale}`;
/** The language a fixture's text names (the suffix of `label-xx`). */
const languageOf = (text: string | undefined) => text?.split('-').pop();

describe('the language of an answer: ?locale= > path > Referer > Accept-Language > Darija', () => {
  it.each(ENDPOINTS.map((e) => [e.label, e] as const))('%s', async (_label, endpoint) => {
    const ask = async (path: string, headers: Record<string, string> = {}) => {
      const res = await getJson(server.url, path, headers);
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
      return { language: languageOf(endpoint.text(res.body)), vary: res.headers.get('vary') ?? '' };
    };
    const path = endpoint.path();
    const referer = (lang: string) => `http://127.0.0.1/${lang}/products/1`;

    // ?locale= wins over everything; the answer then does not depend on the headers.
    const byQuery = await ask(withLocale(path, 'fr'), { referer: referer('de'), 'accept-language': 'es' });
    expect(byQuery.language).toBe('fr');
    expect(byQuery.vary.toLowerCase()).not.toContain('accept-language');
    expect((await ask(withLocale(path, 'ar-MA'))).language).toBe('ma');
    expect((await ask(withLocale(path, 'AR'))).language).toBe('ar');
    // Then the Referer's language prefix (the PWA's pages are /{lang}/...).
    const byReferer = await ask(path, { referer: referer('de'), 'accept-language': 'es' });
    expect(byReferer.language).toBe('de');
    expect(byReferer.vary.toLowerCase()).toContain('referer');
    expect(byReferer.vary.toLowerCase()).toContain('accept-language');
    expect((await ask(path, { referer: 'http://127.0.0.1/ar', 'accept-language': 'es' })).language).toBe('ar');
    // A Referer without a language prefix: Accept-Language, its best-rated language among the six.
    expect((await ask(path, { referer: 'http://127.0.0.1/products/1', 'accept-language': 'es-ES,fr;q=0.8' })).language).toBe('es');
    expect((await ask(path, { 'accept-language': 'it;q=1, fr;q=0.5, de;q=0.9' })).language).toBe('de');
    expect((await ask(path, { 'accept-language': 'ar-MA' })).language).toBe('ma');
    expect((await ask(path, { 'accept-language': 'ar-EG,ar;q=0.9' })).language).toBe('ar');
    expect((await ask(path, { 'accept-language': 'en-GB' })).language).toBe('en');
    // Nothing that names one of the six: Darija.
    expect((await ask(path, { 'accept-language': 'it, *;q=0.1' })).language).toBe('ma');
    expect((await ask(path)).language).toBe('ma');
  });

  it('takes the language prefix of a route path that has one, after ?locale=', () => {
    const request = (url: string, headers: Record<string, string> = {}) => ({ url, query: {}, headers }) as unknown as FastifyRequest;
    expect(resolveRequestLanguage(request('/fr/api/anything', { referer: 'http://x/de/', 'accept-language': 'es' }))).toEqual({ language: 'fr', source: 'path' });
    expect(resolveRequestLanguage(request('/french/api', { 'accept-language': 'es' }))).toEqual({ language: 'es', source: 'accept-language' });
    const withQuery = { url: '/fr/x?locale=de', query: { locale: 'de' }, headers: {} } as unknown as FastifyRequest;
    expect(resolveRequestLanguage(withQuery)).toEqual({ language: 'de', source: 'query' });
    // An empty ?locale= counts as absent (the routes' rule); a junk one is the route's 400, not a language here.
    expect(resolveRequestLanguage({ url: '/api/x?locale=', query: { locale: '' }, headers: {} } as unknown as FastifyRequest).source).toBe('default');
  });
});

describe('fallback along ma → ar → fr → en, then whatever exists', () => {
  it('a product held only in English reads English in German; one held only in Arabic reads Arabic in French', async () => {
    const en = await getJson<{ data: Product }>(server.url, `/api/products/${onlyEnglish}/details?locale=de`);
    expect(en.body.data).toMatchObject({ name: 'Only English', description: 'English description', names: { en: 'Only English' }, descriptions: { en: 'English description' } });
    expect(en.body.data.names).toEqual({ en: 'Only English' });
    const ar = await getJson<{ data: Product }>(server.url, `/api/products/${onlyArabic}/details?locale=fr`);
    expect(ar.body.data).toMatchObject({ name: 'عربي فقط', description: 'وصف عربي' });
    expect(ar.body.data.names).toEqual({ ar: 'عربي فقط' });
    // In Darija too: ma is missing, so ar.
    expect((await getJson<{ data: Product }>(server.url, `/api/products/${onlyArabic}/details?locale=ma`)).body.data.name).toBe('عربي فقط');
    // The spec's fields stay filled: name_en falls back along the chain, name_ar is the Arabic.
    expect(ar.body.data).toMatchObject({ name_en: 'عربي فقط', name_ar: 'عربي فقط' });
    expect(en.body.data).toMatchObject({ name_en: 'Only English', name_ar: 'Only English' });
  });
});

describe('every answer carries every language it holds', () => {
  it('products: names, descriptions, category_names and the shop names, in details, listings, related and home rows', async () => {
    const details = (await getJson<{ data: Product }>(server.url, `/api/products/${productId}/details?locale=es`)).body.data;
    expect(details).toMatchObject({
      name: 'Name-es',
      description: 'Description-es',
      category: 'Category-es',
      names: every('Name'),
      descriptions: every('Description'),
      category_names: every('Category'),
      shop: { id: shopId, name: 'Shop-es', names: every('Shop') },
    });
    const listing = (await getJson<{ data: Product[] }>(server.url, `/api/products/all?per_page=100&locale=de&category=${categorySlug}`)).body.data;
    expect(listing.find((p) => p.id === productId)).toMatchObject({ name: 'Name-de', category: 'Category-de', names: every('Name'), category_names: every('Category') });
    for (const p of listing) {
      expect(Object.keys(p.names).length, String(p.id)).toBeGreaterThan(0);
      expect(p.category_names, String(p.id)).toEqual(every('Category'));
    }
    const related = (await getJson<{ products: Product[] }>(server.url, `/api/products/${onlyEnglish}/related?limit=24&locale=fr`)).body.products;
    for (const p of related) expect(p.names, String(p.id)).toBeDefined();
    const home = (await getJson<{ data: Product[] }>(server.url, '/api/products/womens?locale=fr&limit=24')).body.data;
    expect(home.length).toBeGreaterThan(0);
    for (const p of home) {
      expect(p.name, String(p.id)).toBe(textIn(p.names, 'fr'));
      expect(p.shop.names, String(p.id)).toBeDefined();
    }
  });

  it('categories: names; shops: names, descriptions and the store type names; tailors: bios and specialty names', async () => {
    const category = (await getJson<{ category: Category }>(server.url, `/api/categories/${categoryId}?locale=fr`)).body.category;
    expect(category).toMatchObject({ name: 'Category-fr', names: every('Category') });
    const tree = (await getJson<{ categories: Category[] }>(server.url, '/api/categories/getAllCategories')).body.categories;
    for (const c of tree.flatMap((t) => [t, ...t.subcategories])) {
      // The seed names every category in all six languages.
      expect(Object.keys(c.names).sort(), String(c.id)).toEqual([...LANGS].sort());
    }
    const shop = (await getJson<{ data: Shop }>(server.url, `/api/shops/${shopId}?locale=de`)).body.data;
    expect(shop).toMatchObject({ name: 'Shop-de', description: 'About-de', names: every('Shop'), descriptions: every('About'), profile: { store_name: 'Shop-de' } });
    expect(Object.keys(shop.store_type.names).sort()).toEqual([...LANGS].sort());
    expect(shop.store_type.name).toBe(shop.store_type.names.de);
    const tailor = (await getJson<{ data: Tailor }>(server.url, `/api/v1/tailors/${tailorId}?locale=en`)).body.data;
    expect(tailor).toMatchObject({ bio: 'Bio-en', bios: every('Bio') });
    expect(tailor.specialty_names).toHaveLength(tailor.specialties.length);
    for (const names of tailor.specialty_names) expect(Object.keys(names).length).toBeGreaterThan(0);
  });
});

describe('answers chosen by headers: Vary and the listing cache', () => {
  it('one URL asked with two Accept-Languages gets two answers, each kept and served again in its language', async () => {
    const path = `/api/products/all?per_page=100&category=${categorySlug}&sort=price-low-high`;
    const name = (text: string) => (JSON.parse(text) as { data: Product[] }).data.find((p) => p.id === productId)?.name;
    const get = async (language: string, etag?: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: { 'accept-language': language, ...(etag ? { 'if-none-match': etag } : {}) } });
      return { status: res.status, vary: res.headers.get('vary') ?? '', etag: res.headers.get('etag') ?? '', text: await res.text() };
    };
    const fr = await get('fr-FR');
    const de = await get('de-DE');
    expect(name(fr.text)).toBe('Name-fr');
    expect(name(de.text)).toBe('Name-de');
    expect(fr.vary.toLowerCase()).toContain('accept-language');
    expect(fr.etag).not.toBe(de.etag);
    // Again, now from the cache: each language its own reply.
    const frAgain = await get('fr');
    const deAgain = await get('de');
    expect(frAgain.text).toBe(fr.text);
    expect(deAgain.text).toBe(de.text);
    // The French ETag is not the German answer's: a German reader asking with it gets the German body.
    expect((await get('fr', fr.etag)).status).toBe(304);
    const deWithFrenchTag = await get('de', fr.etag);
    expect(deWithFrenchTag.status).toBe(200);
    expect(name(deWithFrenchTag.text)).toBe('Name-de');
    // Compressed copies too (br/gzip made once per cached reply): decoded, each is its language's.
    const br = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'es', 'accept-encoding': 'br' } });
    expect(br.headers.get('vary')?.toLowerCase()).toContain('accept-language');
    expect(br.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(name(await br.text())).toBe('Name-es');
  });

  it('a reply decided by ?locale= does not vary on the language headers', async () => {
    const res = await fetch(`${server.url}/api/categories/getAllCategories?locale=fr`, { headers: { 'accept-language': 'de' } });
    expect(res.headers.get('vary')?.toLowerCase() ?? '').not.toContain('accept-language');
    const tree = (await res.json()) as { categories: Category[] };
    expect(tree.categories.flatMap((c) => c.subcategories).find((c) => c.id === categoryId)?.name).toBe('Category-fr');
  });
});
