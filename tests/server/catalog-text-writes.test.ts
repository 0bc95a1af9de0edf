/**
 * The write API for catalogue texts (issue 22, docs/CATALOGUE.md "Writing texts"): PATCH /api/admin/products/{id},
 * /api/admin/categories/{id} and /api/admin/shops/{id} take `names` and `descriptions` ({ma?, ar?, fr?, en?, es?,
 * de?}) and the spec's pair (`name` counts as English when names.en is absent); at least one language, names up to
 * 200 characters, descriptions up to 5,000; 422 VALIDATION naming the field. Admins and managers only. The change
 * reaches the sync pull and search at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../src/domain/catalog';
import { DESCRIPTION_MAX, NAME_MAX } from '../../src/domain/catalog-text';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { authHeaders } from '../helpers/auth';
import { adminLogin, login, registerBuyer, startAccountServer, type Account, type AccountServer, type ErrorBody } from './support/account-server';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';

let server: AccountServer;
let admin: Account;
let manager: Account;
let buyer: Account;
let productId: number;
let categoryId: number;
let shopId: number;

beforeAll(async () => {
  server = await startAccountServer({ products: 30 });
  admin = await adminLogin(server);
  const m = await registerBuyer(server, 'manager');
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', m.userId).execute();
  manager = { ...m, token: await login(server, m.email, m.password) };
  buyer = await registerBuyer(server, 'buyer');
  const product = await server.db.kysely.selectFrom('products').select(['id', 'category_id', 'shop_id']).where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  productId = product.id;
  categoryId = product.category_id;
  shopId = product.shop_id;
});
afterAll(async () => {
  await server?.close();
});

interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}
async function patch<T = Record<string, unknown>>(path: string, body: unknown, token: string | null, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(token ? authHeaders(token) : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

interface ProductAnswer {
  success: true;
  data: { id: number; name: string; name_en: string; name_ar: string; description: string; names: Record<string, string>; descriptions: Record<string, string> };
}

const row = (id: number) => server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PATCH /api/admin/products/{id}', () => {
  it('refuses a body without any language, a 201-character name, a 5,001-character description, and unknown languages', async () => {
    const before = await row(productId);
    const cases: [unknown, string, string][] = [
      [{}, 'names', 'The names field is required.'],
      [{ names: {} }, 'names', 'The names must hold at least one language.'],
      [{ names: { fr: '   ', en: null } }, 'names', 'The names must hold at least one language.'],
      [{ descriptions: {} }, 'descriptions', 'The descriptions must hold at least one language.'],
      [{ names: { fr: 'x'.repeat(NAME_MAX + 1) } }, 'names.fr', 'The names.fr may not be greater than 200 characters.'],
      [{ name: 'x'.repeat(NAME_MAX + 1) }, 'name', 'The name may not be greater than 200 characters.'],
      [{ descriptions: { de: 'x'.repeat(DESCRIPTION_MAX + 1) } }, 'descriptions.de', 'The descriptions.de may not be greater than 5000 characters.'],
      [{ description: 'x'.repeat(DESCRIPTION_MAX + 1) }, 'description', 'The description may not be greater than 5000 characters.'],
      [{ names: { it: 'Caffettano' } }, 'names', 'The names may only hold the languages ma, ar, fr, en, es, de.'],
      [{ names: 'Kaftan' }, 'names', 'The names must be an object with the keys ma, ar, fr, en, es, de.'],
      [{ names: { en: 42 } }, 'names.en', 'The names.en must be a string.'],
      [{ names: { en: 'Bad\u0000name' } }, 'names.en', 'The names.en must not contain control characters.'],
    ];
    for (const [body, parameter, message] of cases) {
      const res = await patch<ErrorBody>(`/api/admin/products/${productId}`, body, admin.token);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', message });
      expect(res.body.errors?.[0]).toEqual({ parameter, message });
    }
    // 200 and 5,000 characters are fine; nothing was written by the refusals.
    expect(await row(productId)).toEqual(before);
    const atLimits = await patch<ProductAnswer>(`/api/admin/products/${productId}`, { names: { fr: 'n'.repeat(NAME_MAX) }, descriptions: { fr: 'd'.repeat(DESCRIPTION_MAX) } }, admin.token);
    expect(atLimits.status).toBe(200);
    expect(atLimits.body.data.names).toEqual({ fr: 'n'.repeat(NAME_MAX) });
  });

  it('replaces the maps, answers with them in the request language, fills the spec columns, and the pull carries it', async () => {
    const { checkpoint } = await pullAll(server.url, 'products');
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((c) => announced.push(c));
    const names = { ma: 'قفطان ديال العرس', ar: 'قفطان العرس', fr: 'Caftan de mariage', en: 'Wedding Kaftan', es: 'Caftán de boda', de: 'Hochzeitskaftan Zafirah' };
    const descriptions = { fr: '  Brodé à la main.  ', en: 'Hand embroidered.' };
    let res: Answer<ProductAnswer>;
    try {
      res = await patch<ProductAnswer>(`/api/admin/products/${productId}?locale=es`, { names, descriptions }, admin.token);
    } finally {
      unsubscribe();
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data).toMatchObject({
      name: 'Caftán de boda',
      name_en: 'Wedding Kaftan',
      name_ar: 'قفطان العرس',
      names,
      description: 'Brodé à la main.',
      descriptions: { fr: 'Brodé à la main.', en: 'Hand embroidered.' },
    });
    const stored = await row(productId);
    expect(stored).toMatchObject({ name: 'Wedding Kaftan', name_ar: 'قفطان العرس', description: 'Hand embroidered.', description_ar: '' });
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.map((d) => d.id)).toEqual([String(productId)]);
    expect(pulled.documents[0]).toMatchObject({ names, descriptions: { fr: 'Brodé à la main.', en: 'Hand embroidered.' }, name: 'Wedding Kaftan' });
    expect(announced).toEqual([{ collection: 'products', checkpoint: { updatedAt: Number(stored.updated_at), id: String(productId) } }]);
    // Search finds it by its new names at once (the listing cache was emptied by the change).
    const found = await getJson<{ data: { id: number }[] }>(server.url, `/api/products/all?search=${encodeURIComponent('ZAFIRAH')}`);
    expect(found.body.data.map((p) => p.id)).toEqual([productId]);
  });

  it('takes the spec pair: name counts as English unless names.en is given, name_ar as Arabic', async () => {
    await patch(`/api/admin/products/${productId}`, { names: { fr: 'Caftan', en: 'Kaftan' } }, admin.token);
    // The pair alone changes only its languages.
    const pairOnly = await patch<ProductAnswer>(`/api/admin/products/${productId}`, { name: 'Royal Kaftan', name_ar: 'قفطان ملكي' }, admin.token);
    expect(pairOnly.body.data.names).toEqual({ ar: 'قفطان ملكي', fr: 'Caftan', en: 'Royal Kaftan' });
    // With a map: name fills en when the map has none, and gives way when it has one.
    const withMap = await patch<ProductAnswer>(`/api/admin/products/${productId}`, { names: { de: 'Kaftan' }, name: 'Kaftan EN' }, admin.token);
    expect(withMap.body.data.names).toEqual({ en: 'Kaftan EN', de: 'Kaftan' });
    const mapWins = await patch<ProductAnswer>(`/api/admin/products/${productId}`, { names: { en: 'From the map' }, name: 'From the pair' }, admin.token);
    expect(mapWins.body.data.names).toEqual({ en: 'From the map' });
    const described = await patch<ProductAnswer>(`/api/admin/products/${productId}`, { description: 'English only', description_ar: 'بالعربية' }, admin.token);
    expect(described.body.data.descriptions).toMatchObject({ en: 'English only', ar: 'بالعربية' });
    expect(await row(productId)).toMatchObject({ name: 'From the map', description: 'English only', description_ar: 'بالعربية' });
  });

  it('keeps the spec name columns filled when English or Arabic is missing: the next along the chain', async () => {
    await patch(`/api/admin/products/${productId}`, { names: { fr: 'Seulement en français' } }, admin.token);
    expect(await row(productId)).toMatchObject({ name: 'Seulement en français', name_ar: 'Seulement en français' });
    const de = await getJson<{ data: { name: string } }>(server.url, `/api/products/${productId}/details?locale=de`);
    expect(de.body.data.name).toBe('Seulement en français');
  });

  it('is for admins and managers: a user 403, a guest 401, an unknown or deleted product 404', async () => {
    const body = { names: { en: 'Managed' } };
    expect((await patch(`/api/admin/products/${productId}`, body, manager.token)).status).toBe(200);
    const before = await row(productId);
    const asBuyer = await patch<ErrorBody>(`/api/admin/products/${productId}`, { names: { en: 'Hijacked' } }, buyer.token);
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('FORBIDDEN');
    const asGuest = await patch<ErrorBody>(`/api/admin/products/${productId}`, { names: { en: 'Hijacked' } }, null);
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.code).toBe('UNAUTHENTICATED');
    // A user learns nothing about the body from a 422: the role is checked first.
    expect((await patch(`/api/admin/products/${productId}`, {}, buyer.token)).status).toBe(403);
    expect(await row(productId)).toEqual(before);
    for (const id of ['987654', 'abc', '0']) {
      const res = await patch<ErrorBody>(`/api/admin/products/${id}`, body, admin.token);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    }
    const deleted = await server.db.kysely.selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await server.app.repos.products.update(deleted.id, { deleted: true });
    expect((await patch(`/api/admin/products/${deleted.id}`, body, admin.token)).status).toBe(404);
  });
});

describe('PATCH /api/admin/categories/{id} and /api/admin/shops/{id}', () => {
  it('renames a category in six languages; its products are pulled again with the new category names', async () => {
    const products = await pullAll(server.url, 'products');
    const categories = await pullAll(server.url, 'categories');
    const names = { ma: 'قفاطن', ar: 'قفاطين', fr: 'Caftans', en: 'Kaftans', es: 'Caftanes', de: 'Festkleider' };
    const res = await patch<{ data: { name: string; names: Record<string, string>; name_en: string } }>(`/api/admin/categories/${categoryId}`, { names }, manager.token, {
      'accept-language': 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Festkleider', name_en: 'Kaftans', names });
    const pulledCategories = await pullAll(server.url, 'categories', 500, categories.checkpoint);
    expect(pulledCategories.documents.map((d: CategoryDoc) => [d.id, d.names])).toEqual([[String(categoryId), names]]);
    const pulledProducts = await pullAll(server.url, 'products', 500, products.checkpoint);
    const inCategory = products.documents.filter((d: ProductDoc) => d.category_id === categoryId);
    expect(inCategory.length).toBeGreaterThan(0);
    expect(pulledProducts.documents.map((d) => d.id).sort()).toEqual(inCategory.map((d) => d.id).sort());
    for (const d of pulledProducts.documents) expect(d.category_names, d.id).toEqual(names);
    // `name_en` is the category's spec field: accepted like `name`.
    const byPair = await patch<{ data: { names: Record<string, string> } }>(`/api/admin/categories/${categoryId}`, { name_en: 'Caftans (EN)' }, admin.token);
    expect(byPair.body.data.names).toEqual({ ...names, en: 'Caftans (EN)' });
    // Found by its category's new names.
    const search = await getJson<{ data: { id: number }[]; meta: { total: number } }>(server.url, '/api/products/all?per_page=100&search=FESTKLEIDER');
    expect(search.body.meta.total).toBe(inCategory.filter((d) => !d._deleted).length);
    expect((await patch<ErrorBody>(`/api/admin/categories/${categoryId}`, { names: { fr: 'x'.repeat(201) } }, admin.token)).body.errors?.[0]?.parameter).toBe('names.fr');
    expect((await patch<ErrorBody>('/api/admin/categories/987654', { names }, admin.token)).status).toBe(404);
    expect((await patch<ErrorBody>(`/api/admin/categories/${categoryId}`, { names }, buyer.token)).status).toBe(403);
  });

  it("sets a shop's names and descriptions; the shop and its products are pulled again", async () => {
    const shops = await pullAll(server.url, 'shops');
    const products = await pullAll(server.url, 'products');
    const res = await patch<{ data: { name: string; description: string; names: Record<string, string>; descriptions: Record<string, string> } }>(
      `/api/admin/shops/${shopId}?locale=fr`,
      { names: { fr: 'Maison du Caftan', en: 'House of Kaftan', ar: 'دار القفطان' }, descriptions: { fr: 'Depuis 1962.' } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Maison du Caftan', description: 'Depuis 1962.', descriptions: { fr: 'Depuis 1962.' } });
    const pulledShops = await pullAll(server.url, 'shops', 500, shops.checkpoint);
    expect(pulledShops.documents.map((d: ShopDoc) => [d.id, d.name, d.names])).toEqual([
      [String(shopId), 'House of Kaftan', { ar: 'دار القفطان', fr: 'Maison du Caftan', en: 'House of Kaftan' }],
    ]);
    // Product documents carry the shop's English name.
    const pulledProducts = await pullAll(server.url, 'products', 500, products.checkpoint);
    expect(pulledProducts.documents.length).toBeGreaterThan(0);
    for (const d of pulledProducts.documents) {
      expect(d.shop_id).toBe(shopId);
      expect(d.shop_name).toBe('House of Kaftan');
    }
    const found = await getJson<{ data: { id: number }[] }>(server.url, `/api/shops?search=${encodeURIComponent('maison caftan')}`);
    expect(found.body.data.map((s) => s.id)).toEqual([shopId]);
  });
});
