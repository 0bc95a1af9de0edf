/**
 * Live queries: every kind emits its current result, then a new one after a
 * write that changes it; listing pages keep their total in step with the items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDoc, ProductDoc, ProductQuery, ShopDoc } from '../../src/domain/catalog';
import { runProductQuery } from '../../src/domain/product-query';
import type { SoukDatabase } from '../../src/db/database';
import { toStoredProduct, toStoredShop } from '../../src/db/query-fields';
import { runDataQuery, watchDataQuery } from '../../src/db/queries/query-api';
import { makeCategories, makeProducts, makeShops } from './support/catalog-fixtures';
import { record } from './support/emissions';
import { insertCatalog, openTestDatabase } from './support/test-db';

const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

describe('live queries', () => {
  let db: SoukDatabase;
  let products: ProductDoc[];
  let categories: CategoryDoc[];
  let shops: ShopDoc[];

  beforeAll(async () => {
    products = makeProducts(150, 5);
    categories = makeCategories();
    shops = makeShops(6);
    db = await openTestDatabase();
    await insertCatalog(db, { products, categories, shops });
  });
  afterAll(async () => {
    await db?.remove();
  });

  async function putProduct(doc: ProductDoc) {
    await db.products.upsert(toStoredProduct(doc));
    products = [...products.filter((p) => p.id !== doc.id), doc];
  }

  it('products: page and total follow price changes, stock changes, deletes and inserts', async () => {
    const query: ProductQuery = { inStock: true, sort: 'price-low-high', perPage: 10 };
    const states = [runProductQuery(products, query)];
    const rec = record(watchDataQuery(db, { kind: 'products', query }));
    await rec.until((p) => JSON.stringify(p) === JSON.stringify(states[0]), 5000, 'initial page');

    // The most expensive in-stock product becomes one of the cheapest: it moves onto page 1.
    const target = [...products].filter((p) => p.in_stock).sort((a, b) => b.effective_price - a.effective_price)[0]!;
    await putProduct({ ...target, price: 0.01, discount_price: null, has_discount: false, discount_percent: 0, effective_price: 0.01 });
    states.push(runProductQuery(products, query));
    expect(ids(states[1]!.items)).toContain(target.id);
    expect(ids(states[0]!.items)).not.toContain(target.id);
    await rec.until((p) => JSON.stringify(p) === JSON.stringify(states[1]), 5000, 'moved to top');

    // Out of stock: it leaves the listing and the total drops by one.
    await putProduct({ ...products.find((p) => p.id === target.id)!, stock_quantity: 0, in_stock: false });
    states.push(runProductQuery(products, query));
    expect(states[2]!.total).toBe(states[1]!.total - 1);
    await rec.until((p) => JSON.stringify(p) === JSON.stringify(states[2]), 5000, 'out of stock');

    // Soft delete of the cheapest remaining one.
    const first = states[2]!.items[0]!;
    await (await db.products.findOne(first.id).exec())!.remove();
    products = products.filter((p) => p.id !== first.id);
    states.push(runProductQuery(products, query));
    await rec.until((p) => JSON.stringify(p) === JSON.stringify(states[3]), 5000, 'deleted');

    // A new in-stock product appears.
    const fresh = { ...products.find((p) => p.in_stock)!, id: '777777', sku: 'NEW', effective_price: 1, price: 1, discount_price: null, has_discount: false, discount_percent: 0 };
    await putProduct(fresh);
    states.push(runProductQuery(products, query));
    await rec.until((p) => JSON.stringify(p) === JSON.stringify(states[4]), 5000, 'inserted');

    // Never a page whose items and total come from different states.
    const known = new Set(states.map((s) => JSON.stringify(s)));
    for (const v of rec.values) expect(known.has(JSON.stringify(v)), `unexpected emission total=${v.total}`).toBe(true);
    rec.stop();
  });

  it('product: emits the new document after an update, null after a delete', async () => {
    const p = products.find((x) => x.stock_quantity > 0)!;
    const rec = record(watchDataQuery(db, { kind: 'product', id: p.id }));
    await rec.until((d) => d?.id === p.id);
    await putProduct({ ...p, stock_quantity: p.stock_quantity + 5 });
    const updated = await rec.until((d) => d?.stock_quantity === p.stock_quantity + 5);
    expect(updated).toEqual(products.find((x) => x.id === p.id));
    await (await db.products.findOne(p.id).exec())!.remove();
    await rec.until((d) => d === null);
    rec.stop();
  });

  it('related: a product whose sales jump moves to the front', async () => {
    const p = products[3]!;
    const rec = record(watchDataQuery(db, { kind: 'related', id: p.id }));
    const initial = await rec.until(() => true);
    expect(initial).toEqual(await runDataQuery(db, { kind: 'related', id: p.id }));
    const sibling = products.find((x) => x.id !== p.id && x.category_slug === p.category_slug && !ids(initial).includes(x.id));
    if (!sibling) throw new Error('fixture: no sibling outside the related set');
    await putProduct({ ...sibling, sales_count: 1_000_000 });
    await rec.until((r) => r[0]?.id === sibling.id);
    rec.stop();
  });

  it('categories, topSubcategories, category: follow position and name changes', async () => {
    const tops = record(watchDataQuery(db, { kind: 'topSubcategories', limit: 2 }));
    const one = record(watchDataQuery(db, { kind: 'category', slugOrId: 'men-shoes' }));
    const before = await tops.until(() => true);
    await one.until((c) => c?.slug === 'men-shoes');
    // Move the men top category before everything: its subcategories lead the strip.
    const men = categories.find((c) => c.slug === 'men')!;
    await db.categories.upsert({ ...men, position: 0, id: men.id });
    const women = categories.find((c) => c.slug === 'women')!;
    await db.categories.upsert({ ...women, position: 9 });
    await tops.until((r) => r[0]?.gender === 'men');
    expect(before[0]?.gender).toBe('women');
    const shoes = categories.find((c) => c.slug === 'men-shoes')!;
    await db.categories.upsert({ ...shoes, name_en: 'Men shoes & babouches' });
    await one.until((c) => c?.name_en === 'Men shoes & babouches');
    tops.stop();
    one.stop();
  });

  it('shops and shop: follow featured, rating and status changes', async () => {
    const list = record(watchDataQuery(db, { kind: 'shops' }));
    const initial = await list.until(() => true);
    const last = shops.find((s) => s.id === initial.at(-1)?.id)!;
    expect(last.is_featured).toBe(false);
    await db.shops.upsert(toStoredShop({ ...last, is_featured: true, rating: 5 }));
    await list.until((r) => r[0]?.id === last.id);
    const single = record(watchDataQuery(db, { kind: 'shop', slugOrId: last.slug }));
    await single.until((s) => s?.rating === 5);
    await db.shops.upsert(toStoredShop({ ...last, is_featured: true, status: 'suspended', rating: 5 }));
    await single.until((s) => s?.status === 'suspended');
    list.stop();
    single.stop();
  });

  it('stops emitting after unsubscribe', async () => {
    const p = products.find((x) => x.in_stock)!;
    const rec = record(watchDataQuery(db, { kind: 'product', id: p.id }));
    await rec.until((d) => d?.id === p.id);
    rec.stop();
    const count = rec.values.length;
    await putProduct({ ...p, sales_count: p.sales_count + 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(rec.values.length).toBe(count);
  });
});
