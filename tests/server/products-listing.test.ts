/**
 * GET /api/products/all must return exactly what the reference implementation
 * (src/domain/product-query.ts) returns over the documents the sync endpoint
 * hands out: same ids, same order, same totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { compareForSort, runProductQuery } from '../../src/domain/product-query';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { getJson } from './support/http';
import { expectListingMatchesReference, HAND_PICKED, randomQueries } from './support/listing-cases';
import { pullAll } from './support/pull-all';

let server: TestServer;
let docs: ProductDoc[];

async function liveDocs(): Promise<ProductDoc[]> {
  const pulled = await pullAll(server.url, 'products');
  return pulled.documents.filter((d) => !d._deleted).map(({ _deleted: _, ...doc }) => doc);
}

beforeAll(async () => {
  server = await startTestServer({ products: 360 });
  docs = await liveDocs();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/products/all = runProductQuery over the pulled documents', () => {
  it('the seed has what makes the comparison meaningful: ties on sort keys across ids of different lengths', () => {
    expect(docs).toHaveLength(360);
    const byPrice = [...docs].sort(compareForSort('price-low-high'));
    const ties = byPrice.filter((d, i) => i > 0 && byPrice[i - 1]?.effective_price === d.effective_price);
    expect(ties.length).toBeGreaterThan(5);
    // A tie between "9x" and "1xx" ids is where numeric and string tie-breaks differ.
    expect(docs.some((d) => d.id.length === 2) && docs.some((d) => d.id.length === 3)).toBe(true);
  });

  it.each(HAND_PICKED.map((q, i) => [i, q] as const))('hand-picked query %i: %j', async (i, q) => {
    await expectListingMatchesReference(server.url, docs, q, i);
  });

  it('120 seeded random combinations of filters, sorts and pages', async () => {
    const queries = randomQueries(120, 4242);
    let nonEmpty = 0;
    for (const [i, q] of queries.entries()) {
      const { expected } = await expectListingMatchesReference(server.url, docs, q, i);
      if (expected.items.length > 0) nonEmpty++;
    }
    // The random queries must not all be trivially empty.
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('paging through a sort with many ties yields every matching product exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 40; page++) {
      const res = await getJson<{ data: { id: number }[]; meta: { last_page: number } }>(
        server.url,
        `/api/products/all?sort=popular&per_page=13&page=${page}&onSale=true`,
      );
      seen.push(...res.body.data.map((p) => String(p.id)));
      if (page >= res.body.meta.last_page) break;
    }
    const expected = docs.filter((d) => d.has_discount).sort(compareForSort('popular'));
    expect(seen).toEqual(expected.map((d) => d.id));
  });

  it('product fields in the listing agree with the documents', async () => {
    const res = await getJson<{ data: Record<string, unknown>[] }>(server.url, '/api/products/all?per_page=100&sort=rating');
    const byId = new Map(docs.map((d) => [d.id, d]));
    for (const p of res.body.data) {
      const d = byId.get(String(p.id));
      expect(d).toBeDefined();
      if (!d) continue;
      expect(p.price).toBe(d.price);
      expect(p.discount_price).toBe(d.discount_price);
      expect(p.discount_percentage).toBe(d.discount_percent);
      expect(p.has_discount).toBe(d.has_discount);
      expect(p.rating).toBe(d.rating);
      expect(p.stock_quantity).toBe(d.stock_quantity);
      expect(p.in_stock).toBe(d.in_stock);
      expect(p.category_slug).toBe(d.category_slug);
      expect(p.colors).toEqual(d.colors);
      expect(p.main_image).toBe(d.main_image);
    }
  });

  it('accepts lists as comma lists, repeated parameters and any case', async () => {
    type Body = { data: { id: number }[]; meta: { total: number } };
    const a = await getJson<Body>(server.url, '/api/products/all?colors=red,blue&sizes=xs&per_page=100');
    const b = await getJson<Body>(server.url, '/api/products/all?colors=RED&colors=Blue&sizes=XS&per_page=100');
    // Both spellings are the reference's query over the same documents, and that query filters: some, not all.
    const expected = runProductQuery(docs, { colors: ['red', 'blue'], sizes: ['XS'], perPage: 100 });
    expect(expected.total).toBeGreaterThan(0);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.body.meta.total).toBe(expected.total);
      expect(res.body.meta.total).toBeLessThan(docs.length);
      expect(res.body.data.map((p) => String(p.id))).toEqual(expected.items.map((d) => d.id));
    }
  });

  it('stays equal to the reference after live changes (price, stock, soft delete)', async () => {
    const cheapest = [...docs].sort(compareForSort('price-low-high'))[0];
    const inStock = docs.find((d) => d.in_stock && d.variants.length > 0);
    const victim = docs.find((d) => d.category_slug === 'women-kaftan');
    if (!cheapest || !inStock || !victim) throw new Error('seed lacks the products this test needs');
    await updateProduct(server, cheapest.id, { price: 99_999, discountPrice: null });
    await updateProduct(server, inStock.id, {
      stock: inStock.variants.map((v) => ({ variantId: v.id, quantity: 0 })),
    });
    await updateProduct(server, victim.id, { deleted: true });

    const after = await liveDocs();
    expect(after).toHaveLength(359);
    expect(after.find((d) => d.id === inStock.id)?.in_stock).toBe(false);
    for (const [i, q] of [
      { sort: 'price-low-high' as const, perPage: 5 },
      { sort: 'price-high-low' as const, perPage: 5 },
      { inStock: true, perPage: 100, page: 3 },
      { category: 'women-kaftan', perPage: 100 },
    ].entries()) {
      await expectListingMatchesReference(server.url, after, q, i);
    }
  });
});
