import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountPercent, type ProductDoc } from '../../src/domain/catalog';
import type { ProductVariantResponse } from '../../src/server/http/product-response';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';

interface ProductBody {
  [key: string]: unknown;
  id: number;
  name: string;
  name_ar: string;
  category_id: number;
  category_slug: string;
  price: number;
  discount_price: number | null;
  variants: ProductVariantResponse[];
  shop: { id: number; name: string; name_ar: string; slug: string };
}

let server: TestServer;
let docs: (ProductDoc & { _deleted: boolean })[];
beforeAll(async () => {
  server = await startTestServer({ products: 200 });
  docs = (await pullAll(server.url, 'products')).documents;
});
afterAll(async () => {
  await server?.close();
});

const SPEC_FIELDS = [
  'id', 'name', 'name_ar', 'price', 'main_image', 'image_url', 'images', 'has_discount', 'discount_price',
  'discount_percentage', 'original_price', 'rating', 'reviews_count', 'category', 'category_ar', 'category_id',
  'category_slug', 'stock_quantity', 'stock_status', 'in_stock', 'customizable', 'handmade', 'is_express',
  'description', 'description_ar', 'sku', 'colors', 'sizes', 'fabrics', 'variants', 'delivery_time', 'made_in',
  'shipping_from', 'shop',
];

describe('GET /api/products/{id}/details', () => {
  it('answers the spec shape, consistent with the product document', async () => {
    const doc = docs.find((d) => d.has_discount && d.variants.length > 1);
    if (!doc) throw new Error('seed lacks a discounted product with variants');
    const res = await getJson<{ success: boolean; data: ProductBody }>(server.url, `/api/products/${doc.id}/details`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const p = res.body.data;
    for (const field of SPEC_FIELDS) expect(p, field).toHaveProperty(field);
    expect(p.id).toBe(Number(doc.id));
    // No locale, Referer or Accept-Language language: Darija, the default (docs/CATALOGUE.md).
    expect(p.name).toBe(doc.names.ma);
    expect(p.name_en).toBe(doc.name);
    expect(p.price).toBe(doc.price);
    expect(p.original_price).toBe(doc.price);
    expect(p.discount_price).toBe(doc.discount_price);
    expect(p.discount_percentage).toBe(discountPercent(doc.price, doc.discount_price));
    expect(p.image_url).toBe(p.main_image);
    expect(p.main_image).toBe(`/media/products/${doc.id}/1.svg`);
    expect(p.delivery_time).toBe('2-4 business days');
    // The document's variants under the REST names (decisions.md "Prices"): nothing more, nothing less.
    expect(p.variants).toEqual(
      doc.variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        size: v.size,
        color: v.color,
        fabric: v.fabric,
        price: v.price,
        original_price: v.price,
        has_discount: v.has_discount,
        discount_price: v.discount_price,
        discount_percentage: v.discount_percent,
        unit_price: v.effective_price,
        stock_quantity: v.stock_quantity,
      })),
    );
    expect(p.variants.every((v) => v.has_discount && v.unit_price < v.price)).toBe(true);
    expect(p.variants.every((v) => v.sku.startsWith(String(p.sku)))).toBe(true);
    expect(p.shop.slug).toBe(doc.shop_slug);
    expect(p.shop.name_ar).toMatch(/\p{Script=Arabic}/u);
    expect(Number.isInteger(Number(p.rating) * 10)).toBe(true);
    // Money: at most two decimals everywhere.
    for (const amount of [p.price, p.discount_price ?? 0, ...p.variants.flatMap((v) => [v.price, v.unit_price, v.discount_price ?? 0])]) {
      expect(Math.round(amount * 100) / 100).toBe(amount);
    }
  });

  it('answers Arabic names and descriptions for locale ar, Darija ones for ma, and keeps name_ar', async () => {
    const doc = docs[0];
    if (!doc) throw new Error('no products');
    const ar = await getJson<{ data: ProductBody }>(server.url, `/api/products/${doc.id}/details?locale=ar`);
    expect(ar.body.data.name).toBe(doc.name_ar);
    expect(ar.body.data.description).toBe(doc.description_ar);
    expect(ar.body.data.name_ar).toBe(doc.name_ar);
    const ma = await getJson<{ data: ProductBody }>(server.url, `/api/products/${doc.id}/details?locale=ma`);
    expect(ma.body.data.name).toBe(doc.names.ma);
    expect(ma.body.data.description).toBe(doc.descriptions.ma);
    expect(ma.body.data.name_ar).toBe(doc.name_ar);
    const fr = await getJson<{ data: ProductBody }>(server.url, `/api/products/${doc.id}/details?locale=fr`);
    expect(fr.body.data.name).toBe(doc.names.fr);
    const en = await getJson<{ data: ProductBody }>(server.url, `/api/products/${doc.id}/details?locale=en`);
    expect(en.body.data.name).toBe(doc.name);
  });

  it('404s with the spec text for a missing or deleted product, 400 for a malformed id', async () => {
    const missing = await getJson(server.url, '/api/products/987654/details');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, status: 'error', code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });

    const victim = docs[docs.length - 1];
    if (!victim) throw new Error('no products');
    await updateProduct(server, victim.id, { deleted: true });
    const deleted = await getJson(server.url, `/api/products/${victim.id}/details`);
    expect(deleted.status).toBe(404);

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', '01', '+1']) {
      const res = await getJson(server.url, `/api/products/${bad}/details`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'INVALID_PRODUCT_ID', message: 'Invalid product ID' });
    }
  });
});

describe('GET /api/products/mens|womens|childrens', () => {
  it.each([
    ['mens', 'men'],
    ['womens', 'women'],
    ['childrens', 'children'],
  ])('/api/products/%s answers only %s products, best sellers first', async (section, gender) => {
    const res = await getJson<{ success: boolean; data: (ProductBody & { gender: string; sales_count: number })[] }>(
      server.url,
      `/api/products/${section}?limit=8`,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(8);
    expect(res.body.data.every((p) => p.gender === gender)).toBe(true);
    const sales = res.body.data.map((p) => p.sales_count);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('uses the locale for names', async () => {
    const res = await getJson<{ data: ProductBody[] }>(server.url, '/api/products/womens?locale=ar&limit=3');
    expect(res.body.data.every((p) => p.name === p.name_ar)).toBe(true);
  });
});

describe('GET /api/products/{id}/related', () => {
  it('answers 4 by default: the same subcategory first, then the same gender, never the product itself', async () => {
    const doc = docs.find((d) => d.category_slug === 'women-kaftan');
    if (!doc) throw new Error('no kaftan');
    const res = await getJson<{ success: boolean; products: ProductBody[] }>(server.url, `/api/products/${doc.id}/related`);
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(4);
    expect(res.body.products.every((p) => p.category_id === doc.category_id)).toBe(true);
    expect(res.body.products.some((p) => String(p.id) === doc.id)).toBe(false);
  });

  it('falls back to the same gender when the subcategory runs out', async () => {
    const live = docs.filter((d) => !d._deleted);
    const count = (categoryId: number) => live.filter((d) => d.category_id === categoryId).length;
    // A product of a small women's subcategory: fewer siblings than the limit.
    const doc = live.find((d) => d.gender === 'women' && count(d.category_id) >= 2 && count(d.category_id) < 20);
    if (!doc) throw new Error('seed lacks a small women subcategory');
    const sameCategory = count(doc.category_id) - 1;
    const res = await getJson<{ products: (ProductBody & { gender: string })[] }>(
      server.url,
      `/api/products/${doc.id}/related?limit=24`,
    );
    expect(res.body.products).toHaveLength(24);
    const firstOther = res.body.products.findIndex((p) => p.category_id !== doc.category_id);
    expect(firstOther).toBe(sameCategory);
    expect(res.body.products.slice(firstOther).every((p) => p.category_id !== doc.category_id)).toBe(true);
    expect(res.body.products.every((p) => p.gender === 'women')).toBe(true);
  });

  it('bounds the limit and 404s for unknown products', async () => {
    expect((await getJson(server.url, '/api/products/1/related?limit=25')).status).toBe(400);
    expect((await getJson(server.url, '/api/products/1/related?limit=0')).status).toBe(400);
    const missing = await getJson<{ success: boolean; products: unknown[] }>(server.url, '/api/products/987654/related');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Product not found', products: [] });
  });
});
