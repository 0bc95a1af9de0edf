/**
 * GET /api/sync/products/view (issue 25): the documents of one read as the pull sends them (lang included): a
 * listing in the REST listing's order with its total and paging, products by ids (unknown and deleted ones absent),
 * related products as /related has them, a product's reviews as the reviews pull sends them (its latest
 * VIEW_REVIEWS_MAX live ones); and GET /api/sync/catalogue-size. Junk input is a 400 naming the parameter, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type ProductDoc } from '../../src/domain/catalog';
import type { ReviewDoc } from '../../src/domain/social';
import { USER_DEFAULTS } from '../../src/server/repositories/users';
import {
  catalogueSizeSchema,
  PROTOCOL_VERSION,
  VIEW_REVIEWS_MAX,
  viewResponseSchema,
  viewReviewsResponseSchema,
  type ViewResponse,
} from '../../src/sync/protocol';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const DELETED = 5;
/** Product 9 has more live reviews than a view gives; product 10 a few; DELETED one (not public). */
const MANY = 9;
const FEW = 10;
beforeAll(async () => {
  server = await startTestServer({ products: 60 });
  await server.db.kysely.updateTable('products').set({ deleted: 1 }).where('id', '=', DELETED).execute();
  const base = Date.UTC(2025, 0, 1);
  // One review per user and product: a reviewer for each.
  const reviewers = Array.from({ length: VIEW_REVIEWS_MAX + 20 }, (_, i) => ({
    email: `reviewer${i}@view.example.test`,
    username: `viewreviewer${i}`,
    ...USER_DEFAULTS,
    created_at: base,
    updated_at: base,
  }));
  const userIds = (await server.db.kysely.insertInto('users').values(reviewers).returning('id').execute()).map((r) => Number(r.id));
  let clock = base;
  let next = 0;
  const review = (productId: number, createdAt: number, deleted: 0 | 1) => ({
    product_id: productId,
    user_id: userIds[next++ % userIds.length]!,
    author_name: 'A',
    rating: 1 + (createdAt % 5),
    title: 'T',
    content: 'C',
    verified_purchase: 0 as const,
    helpful_count: 0,
    not_helpful_count: 0,
    created_at: createdAt,
    updated_at: (clock += 1),
    deleted,
  });
  // Pairs of equal created_at, so the id breaks ties; inserted oldest last, so ids do not follow the dates.
  const many = Array.from({ length: VIEW_REVIEWS_MAX + 10 }, (_, i) => review(MANY, base - Math.floor(i / 2) * 1000, 0));
  const rows = [
    ...many,
    // Deleted ones (newest of all): never in a view.
    review(MANY, base + 5000, 1),
    review(FEW, base + 5000, 1),
    review(FEW, base - 1, 0),
    review(FEW, base - 2, 0),
    review(FEW, base - 3, 0),
    review(DELETED, base, 0),
  ];
  await server.db.kysely.insertInto('reviews').values(rows).execute();
});
afterAll(async () => {
  await server?.close();
});

async function view(query: string): Promise<{ status: number; body: ViewResponse & { message?: string } }> {
  const res = await fetch(`${server.url}/api/sync/products/view?v=${PROTOCOL_VERSION}${query}`);
  return { status: res.status, body: (await res.json()) as ViewResponse & { message?: string } };
}

/** Every live product as the pull sends it (with lang when given), by id. */
async function pulled(lang?: string): Promise<Map<string, ProductDoc & { _deleted: boolean }>> {
  const res = await fetch(`${server.url}/api/sync/products/pull?v=${PROTOCOL_VERSION}&limit=2000${lang ? `&lang=${lang}` : ''}`);
  const body = (await res.json()) as { documents: (ProductDoc & { _deleted: boolean })[] };
  return new Map(body.documents.filter((d) => !d._deleted).map((d) => [d.id, d]));
}

describe('products view', () => {
  it('a listing: the REST listing order, total and paging; documents as the pull sends them', async () => {
    const all = await pulled('fr');
    const rest = (await (await fetch(`${server.url}/api/products/all?gender=women&sort=price-low-high&page=2&per_page=7`)).json()) as {
      data: { id: number }[];
      meta: { total: number; last_page: number };
    };
    const res = await view('&lang=fr&gender=women&sort=price-low-high&page=2&per_page=7');
    expect(res.status).toBe(200);
    expect(viewResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.documents.map((d) => d.id)).toEqual(rest.data.map((p) => String(p.id)));
    expect(res.body.documents.length).toBe(7);
    expect({ total: res.body.total, page: res.body.page, perPage: res.body.perPage, lastPage: res.body.lastPage }).toEqual({
      total: rest.meta.total,
      page: 2,
      perPage: 7,
      lastPage: rest.meta.last_page,
    });
    for (const d of res.body.documents) expect(d).toEqual(all.get(d.id));
  });

  it("a shop's listing (shop=) and the listing's filters", async () => {
    const all = [...(await pulled()).values()];
    const shopId = all[0]!.shop_id;
    const res = await view(`&shop=${shopId}&onSale=true&per_page=${MAX_PAGE_SIZE}`);
    expect(res.status).toBe(200);
    const expected = all.filter((d) => d.shop_id === shopId && d.has_discount).map((d) => d.id).sort();
    expect(res.body.documents.map((d) => d.id).sort()).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it('ids: those products in the order asked; unknown and deleted ids simply absent', async () => {
    const all = await pulled();
    const res = await view(`&ids=12,3,${DELETED},999999,99999999999,7,3`);
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d) => d.id)).toEqual(['12', '3', '7']);
    expect(res.body.total).toBeUndefined();
    for (const d of res.body.documents) expect(d).toEqual(all.get(d.id));
  });

  it('related: as GET /api/products/{id}/related; none for an unknown product', async () => {
    const rest = (await (await fetch(`${server.url}/api/products/9/related?limit=6`)).json()) as { products: { id: number }[] };
    const res = await view('&related=9&limit=6');
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d) => d.id)).toEqual(rest.products.map((p) => String(p.id)));
    expect(res.body.documents.length).toBe(6);
    expect((await view('&related=999999')).body.documents).toEqual([]);
  });

  it.each([
    ['&ids=1,x', 'ids'],
    [`&ids=${Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => i + 1).join(',')}`, 'ids'],
    ['&ids=1&related=2', 'ids'],
    ['&ids=1&gender=men', 'ids'],
    ['&related=2&sort=newest', 'related'],
    ['&related=-1', 'related'],
    ['&limit=99&related=1', 'limit'],
    [`&per_page=${MAX_PAGE_SIZE + 1}`, 'per_page'],
    ['&gender=robots', 'gender'],
    ['&shop=0', 'shop'],
    ['&shop=99999999999', 'shop'],
    ['&lang=xx', 'lang'],
    ['&search=%00', 'search'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    const res = await view(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`'${parameter}'`);
  });

  it('unknown parameters are ignored, as by the listing (a __proto__ one included)', async () => {
    const res = await view('&__proto__=x&constructor=1&per_page=3');
    expect(res.status).toBe(200);
    expect(res.body.documents).toHaveLength(3);
  });

  it('another protocol version is a 400', async () => {
    const res = await fetch(`${server.url}/api/sync/products/view?v=2`);
    expect(res.status).toBe(400);
  });
});

describe('reviews view', () => {
  async function pulledReviews(): Promise<Map<string, ReviewDoc & { _deleted: boolean }>> {
    const res = await fetch(`${server.url}/api/sync/reviews/pull?v=${PROTOCOL_VERSION}&limit=2000`);
    const body = (await res.json()) as { documents: (ReviewDoc & { _deleted: boolean })[] };
    return new Map(body.documents.map((d) => [d.id, d]));
  }

  /** The product's live reviews as the pull has them, newest first, then the highest id. */
  function latest(all: Map<string, ReviewDoc & { _deleted: boolean }>, productId: number): (ReviewDoc & { _deleted: boolean })[] {
    return [...all.values()]
      .filter((d) => d.productId === productId && !d._deleted)
      .sort((a, b) => b.createdAt - a.createdAt || Number(b.id) - Number(a.id));
  }

  it("reviews=<id>: the product's latest live reviews as the reviews pull sends them, at most VIEW_REVIEWS_MAX", async () => {
    const all = await pulledReviews();
    const res = await view(`&reviews=${MANY}`);
    expect(res.status).toBe(200);
    const body = viewReviewsResponseSchema.parse(res.body);
    const expected = latest(all, MANY);
    expect(expected.length).toBeGreaterThan(VIEW_REVIEWS_MAX);
    expect(body.documents).toEqual(expected.slice(0, VIEW_REVIEWS_MAX));

    const few = await view(`&reviews=${FEW}&lang=fr`);
    expect(few.status).toBe(200);
    const fewDocs = viewReviewsResponseSchema.parse(few.body).documents;
    expect(fewDocs).toEqual(latest(all, FEW));
    // The seed's reviews of it and the three live ones inserted; its deleted one absent.
    expect(fewDocs.length).toBeGreaterThanOrEqual(3);
    expect(fewDocs.every((d) => d.productId === FEW && d.createdAt !== Date.UTC(2025, 0, 1) + 5000)).toBe(true);
  });

  it('none for a deleted, unknown or unstorable product', async () => {
    for (const id of [DELETED, 999999, 99999999999]) {
      const res = await view(`&reviews=${id}`);
      expect(res.status).toBe(200);
      expect(res.body.documents).toEqual([]);
    }
  });

  it.each([
    ['&reviews=x', 'reviews'],
    ['&reviews=-1', 'reviews'],
    ['&reviews=1,2', 'reviews'],
    ['&reviews=1&ids=2', 'reviews'],
    ['&reviews=1&related=2', 'reviews'],
    ['&reviews=1&gender=men', 'reviews'],
    ['&reviews=1&shop=3', 'reviews'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    const res = await view(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`'${parameter}'`);
  });
});

describe('catalogue size', () => {
  it('the live products and a byte estimate within reach of a full pull', async () => {
    const res = await fetch(`${server.url}/api/sync/catalogue-size?v=${PROTOCOL_VERSION}&lang=en`);
    expect(res.status).toBe(200);
    const body = catalogueSizeSchema.parse(await res.json());
    expect(body.products).toBe((await pulled()).size);
    // A full pull, uncompressed, is larger than the estimate of its compressed transfer, but not 50 times.
    const raw = await (await fetch(`${server.url}/api/sync/products/pull?v=${PROTOCOL_VERSION}&limit=2000&lang=en`)).text();
    expect(body.bytes).toBeGreaterThan(raw.length / 50);
    expect(body.bytes).toBeLessThan(raw.length);
    expect((await fetch(`${server.url}/api/sync/catalogue-size?v=2`)).status).toBe(400);
  });
});
