/**
 * Who sees a product (issue 23, docs/SELLERS.md "Sign-up and shop status"): only while its shop is active and it is
 * published. Suspending a shop takes its products out of listings (totals and filters included, cached or not),
 * details and related products (404), home sections, search, shop product lists, category and shop counts, and sends
 * their tombstones at the next pull; reactivating brings them all back. The shop itself stays listed, suspended.
 * Unpublishing a product (products.published = 0) does the same for that product; activating a pending shop makes
 * its published products public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../src/sync/protocol';
import { writeTransaction } from '../../src/server/db/write-transaction';
import { applyProductVisibility, VISIBILITY_TABLES } from '../../src/server/repositories/product-visibility';
import { authHeaders, requestJson } from '../helpers/auth';
import { adminLogin, registerBuyer, startAccountServer, type Account, type AccountServer } from './support/account-server';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';
import { patchShop, signUpSeller, verifyPhone } from './support/seller-signup';

let server: AccountServer;
let admin: Account;

beforeAll(async () => {
  server = await startAccountServer({ products: 60 });
  admin = await adminLogin(server);
});
afterAll(async () => {
  await server?.close();
});

interface ListReply {
  data: { id: number }[];
  meta: { total: number };
}
interface Category {
  id: number;
  itemCount: number;
  subcategories?: Category[];
}

const ids = (r: { body: ListReply }) => r.body.data.map((p) => p.id);
const all = () => getJson<ListReply>(server.url, '/api/products/all?per_page=100');

async function categoryCounts(): Promise<Map<number, number>> {
  const res = await getJson<{ categories: Category[] }>(server.url, '/api/categories/getAllCategories');
  const out = new Map<number, number>();
  const walk = (list: Category[]) => {
    for (const c of list) {
      out.set(c.id, c.itemCount);
      walk(c.subcategories ?? []);
    }
  };
  walk(res.body.categories);
  return out;
}

/** The shop with the most live products, and them. */
async function busiestShop() {
  const rows = await server.db.kysely
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['shops.id', 'shops.slug', (eb) => eb.fn.countAll<number>().as('n')])
    .where('products.deleted', '=', 0)
    .where('shops.status', '=', 'active')
    .groupBy(['shops.id', 'shops.slug'])
    .orderBy('n', 'desc')
    .orderBy('shops.id')
    .execute();
  const shop = rows[0];
  if (!shop) throw new Error('no shop with products');
  const products = await server.db.kysely.selectFrom('products').select(['id', 'name', 'category_id', 'gender']).where('shop_id', '=', shop.id).where('deleted', '=', 0).orderBy('id').execute();
  return { id: Number(shop.id), slug: shop.slug, products };
}

async function lastCheckpoint(): Promise<Checkpoint | null> {
  return (await pullAll(server.url, 'products', 500)).checkpoint;
}

describe('suspending and reactivating a shop', () => {
  it('takes its products out of every public read and the pulls, and brings them back', async () => {
    const shop = await busiestShop();
    expect(shop.products.length).toBeGreaterThan(1);
    const productIds = shop.products.map((p) => p.id);
    const [first] = shop.products;
    if (!first) throw new Error('no product');
    const other = await server.db.kysely.selectFrom('products').select('id').where('category_id', '=', first.category_id).where('shop_id', '<>', shop.id).where('deleted', '=', 0).executeTakeFirst();

    // Before: everywhere, and the listing cached (asked twice).
    const before = await all();
    await all();
    const totalBefore = before.body.meta.total;
    expect((await getJson(server.url, `/api/products/${first.id}/details`)).status).toBe(200);
    const countsBefore = await categoryCounts();
    const checkpoint = await lastCheckpoint();
    const shopProductsBefore = await getJson<ListReply>(server.url, `/api/shops/${shop.slug}/products?per_page=100`);
    expect(shopProductsBefore.body.meta.total).toBe(productIds.length);

    const res = await patchShop(server, admin.token, shop.id, { status: 'suspended', reason: 'Counterfeits reported' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'suspended', products_count: 0 });

    // Listings (the cached one too), their totals, filters and search.
    const after = await all();
    expect(after.body.meta.total).toBe(totalBefore - productIds.length);
    for (const id of productIds) expect(ids(after)).not.toContain(id);
    const filtered = await getJson<ListReply>(server.url, `/api/products/all?per_page=100&gender=${first.gender}&sort=price-low-high`);
    for (const id of productIds) expect(ids(filtered)).not.toContain(id);
    const searched = await getJson<ListReply>(server.url, `/api/products/all?per_page=100&search=${encodeURIComponent(first.name)}`);
    expect(ids(searched)).not.toContain(first.id);
    for (const section of ['mens', 'womens', 'childrens']) {
      const s = await getJson<{ data: { id: number }[] }>(server.url, `/api/products/${section}?limit=100`);
      for (const id of productIds) expect(s.body.data.map((p) => p.id), section).not.toContain(id);
    }
    // Details and related: 404; related products of another product leave them out.
    expect((await getJson(server.url, `/api/products/${first.id}/details`)).status).toBe(404);
    expect((await getJson(server.url, `/api/products/${first.id}/related`)).status).toBe(404);
    if (other) {
      const related = await getJson<{ products: { id: number }[] }>(server.url, `/api/products/${other.id}/related?limit=24`);
      for (const id of productIds) expect(related.body.products.map((p) => p.id)).not.toContain(id);
    }
    // The shop stays listed and shown, suspended, without products.
    const page = await getJson<{ data: { status: string; products_count: number } }>(server.url, `/api/shops/${shop.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'suspended', products_count: 0 });
    const shops = await getJson<{ data: { id: number; status: string }[] }>(server.url, '/api/shops?per_page=100');
    expect(shops.body.data.find((s) => s.id === shop.id)?.status).toBe('suspended');
    const shopProducts = await getJson<ListReply>(server.url, `/api/shops/${shop.slug}/products?per_page=100`);
    expect(shopProducts.body.meta.total).toBe(0);
    expect(shopProducts.body.data).toEqual([]);
    // Category counts drop by the shop's products.
    const countsAfter = await categoryCounts();
    const perCategory = new Map<number, number>();
    for (const p of shop.products) perCategory.set(p.category_id, (perCategory.get(p.category_id) ?? 0) + 1);
    for (const [categoryId, n] of perCategory) expect(countsAfter.get(categoryId)).toBe((countsBefore.get(categoryId) ?? 0) - n);
    // The next pull brings their tombstones; a fresh pull has them deleted too.
    const since = await pullAll(server.url, 'products', 500, checkpoint);
    const gone = since.documents.filter((d) => productIds.includes(Number(d.id)));
    expect(gone.map((d) => Number(d.id)).sort((a, b) => a - b)).toEqual(productIds);
    expect(gone.every((d) => d._deleted)).toBe(true);
    const shopDoc = (await pullAll(server.url, 'shops', 500)).documents.find((d) => d.id === String(shop.id));
    expect(shopDoc).toMatchObject({ status: 'suspended', products_count: 0, _deleted: false });

    // Reactivated: everything back.
    const back = await patchShop(server, admin.token, shop.id, { status: 'active' });
    expect(back.status).toBe(200);
    expect(back.body.data.products_count).toBe(productIds.length);
    expect((await all()).body.meta.total).toBe(totalBefore);
    expect((await getJson(server.url, `/api/products/${first.id}/details`)).status).toBe(200);
    expect(await categoryCounts()).toEqual(countsBefore);
    expect((await getJson<ListReply>(server.url, `/api/shops/${shop.slug}/products?per_page=100`)).body.meta.total).toBe(productIds.length);
    const again = await pullAll(server.url, 'products', 500, since.checkpoint);
    const returned = again.documents.filter((d) => productIds.includes(Number(d.id)));
    expect(returned).toHaveLength(productIds.length);
    expect(returned.every((d) => !d._deleted)).toBe(true);
  });
});

describe('unpublished products and pending shops', () => {
  it('hides an unpublished product (published = 0) like a suspended shop\'s, and shows it again when published', async () => {
    const shop = await busiestShop();
    const [product] = shop.products;
    if (!product) throw new Error('no product');
    const checkpoint = await lastCheckpoint();
    const announce = async () => {
      const result = await writeTransaction(server.db, VISIBILITY_TABLES, (tx) => applyProductVisibility(tx, { productIds: [product.id] }));
      for (const change of result.changes) server.db.changes.publish(change);
      return result;
    };
    await all(); // cached
    await server.db.kysely.updateTable('products').set({ published: 0 }).where('id', '=', product.id).execute();
    expect((await announce()).changedProductIds).toEqual([product.id]);
    expect((await getJson(server.url, `/api/products/${product.id}/details`)).status).toBe(404);
    expect(ids(await all())).not.toContain(product.id);
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.find((d) => Number(d.id) === product.id)?._deleted).toBe(true);
    // Nothing to change a second time: no stamp.
    expect((await announce()).changedProductIds).toEqual([]);

    await server.db.kysely.updateTable('products').set({ published: 1 }).where('id', '=', product.id).execute();
    expect((await announce()).changedProductIds).toEqual([product.id]);
    expect((await getJson(server.url, `/api/products/${product.id}/details`)).status).toBe(200);
    expect(ids(await all())).toContain(product.id);
    const back = await pullAll(server.url, 'products', 500, pulled.checkpoint);
    expect(back.documents.find((d) => Number(d.id) === product.id)?._deleted).toBe(false);
  });

  it('answers a follow of a pending shop 404 SHOP_NOT_FOUND, and lets it be followed once active', async () => {
    const seller = await signUpSeller(server);
    const buyer = await registerBuyer(server, 'follower');
    const follow = () => requestJson<{ code?: string }>(server.url, 'POST', `/api/shops/${seller.shopId}/follow`, undefined, authHeaders(buyer.token));
    const refused = await follow();
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('SHOP_NOT_FOUND');
    expect((await getJson(server.url, `/api/shops/${seller.shopId}/following`)).status).toBe(404);
    await verifyPhone(server, seller.token, seller.phone);
    expect((await patchShop(server, admin.token, seller.shopId, { status: 'active' })).status).toBe(200);
    expect((await follow()).status).toBe(200);
  });

  it('makes a pending shop\'s published products public when the shop is activated, and keeps unpublished ones hidden', async () => {
    const seller = await signUpSeller(server);
    const template = await server.db.kysely.selectFrom('products').selectAll().where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const variants = await server.db.kysely.selectFrom('product_variants').selectAll().where('product_id', '=', template.id).execute();
    // Two products written as the seller's form writes them in a pending shop: not public (deleted = 1).
    const inserted: number[] = [];
    for (const [i, published] of [1, 0].entries()) {
      const { id: _id, ...rest } = template;
      const row = await server.db.kysely
        .insertInto('products')
        .values({ ...rest, shop_id: seller.shopId, sku: `PEND-${seller.shopId}-${i}`, published, deleted: 1, updated_at: Number(template.updated_at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db.kysely.insertInto('product_variants').values(variants.map(({ id: _v, ...v }) => ({ ...v, product_id: row.id, sku: `${v.sku}-P${row.id}` }))).execute();
      inserted.push(row.id);
    }
    const [publishedId, draftId] = inserted as [number, number];
    expect((await getJson(server.url, `/api/products/${publishedId}/details`)).status).toBe(404);
    const checkpoint = await lastCheckpoint();

    await verifyPhone(server, seller.token, seller.phone);
    const res = await patchShop(server, admin.token, seller.shopId, { status: 'active' });
    expect(res.status).toBe(200);
    expect(res.body.data.products_count).toBe(1);
    expect((await getJson(server.url, `/api/products/${publishedId}/details`)).status).toBe(200);
    expect((await getJson(server.url, `/api/products/${draftId}/details`)).status).toBe(404);
    expect(ids(await all())).toContain(publishedId);
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.find((d) => Number(d.id) === publishedId)?._deleted).toBe(false);
    expect(pulled.documents.map((d) => Number(d.id))).not.toContain(draftId);
  });
});
