/**
 * The non-listing query kinds: product, related, categories, category,
 * topSubcategories, shops, shop. Expectations are computed here from the
 * fixtures with plain array code, so the RxDB queries are checked against an
 * independent statement of each rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_CATEGORY_STRIP_MAX,
  RELATED_DEFAULT_LIMIT,
  type CategoryDoc,
  type ProductDoc,
  type ShopDoc,
} from '../../src/domain/catalog';
import type { SoukDatabase } from '../../src/db/database';
import { runDataQuery } from '../../src/db/queries/query-api';
import { makeCategories, makeProducts, makeShops } from './support/catalog-fixtures';
import { insertCatalog, openTestDatabase } from './support/test-db';

const byIdString = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** sales desc, then id string desc: the 'popular' order. */
function popularOrder(a: ProductDoc, b: ProductDoc): number {
  return b.sales_count - a.sales_count || -byIdString(a, b);
}

function expectedRelated(all: ProductDoc[], product: ProductDoc, limit: number): string[] {
  const sameCategory = all.filter((p) => p.id !== product.id && p.category_slug === product.category_slug).sort(popularOrder);
  const sameGender = all
    .filter((p) => p.gender === product.gender && p.category_slug !== product.category_slug)
    .sort(popularOrder);
  return [...sameCategory, ...sameGender].slice(0, limit).map((p) => p.id);
}

/** GET /api/shops's order (src/server/repositories/shop-reads.ts): featured first, then rating desc, then id as text. */
function expectedShops(all: ShopDoc[], featured: boolean | undefined, limit?: number): string[] {
  return all
    .filter((s) => featured === undefined || s.is_featured === featured)
    .sort((a, b) => Number(b.is_featured) - Number(a.is_featured) || b.rating - a.rating || byIdString(a, b))
    .slice(0, limit ?? Infinity)
    .map((s) => s.id);
}

describe('lookups and lists', () => {
  let db: SoukDatabase;
  let products: ProductDoc[];
  let categories: CategoryDoc[];
  let shops: ShopDoc[];

  beforeAll(async () => {
    products = makeProducts(200, 11);
    categories = makeCategories();
    shops = makeShops(9);
    db = await openTestDatabase();
    await insertCatalog(db, { products, categories, shops });
  });
  afterAll(async () => {
    await db?.remove();
  });

  it('product: the plain document by id, or null', async () => {
    const p = products[17]!;
    const found = await runDataQuery(db, { kind: 'product', id: p.id });
    expect(found).toEqual(p);
    expect(Object.keys(found ?? {}).some((k) => k.startsWith('_') || k.startsWith('q_'))).toBe(false);
    expect(await runDataQuery(db, { kind: 'product', id: '999999999' })).toBeNull();
  });

  it('related: same subcategory first, then same gender, by popularity, never itself, default limit 4', async () => {
    for (const p of products.slice(0, 25)) {
      const related = await runDataQuery(db, { kind: 'related', id: p.id });
      expect(related.map((d) => d.id)).toEqual(expectedRelated(products, p, RELATED_DEFAULT_LIMIT));
      const many = await runDataQuery(db, { kind: 'related', id: p.id, limit: 90 });
      expect(many.map((d) => d.id)).toEqual(expectedRelated(products, p, 90));
      expect(many.some((d) => d.gender !== p.gender)).toBe(false);
    }
    expect(await runDataQuery(db, { kind: 'related', id: 'nope' })).toEqual([]);
  });

  it('related: crosses into the same gender when the subcategory runs out', async () => {
    const bySlug = new Map<string, number>();
    for (const p of products) bySlug.set(p.category_slug, (bySlug.get(p.category_slug) ?? 0) + 1);
    const p = products.find((x) => (bySlug.get(x.category_slug) ?? 0) < 90)!;
    const many = await runDataQuery(db, { kind: 'related', id: p.id, limit: 90 });
    expect(many.some((d) => d.category_slug !== p.category_slug)).toBe(true);
  });

  it('categories: by gender and/or parent, ordered by parent, position, id', async () => {
    const order = (a: CategoryDoc, b: CategoryDoc) => a.parent_id - b.parent_id || a.position - b.position || byIdString(a, b);
    for (const f of [{}, { gender: 'women' as const }, { parentId: 0 }, { parentId: 2 }, { gender: 'men' as const, parentId: 1 }]) {
      const got = await runDataQuery(db, { kind: 'categories', ...f });
      const want = categories
        .filter((c) => (f as { gender?: string }).gender === undefined || c.gender === (f as { gender?: string }).gender)
        .filter((c) => (f as { parentId?: number }).parentId === undefined || c.parent_id === (f as { parentId?: number }).parentId)
        .sort(order);
      expect(got, JSON.stringify(f)).toEqual(want);
    }
  });

  it('category: by id, by slug (case-insensitive), or null', async () => {
    const c = categories.find((x) => x.parent_id !== 0)!;
    expect(await runDataQuery(db, { kind: 'category', slugOrId: c.id })).toEqual(c);
    expect(await runDataQuery(db, { kind: 'category', slugOrId: c.slug })).toEqual(c);
    expect(await runDataQuery(db, { kind: 'category', slugOrId: ` ${c.slug.toUpperCase()} ` })).toEqual(c);
    expect(await runDataQuery(db, { kind: 'category', slugOrId: 'no-such' })).toBeNull();
    expect(await runDataQuery(db, { kind: 'category', slugOrId: '424242' })).toBeNull();
  });

  it('topSubcategories: children of the top categories in position order, flattened, max 12 by default', async () => {
    const tops = categories.filter((c) => c.parent_id === 0).sort((a, b) => a.position - b.position);
    const flat = tops.flatMap((t) =>
      categories.filter((c) => c.parent_id === Number(t.id)).sort((a, b) => a.position - b.position || byIdString(a, b)),
    );
    expect(flat.length).toBeGreaterThan(3);
    expect(await runDataQuery(db, { kind: 'topSubcategories' })).toEqual(flat.slice(0, HOME_CATEGORY_STRIP_MAX));
    expect(await runDataQuery(db, { kind: 'topSubcategories', limit: 3 })).toEqual(flat.slice(0, 3));
    // The fixture orders top categories by position against their ids: women (id 2) comes first.
    expect((await runDataQuery(db, { kind: 'topSubcategories', limit: 1 }))[0]?.gender).toBe('women');
  });

  it('shops: featured filter, featured first, then rating, then id; limit', async () => {
    for (const featured of [undefined, true, false]) {
      for (const limit of [undefined, 2, 100]) {
        const got = await runDataQuery(db, { kind: 'shops', featured, limit });
        expect(got.map((s) => s.id), JSON.stringify({ featured, limit })).toEqual(expectedShops(shops, featured, limit));
      }
    }
    const all = await runDataQuery(db, { kind: 'shops' });
    expect(all[0]).toEqual(shops.find((s) => s.id === all[0]?.id));
  });

  it('shop: by id, slug, name (slugified) or Arabic name; null otherwise', async () => {
    const s = shops[4]!;
    for (const key of [s.id, s.slug, s.name, ` ${s.name.toUpperCase()} `, s.name_ar]) {
      expect(await runDataQuery(db, { kind: 'shop', slugOrId: key }), key).toEqual(s);
    }
    expect(await runDataQuery(db, { kind: 'shop', slugOrId: 'nobody' })).toBeNull();
    expect(await runDataQuery(db, { kind: 'shop', slugOrId: '' })).toBeNull();
  });
});
