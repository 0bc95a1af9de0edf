import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_TYPES } from '../../src/domain/catalog';
import { runProductQuery } from '../../src/domain/product-query';
import { searchTerms, searchText, termsFoundIn } from '../../src/domain/search';
import { startTestServer, type TestServer } from '../helpers/server';
import { addShop } from './support/extra-shop';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';

interface ShopBody {
  id: number;
  name: string;
  name_ar: string;
  names: Record<string, string>;
  slug: string;
  status: string;
  logo: string;
  rating: number;
  products_count: number;
  is_featured: boolean;
  is_verified: boolean;
  store_type: { code: string; name: string; name_ar: string };
  profile: {
    store_name: string;
    store_name_ar: string;
    is_featured: boolean;
    is_verified: boolean;
    store_locations: { address: string; city: string }[];
  };
  [key: string]: unknown;
}
interface ShopList {
  success: boolean;
  data: ShopBody[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 240 });
});
afterAll(async () => {
  await server?.close();
});

const SHOP_FIELDS = [
  'name', 'name_ar', 'slug', 'status', 'logo', 'description', 'description_ar', 'location', 'rating', 'total_reviews',
  'reviews_count', 'products_count', 'followers', 'response_rate', 'response_time', 'joined_date', 'store_type', 'profile',
];

describe('GET /api/shops', () => {
  it('lists every shop with the spec shape and paging meta', async () => {
    const res = await getJson<ShopList>(server.url, '/api/shops?per_page=100&locale=en');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 100, total: res.body.data.length });
    expect(res.body.data.length).toBeGreaterThanOrEqual(12);
    for (const shop of res.body.data) {
      for (const f of SHOP_FIELDS) expect(shop, f).toHaveProperty(f);
      expect(shop.slug).toBe(shop.name.toLowerCase().replace(/\s+/g, '-'));
      expect(shop.name_ar).toMatch(/\p{Script=Arabic}/u);
      expect(shop.profile.store_name).toBe(shop.name);
      expect(shop.profile.store_locations).toHaveLength(1);
      expect(shop.store_type.name_ar).toMatch(/\p{Script=Arabic}/u);
    }
    expect(new Set(res.body.data.map((s) => s.store_type.code))).toEqual(new Set(STORE_TYPES));
    expect(res.body.data.filter((s) => s.status === 'suspended')).toHaveLength(1);
    // Featured shops come first.
    const featured = res.body.data.map((s) => s.is_featured);
    expect(featured).toEqual([...featured].sort((a, b) => Number(b) - Number(a)));
  });

  it('products_count is what the shop products listing totals', async () => {
    const res = await getJson<ShopList>(server.url, '/api/shops?per_page=100');
    for (const shop of res.body.data) {
      const products = await getJson<ShopList>(server.url, `/api/shops/${shop.slug}/products?per_page=1`);
      expect(products.body.meta.total, shop.slug).toBe(shop.products_count);
    }
  });

  it('filters by store type, featured, verified and search, and pages', async () => {
    const all = (await getJson<ShopList>(server.url, '/api/shops?per_page=100')).body.data;
    for (const type of STORE_TYPES) {
      const res = await getJson<ShopList>(server.url, `/api/shops?store_type=${type}&per_page=100`);
      expect(res.body.data.map((s) => s.id).sort()).toEqual(all.filter((s) => s.store_type.code === type).map((s) => s.id).sort());
    }
    const featured = await getJson<ShopList>(server.url, '/api/shops?featured=true&per_page=100');
    expect(featured.body.data.length).toBe(all.filter((s) => s.is_featured).length);
    expect(featured.body.data.length).toBeGreaterThan(0);
    const verified = await getJson<ShopList>(server.url, '/api/shops?verified=1&per_page=100');
    expect(verified.body.data.every((s) => s.is_verified)).toBe(true);
    // The search rule (src/domain/search.ts) over the shop's names in every language.
    const found = (s: ShopBody, query: string) => termsFoundIn(searchText(Object.values(s.names)), searchTerms(query));
    const search = await getJson<ShopList>(server.url, '/api/shops?search=KAFTAN&per_page=100');
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.data.every((s) => found(s, 'kaftan'))).toBe(true);
    expect(search.body.data.map((s) => s.id).sort()).toEqual(all.filter((s) => found(s, 'kaftan')).map((s) => s.id).sort());
    const caftan = await getJson<ShopList>(server.url, '/api/shops?search=caftan&per_page=100');
    expect(caftan.body.data.map((s) => s.id)).toEqual(search.body.data.map((s) => s.id));
    const arabic = await getJson<ShopList>(server.url, `/api/shops?search=${encodeURIComponent('دار')}&per_page=100`);
    expect(arabic.body.data.every((s) => found(s, 'دار'))).toBe(true);
    expect(arabic.body.data.length).toBeGreaterThan(0);

    const page2 = await getJson<ShopList>(server.url, '/api/shops?per_page=5&page=2');
    expect(page2.body.meta).toEqual({ current_page: 2, last_page: Math.ceil(all.length / 5), per_page: 5, total: all.length });
    expect(page2.body.data.map((s) => s.id)).toEqual(all.slice(5, 10).map((s) => s.id));
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['store_type=boutique', 'store_type'],
      ['featured=maybe', 'featured'],
      ['page=0', 'page'],
      ['per_page=1000', 'per_page'],
    ]) {
      const res = await getJson<{ success: boolean; message: string }>(server.url, `/api/shops?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toContain(`'${param}'`);
    }
  });
});

describe('GET /api/shops/{name}', () => {
  it('finds a shop by slug, by name, by id and by Arabic name', async () => {
    const all = (await getJson<ShopList>(server.url, '/api/shops?per_page=100&locale=en')).body.data;
    const shop = all[2];
    if (!shop) throw new Error('no shops');
    for (const key of [shop.slug, shop.name, String(shop.id), shop.name_ar, shop.name.toUpperCase()]) {
      const res = await getJson<{ success: boolean; data: ShopBody }>(server.url, `/api/shops/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(200);
      expect(res.body.data.id).toBe(shop.id);
    }
  });

  it('shows the suspended shop with its status', async () => {
    const res = await getJson<ShopList>(server.url, '/api/shops?status=suspended');
    const suspended = res.body.data[0];
    expect(suspended?.status).toBe('suspended');
    const one = await getJson<{ data: ShopBody }>(server.url, `/api/shops/${suspended?.slug}`);
    expect(one.body.data.status).toBe('suspended');
  });

  it('404s with the spec text', async () => {
    for (const key of ['no-such-shop', '987654', '-1', '💥', '01', '0001']) {
      const res = await getJson(server.url, `/api/shops/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'SHOP_NOT_FOUND', message: 'Shop not found' });
    }
  });
});

describe('GET /api/shops/{shop}/products', () => {
  it('answers the shop products with the listing rules and meta', async () => {
    const docs = (await pullAll(server.url, 'products')).documents.filter((d) => !d._deleted);
    const shops = (await getJson<ShopList>(server.url, '/api/shops?per_page=100')).body.data;
    const shop = shops.find((s) => s.products_count > 10);
    if (!shop) throw new Error('no shop with products');
    for (const sort of ['newest', 'price-low-high', 'popular'] as const) {
      const expected = runProductQuery(docs, { shopId: shop.id, sort, perPage: 7, page: 2 });
      const res = await getJson<{ success: boolean; data: { id: number; shop: { id: number } }[]; meta: ShopList['meta'] }>(
        server.url,
        `/api/shops/${shop.slug}/products?sort=${sort}&per_page=7&page=2`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.map((p) => String(p.id))).toEqual(expected.items.map((d) => d.id));
      expect(res.body.meta.total).toBe(expected.total);
      expect(res.body.data.every((p) => p.shop.id === shop.id)).toBe(true);
    }
  });

  it('404s for an unknown shop and 400s for a bad sort', async () => {
    expect((await getJson(server.url, '/api/shops/nobody/products')).status).toBe(404);
    expect((await getJson(server.url, '/api/shops/1/products?sort=cheapest')).status).toBe(400);
  });
});

describe('shop search beyond ASCII', () => {
  it('ignores case and accents (É finds é, e and back), and searches the Arabic name too', async () => {
    const own = await startTestServer({ products: 0 });
    try {
      await addShop(own.db, 'Élégance de Fès', 'أناقة فاس');
      await addShop(own.db, 'ÉCLAT ÉTÉ', 'بريق الصيف');
      const names = async (search: string) =>
        (await getJson<ShopList>(own.url, `/api/shops?per_page=100&locale=en&search=${encodeURIComponent(search)}`)).body.data
          .map((s) => s.name)
          .sort();
      for (const search of ['élégance', 'ÉLÉGANCE', 'Élégance DE fÈs', 'FÈS', 'أناقة', 'elegance', 'ELEGANCE de fes', 'إناقة']) {
        expect(await names(search), search).toEqual(['Élégance de Fès']);
      }
      for (const search of ['été', 'ÉTÉ', 'éclat', 'ete', 'eclat ete']) expect(await names(search), search).toEqual(['ÉCLAT ÉTÉ']);
      // Every word must be found (in one name or across them).
      expect(await names('élégance été')).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
