import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';

interface CategoryNode {
  id: number;
  name: string;
  name_en: string;
  name_ar: string;
  names: Record<string, string>;
  slug: string;
  image: string;
  itemCount: number;
  category_name_en: string;
  subcategories: CategoryNode[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 240 });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/categories/getAllCategories', () => {
  it('answers the tree: men, women, children with their subcategories', async () => {
    const res = await getJson<{ success: boolean; categories: CategoryNode[] }>(server.url, '/api/categories/getAllCategories');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.categories.map((c) => c.slug)).toEqual(['men', 'women', 'children']);
    for (const top of res.body.categories) {
      expect(top.subcategories.length).toBeGreaterThan(2);
      expect(top.name_ar).toMatch(/\p{Script=Arabic}/u);
      for (const sub of top.subcategories) {
        expect(Object.keys(sub).sort()).toEqual(
          ['id', 'name', 'name_en', 'name_ar', 'names', 'slug', 'image', 'itemCount', 'subcategories', 'category_name_en', 'gender', 'parent_id'].sort(),
        );
        expect(sub.slug.startsWith(`${top.slug}-`)).toBe(true);
        expect(sub.category_name_en).toBe(top.name_en);
        expect(sub.image).toBe(`/media/categories/${sub.slug}.svg`);
        expect(sub.subcategories).toEqual([]);
      }
      // A top category counts the products of all its subcategories.
      expect(top.itemCount).toBe(top.subcategories.reduce((n, s) => n + s.itemCount, 0));
    }
    const all = res.body.categories.flatMap((c) => c.subcategories);
    expect(new Set(all.map((c) => c.slug)).size).toBe(all.length);
    for (const kind of ['kaftan', 'djellaba', 'takchita', 'jabador', 'accessories', 'shoes']) {
      expect(all.some((c) => c.slug.endsWith(`-${kind}`)), kind).toBe(true);
    }
    // 'coming soon' needs empty subcategories; the rest are stocked.
    expect(all.filter((c) => c.itemCount === 0).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((c) => c.itemCount > 0).length).toBeGreaterThan(12);
  });

  it('item counts are the number of live products, as the listing counts them', async () => {
    const res = await getJson<{ categories: CategoryNode[] }>(server.url, '/api/categories/getAllCategories');
    for (const sub of res.body.categories.flatMap((c) => c.subcategories)) {
      const listing = await getJson<{ meta: { total: number } }>(server.url, `/api/products/all?category=${sub.slug}&per_page=1`);
      expect(listing.body.meta.total, sub.slug).toBe(sub.itemCount);
    }
  });

  it('filters by gender', async () => {
    const res = await getJson<{ categories: CategoryNode[] }>(server.url, '/api/categories/getAllCategories?gender=women');
    expect(res.body.categories.map((c) => c.slug)).toEqual(['women']);
  });

  it('answers names in Arabic for the ar locale and in Darija for ma', async () => {
    const ar = await getJson<{ categories: CategoryNode[] }>(server.url, '/api/categories/getAllCategories?locale=ar');
    const womenAr = ar.body.categories.find((c) => c.slug === 'women');
    expect(womenAr?.name).toBe(womenAr?.name_ar);
    const ma = await getJson<{ categories: CategoryNode[] }>(server.url, '/api/categories/getAllCategories?locale=ma');
    const women = ma.body.categories.find((c) => c.slug === 'women');
    expect(women?.name).toBe(women?.names.ma);
    expect(women?.name).toMatch(/\p{Script=Arabic}/u);
  });

  it('refuses an unknown gender with a 400 that names it', async () => {
    const res = await getJson<{ success: boolean; message: string }>(server.url, '/api/categories/getAllCategories?gender=aliens');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain("'gender'");
  });
});

describe('GET /api/categories/topCategories', () => {
  it('answers the top categories with their subcategories', async () => {
    const res = await getJson<{ success: boolean; categories: CategoryNode[] }>(server.url, '/api/categories/topCategories');
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c) => c.slug)).toEqual(['men', 'women', 'children']);
    expect(res.body.categories.every((c) => c.subcategories.length > 0)).toBe(true);
  });
});

describe('GET /api/categories/{id or slug}', () => {
  it('finds a category by slug and by id, with its subcategories', async () => {
    const bySlug = await getJson<{ success: boolean; category: CategoryNode }>(server.url, '/api/categories/women');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.category.slug).toBe('women');
    expect(bySlug.body.category.subcategories.length).toBeGreaterThan(0);
    const byId = await getJson<{ category: CategoryNode }>(server.url, `/api/categories/${bySlug.body.category.id}`);
    expect(byId.body.category).toEqual(bySlug.body.category);
    const sub = await getJson<{ category: CategoryNode }>(server.url, '/api/categories/women-kaftan');
    expect(sub.body.category.category_name_en).toBe('Women');
  });

  it('404s with the spec text for unknown ids and slugs', async () => {
    for (const key of ['999999', 'no-such-slug', '0', '-3', 'قفطان', 'x'.repeat(150)]) {
      const res = await getJson<{ success: boolean; message: string }>(server.url, `/api/categories/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'CATEGORY_NOT_FOUND', message: 'Category not found' });
    }
  });
});

describe('category documents', () => {
  it('replicate with item counts that follow soft deletes', async () => {
    const before = await pullAll(server.url, 'categories');
    const kaftan = before.documents.find((c) => c.slug === 'women-kaftan');
    const women = before.documents.find((c) => c.slug === 'women');
    expect(kaftan && women).toBeTruthy();
    const listing = await getJson<{ data: { id: number }[] }>(server.url, '/api/products/all?category=women-kaftan&per_page=1');
    const id = listing.body.data[0]?.id;
    if (id === undefined || !kaftan || !women) throw new Error('no kaftan to delete');
    await updateProduct(server, id, { deleted: true });

    const changed = await pullAll(server.url, 'categories', 100, before.checkpoint);
    const bySlug = new Map(changed.documents.map((c) => [c.slug, c]));
    expect(bySlug.get('women-kaftan')?.item_count).toBe(kaftan.item_count - 1);
    expect(bySlug.get('women')?.item_count).toBe(women.item_count - 1);
    expect(changed.documents).toHaveLength(2);
  });
});
