/**
 * Reviews from orders (docs/COMMERCE.md, "Orders API"; docs/REVIEWS-FOLLOWS.md,
 * verified purchase): the review status of an order, POST /api/reviews/order
 * (delivered orders only, products of the order only, already reviewed ones
 * skipped), and verifiedPurchase: true exactly for authors with a delivered
 * order of the product — on create, and for earlier reviews when the order is
 * delivered (their updated_at bumps so clients pull the badge).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import type { ReviewDoc } from '../../src/domain/social';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { pullAll } from './support/pull-all';
import { as, orderBody, placeOrder, sellableVariant, type SellableVariant } from './support/order-fixtures';

let server: AuthServer;
let admin: string;
let v1: SellableVariant;
let v2: SellableVariant;
let v3: SellableVariant;
const changes: CollectionChange[] = [];

beforeAll(async () => {
  server = await startAuthServer();
  const a = await registerUser(server.url);
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(a.user.id)).execute();
  admin = (await as<{ token: string }>(server.url, '', 'POST', '/api/auth/login', { email: a.email, password: a.password })).body.token;
  v1 = await sellableVariant(server.db, 100, 0);
  v2 = await sellableVariant(server.db, 100, 1);
  v3 = await sellableVariant(server.db, 100, 2);
  server.db.changes.subscribe((c) => changes.push(c));
});
afterAll(async () => {
  await server?.close();
});

async function order(b: RegisteredUser, lines: SellableVariant[]): Promise<OrderDoc> {
  const res = await placeOrder(server.url, b.token, orderBody(lines.map((v) => ({ v, quantity: 1 }))));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function deliver(o: OrderDoc): Promise<void> {
  for (const status of ['processing', 'shipped', 'delivered']) {
    const res = await as(server.url, admin, 'PATCH', `/api/seller/orders/${o.order_id}`, { status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function reviewAsListed(productId: number, reviewId: number): Promise<ReviewDoc | undefined> {
  const res = await as<{ data: ReviewDoc[] }>(server.url, '', 'GET', `/api/products/${productId}/reviews?limit=50`);
  return res.body.data.find((r) => Number(r.id) === reviewId);
}

describe('review status and POST /api/reviews/order', () => {
  it('before delivery: status says not delivered, reviewing is 422 ORDER_NOT_DELIVERED', async () => {
    const b = await registerUser(server.url);
    const o = await order(b, [v1, v2]);
    const status = await as<{ data: unknown }>(server.url, b.token, 'GET', `/api/orders/${o.id}/review-status`);
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({
      order_id: o.order_id,
      delivered: false,
      items: [
        { product_id: v1.productId, reviewed: false, review_id: null, hidden_reason: null },
        { product_id: v2.productId, reviewed: false, review_id: null, hidden_reason: null },
      ],
    });
    const res = await as(server.url, b.token, 'POST', '/api/reviews/order', { order_id: o.order_id, reviews: [{ product_id: v1.productId, rating: 5, content: 'Nice' }] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'ORDER_NOT_DELIVERED', message: 'You can review an order once it is delivered.' });
  });

  it('after delivery: reviews written verified, already reviewed skipped, status lists them; a product not in the order is 422 VALIDATION', async () => {
    const b = await registerUser(server.url);
    const o = await order(b, [v1, v2]);
    await deliver(o);
    const stranger = await as<{ errors: { parameter: string }[] }>(server.url, b.token, 'POST', '/api/reviews/order', {
      order_id: o.id,
      reviews: [
        { product_id: v1.productId, rating: 5, content: 'Nice' },
        { product_id: v3.productId, rating: 4, content: 'Not bought' },
      ],
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({ code: 'VALIDATION', message: 'The selected product id is invalid.' });
    expect(stranger.body.errors.map((e) => e.parameter)).toEqual(['reviews.1.product_id']);

    const first = await as<{ data: ReviewDoc[]; skipped: number[]; message: string }>(server.url, b.token, 'POST', '/api/reviews/order', {
      order_id: o.order_id,
      reviews: [{ product_id: v1.productId, rating: 5, title: 'Great', content: 'Lovely kaftan' }],
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Reviews submitted');
    expect(first.body.skipped).toEqual([]);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ productId: v1.productId, rating: 5, title: 'Great', verifiedPurchase: true });

    const second = await as<{ data: ReviewDoc[]; skipped: number[] }>(server.url, b.token, 'POST', '/api/reviews/order', {
      order_id: o.order_id,
      reviews: [
        { product_id: v1.productId, rating: 1, content: 'Again' },
        { product_id: v2.productId, rating: 4, content: 'Good' },
      ],
    });
    expect(second.status).toBe(201);
    expect(second.body.skipped).toEqual([v1.productId]);
    expect(second.body.data.map((r) => r.productId)).toEqual([v2.productId]);

    const status = await as<{ data: { delivered: boolean; items: { product_id: number; reviewed: boolean; review_id: number | null }[] } }>(
      server.url,
      b.token,
      'GET',
      `/api/orders/${o.order_id}/review-status`,
    );
    expect(status.body.data.delivered).toBe(true);
    expect(status.body.data.items.every((i) => i.reviewed && i.review_id !== null)).toBe(true);
  });

  it("someone else's order is 404 for both; junk bodies 422", async () => {
    const b = await registerUser(server.url);
    const other = await registerUser(server.url);
    const o = await order(b, [v1]);
    await deliver(o);
    expect((await as(server.url, other.token, 'GET', `/api/orders/${o.order_id}/review-status`)).status).toBe(404);
    const res = await as(server.url, other.token, 'POST', '/api/reviews/order', { order_id: o.order_id, reviews: [{ product_id: v1.productId, rating: 5, content: 'x' }] });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ORDER_NOT_FOUND');
    for (const body of [{}, { order_id: o.order_id }, { order_id: o.order_id, reviews: [] }, { order_id: o.order_id, reviews: [{ product_id: v1.productId, rating: 9, content: 'x' }] }, { order_id: 'bad id!', reviews: [{ product_id: 1, rating: 5, content: 'x' }] }]) {
      const bad = await as(server.url, b.token, 'POST', '/api/reviews/order', body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.code).toBe('VALIDATION');
    }
  });
});

describe('verified purchase', () => {
  it('POST /api/reviews: false without a delivered order, true with one', async () => {
    const b = await registerUser(server.url);
    const pending = await order(b, [v1]);
    const notYet = await as<{ data: ReviewDoc }>(server.url, b.token, 'POST', '/api/reviews', { product_id: v1.productId, rating: 4, content: 'Waiting' });
    expect(notYet.status).toBe(201);
    expect(notYet.body.data.verifiedPurchase).toBe(false);
    await deliver(pending);
    const c = await registerUser(server.url);
    await deliver(await order(c, [v2]));
    const verified = await as<{ data: ReviewDoc }>(server.url, c.token, 'POST', '/api/reviews', { product_id: v2.productId, rating: 5, content: 'Bought it' });
    expect(verified.body.data.verifiedPurchase).toBe(true);
  });

  it('a delivery marks the buyer’s earlier reviews of its products verified, bumping updatedAt so the pull carries it', async () => {
    const b = await registerUser(server.url);
    const o = await order(b, [v3]);
    const early = await as<{ data: ReviewDoc }>(server.url, b.token, 'POST', '/api/reviews', { product_id: v3.productId, rating: 3, content: 'Early' });
    expect(early.body.data.verifiedPurchase).toBe(false);
    const before = early.body.data.updatedAt;
    const { checkpoint } = await pullAll(server.url, 'reviews');
    changes.length = 0;
    await deliver(o);
    const listed = await reviewAsListed(v3.productId, Number(early.body.data.id));
    expect(listed?.verifiedPurchase).toBe(true);
    expect(listed?.updatedAt).toBeGreaterThan(before);
    expect(changes.some((ch) => ch.collection === 'reviews' && ch.checkpoint.id === String(early.body.data.id))).toBe(true);
    const after = await pullAll(server.url, 'reviews', 500, checkpoint);
    expect(after.documents.map((d) => String(d.id))).toContain(String(early.body.data.id));
    // Another buyer's review of the same product stays unverified.
    const c = await registerUser(server.url);
    const theirs = await as<{ data: ReviewDoc }>(server.url, c.token, 'POST', '/api/reviews', { product_id: v3.productId, rating: 2, content: 'Did not buy' });
    expect(theirs.body.data.verifiedPurchase).toBe(false);
  });
});
