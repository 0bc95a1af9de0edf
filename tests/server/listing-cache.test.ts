/**
 * The listing cache (src/server/http/response-cache.ts) on a real SQLite file behind a real server: a cached
 * answer is the answer a fresh read gives; it is really served from the cache; every product write (price,
 * stock, delete) shows in the very next answer; ETag/304; the home page sections likewise.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../src/server/http/product-response';
import type { PageMeta } from '../../src/server/http/page-meta';
import { productListQuerySchema } from '../../src/server/http/product-query-params';
import { productListReply } from '../../src/server/http/product-responses';
import { deleteProduct, startTestServer, updateProduct, type TestServer } from '../helpers/server';

interface Listing {
  success: true;
  data: ProductResponse[];
  meta: PageMeta;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 120 });
});
afterAll(async () => {
  await server?.close();
});

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; text: string }> {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

/**
 * What the listing reads from the database now, bypassing the cache, as the route serializes it: in the query's
 * locale, else Darija (these requests send no Referer, and fetch's `Accept-Language: *` names no language).
 */
async function fresh(query: Record<string, string>): Promise<string> {
  const params = productListQuerySchema.parse(query);
  return JSON.stringify(await productListReply(server.app, params, params.locale ?? 'ma'));
}

const CHEAPEST = { sort: 'price-low-high', per_page: '5', locale: 'en' };
const cheapestPath = '/api/products/all?sort=price-low-high&per_page=5&locale=en';

describe('listing cache', () => {
  it('answers a repeated listing with exactly what a fresh read gives, whatever the spelling of the query', async () => {
    const query = { category: 'women', colors: 'red,blue', sizes: 'M,L', sort: 'price-low-high', per_page: '12' };
    const first = await get('/api/products/all?category=women&colors=red,blue&sizes=M,L&sort=price-low-high&per_page=12');
    const again = await get('/api/products/all?category=women&colors=red,blue&sizes=M,L&sort=price-low-high&per_page=12');
    const respelled = await get('/api/products/all?per_page=12&sizes=L,M&colors=blue,red&page=1&sort=price-low-high&category=women');
    expect(first.status).toBe(200);
    expect((JSON.parse(first.text) as Listing).data.length).toBeGreaterThan(0);
    expect(again.text).toBe(first.text);
    expect(respelled.text).toBe(first.text);
    expect(first.text).toBe(await fresh(query));
    // The locale is part of the key: Arabic names in the Arabic answer, English ones in the English answer.
    const ar = JSON.parse((await get('/api/products/all?category=women&colors=red,blue&sizes=M,L&sort=price-low-high&per_page=12&locale=ar')).text) as Listing;
    const en = JSON.parse((await get('/api/products/all?category=women&colors=red,blue&sizes=M,L&sort=price-low-high&per_page=12&locale=en')).text) as Listing;
    expect(ar.data[0]?.name).toBe(ar.data[0]?.name_ar);
    expect(en.data[0]?.name).toBe(en.data[0]?.name_en);
    expect(ar.data[0]?.name).not.toBe(en.data[0]?.name);
  });

  it('serves from the cache: a row changed behind the notifier’s back does not show until a change is announced', async () => {
    const before = JSON.parse((await get(cheapestPath)).text) as Listing;
    const id = before.data[0]?.id as number;
    // A product's names live in names_json (name is its English column).
    const renamed = JSON.stringify({ ...before.data[0]?.names, en: 'Silently renamed' });
    await sql`update products set name = 'Silently renamed', names_json = ${renamed} where id = ${id}`.execute(server.db.kysely);
    try {
      expect((JSON.parse((await get(cheapestPath)).text) as Listing).data[0]?.name).toBe(before.data[0]?.name);
      expect((JSON.parse(await fresh(CHEAPEST)) as Listing).data[0]?.name).toBe('Silently renamed');
      server.db.changes.publish({ collection: 'products', checkpoint: { updatedAt: Date.now(), id: String(id) } });
      expect((JSON.parse((await get(cheapestPath)).text) as Listing).data[0]?.name).toBe('Silently renamed');
    } finally {
      const names = JSON.stringify(before.data[0]?.names ?? {});
      await sql`update products set name = ${before.data[0]?.name_en ?? ''}, names_json = ${names} where id = ${id}`.execute(server.db.kysely);
      server.db.changes.publish({ collection: 'products', checkpoint: { updatedAt: Date.now(), id: String(id) } });
    }
  });

  it('shows a price change, a stock change and a delete in the very next answer', async () => {
    const before = JSON.parse((await get(cheapestPath)).text) as Listing;
    const [first, second] = before.data;
    if (!first || !second) throw new Error('need two products');

    // Price: the cheapest becomes the dearest of the page's five → it leaves the page.
    await updateProduct(server, first.id, { price: 99_999, discountPrice: null });
    const afterPrice = await get(cheapestPath);
    expect(afterPrice.text).toBe(await fresh(CHEAPEST));
    expect((JSON.parse(afterPrice.text) as Listing).data.map((p) => p.id)).not.toContain(first.id);

    // Stock: every variant of the (new) cheapest to 0 → out of stock in the answer and gone from inStock=1.
    const cheapest = (JSON.parse(afterPrice.text) as Listing).data[0] as ProductResponse;
    const inStockPath = '/api/products/all?sort=price-low-high&per_page=5&inStock=1';
    expect((JSON.parse((await get(inStockPath)).text) as Listing).data.map((p) => p.id)).toContain(cheapest.id);
    await updateProduct(server, cheapest.id, { stock: cheapest.variants.map((v) => ({ variantId: v.id, quantity: 0 })) });
    const afterStock = JSON.parse((await get(cheapestPath)).text) as Listing;
    expect(afterStock.data[0]?.id).toBe(cheapest.id);
    expect(afterStock.data[0]?.stock_quantity).toBe(0);
    expect(afterStock.data[0]?.in_stock).toBe(false);
    expect((JSON.parse((await get(inStockPath)).text) as Listing).data.map((p) => p.id)).not.toContain(cheapest.id);

    // Delete: gone from the page and from the total.
    await deleteProduct(server, cheapest.id);
    const afterDelete = JSON.parse((await get(cheapestPath)).text) as Listing;
    expect(afterDelete.data.map((p) => p.id)).not.toContain(cheapest.id);
    expect(afterDelete.meta.total).toBe(afterStock.meta.total - 1);
    expect(JSON.stringify(afterDelete)).toBe(await fresh(CHEAPEST));
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a write', async () => {
    const path = '/api/products/all?category=men&sort=newest&per_page=6';
    const first = await get(path);
    expect(first.etag).toMatch(/^W\/".+"$/);
    const notModified = await get(path, { 'if-none-match': first.etag ?? '' });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect((await get(path, { 'if-none-match': 'W/"other", ' + (first.etag ?? '') })).status).toBe(304);
    expect((await get(path, { 'if-none-match': 'W/"other"' })).status).toBe(200);

    const top = (JSON.parse(first.text) as Listing).data[0] as ProductResponse;
    await updateProduct(server, top.id, { price: top.original_price + 1 });
    const changed = await get(path, { 'if-none-match': first.etag ?? '' });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.text).toBe(await fresh({ category: 'men', sort: 'newest', per_page: '6' }));
  });

  it('caches the home page sections too, and drops them on a write', async () => {
    const path = '/api/products/womens?limit=3';
    const first = await get(path);
    expect((await get(path)).text).toBe(first.text);
    const top = (JSON.parse(first.text) as { data: ProductResponse[] }).data[0] as ProductResponse;
    await deleteProduct(server, top.id);
    const after = JSON.parse((await get(path)).text) as { data: ProductResponse[] };
    expect(after.data).toHaveLength(3);
    expect(after.data.map((p) => p.id)).not.toContain(top.id);
  });

  it('sends a cached reply compressed when asked (br preferred, then gzip), the same JSON once decoded', async () => {
    const path = '/api/products/all?category=children&per_page=8';
    const plain = await get(path);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': accept } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
        expect(await res.text()).toBe(plain.text);
      }
    }
  });

  it('still refuses bad input with the 400 of the validation, cached or not', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('/api/products/all?per_page=0')).status).toBe(400);
      expect((await get('/api/products/mens?limit=0')).status).toBe(400);
    }
  });
});
