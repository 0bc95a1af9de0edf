/**
 * The operator's moderation (issue 24, docs/OPERATOR.md "Console API"), for admins and managers:
 * - PATCH /api/admin/reviews/{id} {hidden, reason}: a hidden review leaves the product's public reviews, its
 *   rating and the reviews pull (a tombstone); its author sees the reason (GET /api/orders/{id}/review-status)
 *   and cannot post a second review; showing it brings it back.
 * - PATCH /api/admin/products/{id} {published, reason}: the product leaves public reads; the seller sees the
 *   reason as moderation_reason in GET /api/seller/products.
 * - PATCH /api/admin/community/posts/{id} {status: "closed"} or {hidden, reason}.
 * Each is audited in its own transaction; bad bodies 422 naming the field, unknown ids 404, other roles 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { registerUser, type RegisteredUser } from '../helpers/auth';
import { adminLogin, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer } from './support/account-server';
import { communityPostBody } from './support/authz-community';
import { auditRows, managerLogin, operatorCall } from './support/operator-calls';
import { orderBody, placeOrder, sellableVariant } from './support/order-fixtures';
import { pullAll } from './support/pull-all';

let server: AccountServer;
let admin: Account;
let manager: Account;

beforeAll(async () => {
  server = await startAccountServer({ products: 12 });
  admin = await adminLogin(server);
  manager = await managerLogin(server);
});
afterAll(async () => {
  await server?.close();
});

/** A buyer with a delivered order of one product and a review of it (through the order); the ids. */
async function reviewedOrder(n: number): Promise<{ buyer: RegisteredUser; order: OrderDoc; productId: number; reviewId: number }> {
  const buyer = await registerUser(server.url, { first_name: 'Reviewer' });
  const v = await sellableVariant(server.db, 5, n);
  const placed = await placeOrder(server.url, buyer.token, orderBody([{ v, quantity: 1 }]));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.data;
  for (const status of ['processing', 'shipped', 'delivered']) {
    expect((await operatorCall(server, admin.token, 'PATCH', `/api/seller/orders/${order.order_id}`, { status })).status).toBe(200);
  }
  const reviewed = await operatorCall(server, buyer.token, 'POST', '/api/reviews/order', { order_id: order.order_id, reviews: [{ product_id: v.productId, rating: 1, content: 'Bad words here' }] });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
  const row = await server.db.kysely.selectFrom('reviews').select('id').where('user_id', '=', buyer.user.id).where('product_id', '=', v.productId).executeTakeFirstOrThrow();
  return { buyer, order, productId: v.productId, reviewId: Number(row.id) };
}

const productRow = (id: number) => server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PATCH /api/admin/reviews/{id}', () => {
  it('hides a review: out of public reviews, rating and pull (tombstone); the author sees the reason; showing brings it back', async () => {
    const { buyer, order, productId, reviewId } = await reviewedOrder(0);
    const countBefore = Number((await productRow(productId)).reviews_count);
    const res = await operatorCall(server, manager.token, 'PATCH', `/api/admin/reviews/${reviewId}`, { hidden: true, reason: 'Insults' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data).toMatchObject({ id: reviewId, hidden: true, hidden_reason: 'Insults' });

    const listed = await operatorCall(server, null, 'GET', `/api/products/${productId}/reviews?per_page=50`);
    expect(JSON.stringify(listed.body)).not.toContain('Bad words here');
    expect(Number((await productRow(productId)).reviews_count)).toBe(countBefore - 1);
    const pulled = (await pullAll(server.url, 'reviews', 500)).documents.find((d) => d.id === String(reviewId));
    expect(pulled?._deleted).toBe(true);

    const status = await operatorCall(server, buyer.token, 'GET', `/api/orders/${order.order_id}/review-status`);
    expect((status.body.data as { items: unknown[] }).items).toContainEqual({ product_id: productId, reviewed: true, review_id: reviewId, hidden_reason: 'Insults' });
    // Still the author's one review of the product.
    const again = await operatorCall(server, buyer.token, 'POST', '/api/reviews/order', { order_id: order.order_id, reviews: [{ product_id: productId, rating: 5, content: 'Again' }] });
    expect(await server.db.kysely.selectFrom('reviews').select('id').where('user_id', '=', buyer.user.id).execute()).toHaveLength(1);
    expect(again.status).not.toBe(500);

    const audit = await auditRows(server, 'review', reviewId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'review.hide', actor_user_id: manager.userId, actor_role: 'manager', reason: 'Insults' });

    const shown = await operatorCall(server, admin.token, 'PATCH', `/api/admin/reviews/${reviewId}`, { hidden: false });
    expect(shown.status).toBe(200);
    expect(Number((await productRow(productId)).reviews_count)).toBe(countBefore);
    const back = (await pullAll(server.url, 'reviews', 500)).documents.find((d) => d.id === String(reviewId));
    expect(back?._deleted).toBe(false);
    expect((await auditRows(server, 'review', reviewId)).map((r) => r.action)).toEqual(['review.hide', 'review.show']);
  });

  it('refuses a bad body 422 naming the field, an unknown id 404, other roles 403, writing nothing', async () => {
    const review = await server.db.kysely.selectFrom('reviews').selectAll().where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{}, 'hidden', 'The hidden field is required.'],
      [{ hidden: 'yes' }, 'hidden', 'The hidden field must be true or false.'],
      [{ hidden: true }, 'reason', 'The reason field is required.'],
      [{ hidden: true, reason: '' }, 'reason', 'The reason field is required.'],
      [{ hidden: true, reason: 'x'.repeat(501) }, 'reason', 'The reason may not be greater than 500 characters.'],
      [[], '(body)', 'The request body must be a JSON object.'],
    ];
    for (const [body, parameter, message] of cases) {
      const res = await operatorCall(server, admin.token, 'PATCH', `/api/admin/reviews/${review.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ parameter, message });
    }
    for (const id of ['999999', 'abc', '0']) {
      const res = await operatorCall(server, admin.token, 'PATCH', `/api/admin/reviews/${id}`, { hidden: true, reason: 'x' });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('REVIEW_NOT_FOUND');
    }
    expect((await operatorCall(server, null, 'PATCH', `/api/admin/reviews/${review.id}`, { hidden: true, reason: 'x' })).status).toBe(401);
    const buyer = await registerBuyer(server);
    const seller = await sellerLogin(server, 0);
    for (const who of [buyer, seller]) {
      expect((await operatorCall(server, who.token, 'PATCH', `/api/admin/reviews/${review.id}`, { hidden: true, reason: 'x' })).status).toBe(403);
    }
    expect(await server.db.kysely.selectFrom('reviews').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow()).toEqual(review);
    expect(await auditRows(server, 'review', review.id)).toEqual([]);
  });
});

describe('PATCH /api/admin/products/{id} {published, reason}', () => {
  it('unpublishes with a reason the seller sees; the product leaves public reads; publishing clears it', async () => {
    const seller = await sellerLogin(server, 1);
    const product = await server.db.kysely.selectFrom('products').select('id').where('shop_id', '=', seller.shop.id).where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const id = Number(product.id);
    const res = await operatorCall(server, manager.token, 'PATCH', `/api/admin/products/${id}`, { published: false, reason: 'Fake brand' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, published: false, visible: false, moderation_reason: 'Fake brand' });
    expect((await operatorCall(server, null, 'GET', `/api/products/${id}/details`)).status).toBe(404);
    const own = await operatorCall(server, seller.token, 'GET', '/api/seller/products?status=unpublished&per_page=100');
    expect((own.body.data as { id: number; moderation_reason: string | null }[]).find((p) => Number(p.id) === id)).toMatchObject({ moderation_reason: 'Fake brand', published: false });
    expect((await auditRows(server, 'product', id)).map((r) => [r.action, r.reason])).toEqual([['product.unpublish', 'Fake brand']]);

    const back = await operatorCall(server, admin.token, 'PATCH', `/api/admin/products/${id}`, { published: true });
    expect(back.body.data).toMatchObject({ published: true, visible: true, moderation_reason: null });
    expect((await operatorCall(server, null, 'GET', `/api/products/${id}/details`)).status).toBe(200);
  });

  it("a seller cannot publish what the operator unpublished (409 PRODUCT_MODERATED, nothing written); the operator's publish lifts it", async () => {
    const seller = await sellerLogin(server, 2);
    const product = await server.db.kysely.selectFrom('products').select('id').where('shop_id', '=', seller.shop.id).where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const id = Number(product.id);
    expect((await operatorCall(server, admin.token, 'PATCH', `/api/admin/products/${id}`, { published: false, reason: 'Fake brand' })).status).toBe(200);
    const before = await productRow(id);

    const refused = await operatorCall(server, seller.token, 'PATCH', `/api/seller/products/${id}`, { published: true });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PRODUCT_MODERATED', message: 'This product was unpublished by Souk: Fake brand. Contact support to publish it again.' });
    expect(await productRow(id)).toEqual(before);
    // Other edits still go through, the product staying unpublished.
    const edited = await operatorCall(server, seller.token, 'PATCH', `/api/seller/products/${id}`, { low_stock_threshold: 7 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ published: false, moderation_reason: 'Fake brand' });

    expect((await operatorCall(server, manager.token, 'PATCH', `/api/admin/products/${id}`, { published: true })).status).toBe(200);
    expect((await operatorCall(server, seller.token, 'PATCH', `/api/seller/products/${id}`, { published: false })).status).toBe(200);
    const republished = await operatorCall(server, seller.token, 'PATCH', `/api/seller/products/${id}`, { published: true });
    expect(republished.status, JSON.stringify(republished.body)).toBe(200);
    expect(republished.body.data).toMatchObject({ published: true, moderation_reason: null });
  });

  it('refuses a bad body 422, an unknown id 404, other roles 403, writing nothing', async () => {
    const product = await server.db.kysely.selectFrom('products').selectAll().where('deleted', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const [body, parameter, message] of [
      [{ published: false }, 'reason', 'The reason field is required.'],
      [{ published: 'no', reason: 'x' }, 'published', 'The published field must be true or false.'],
      [{ reason: 'x' }, 'published', 'The published field is required.'],
    ] as const) {
      const res = await operatorCall(server, admin.token, 'PATCH', `/api/admin/products/${product.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual({ parameter, message });
    }
    const missing = await operatorCall(server, admin.token, 'PATCH', '/api/admin/products/999999', { published: false, reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PRODUCT_NOT_FOUND');
    const seller = await sellerLogin(server, 0);
    expect((await operatorCall(server, seller.token, 'PATCH', `/api/admin/products/${product.id}`, { published: false, reason: 'x' })).status).toBe(403);
    expect(await productRow(Number(product.id))).toEqual(product);
  });
});

describe('PATCH /api/admin/community/posts/{id}', () => {
  async function post(): Promise<{ id: number; author: RegisteredUser }> {
    const author = await registerUser(server.url, { first_name: 'Asker' });
    const res = await operatorCall(server, author.token, 'POST', '/api/v1/community/posts', communityPostBody('asker'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: Number((res.body.data as { post_id: number }).post_id), author };
  }

  it('hides a request from the public (list and read), not from its author; closes one', async () => {
    const { id, author } = await post();
    const res = await operatorCall(server, manager.token, 'PATCH', `/api/admin/community/posts/${id}`, { hidden: true, reason: 'Spam' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, hidden: true, hidden_reason: 'Spam' });
    expect((await operatorCall(server, null, 'GET', `/api/v1/community/posts/${id}`)).status).toBe(404);
    const listed = await operatorCall(server, null, 'GET', '/api/v1/community/posts?per_page=50');
    expect((listed.body.data as { post_id: number }[]).map((p) => Number(p.post_id))).not.toContain(id);
    expect((await operatorCall(server, author.token, 'GET', `/api/v1/community/posts/${id}`)).status).toBe(200);
    const mine = await operatorCall(server, author.token, 'GET', '/api/v1/community/posts?mine=1');
    expect((mine.body.data as { post_id: number }[]).map((p) => Number(p.post_id))).toContain(id);

    const closed = await operatorCall(server, admin.token, 'PATCH', `/api/admin/community/posts/${id}`, { status: 'closed' });
    expect(closed.body.data).toMatchObject({ status: 'closed', hidden: true });
    expect((await auditRows(server, 'community_post', id)).map((r) => r.action)).toEqual(['community_post.hide', 'community_post.close']);
  });

  it('a hidden request leaves the community pull (a tombstone after a checkpoint) for everyone but its author', async () => {
    type Pull = { documents: { post_id: number; _deleted: boolean }[]; checkpoint: { updatedAt: number; id: string } | null };
    const pull = async (token: string, after: Pull['checkpoint']) => {
      const q = after === null ? '' : `&updatedAt=${after.updatedAt}&id=${encodeURIComponent(after.id)}`;
      const res = await operatorCall(server, token, 'GET', `/api/sync/community_posts/pull?v=1&limit=1000${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as Pull;
    };
    const { id, author } = await post();
    const reader = await registerUser(server.url, { first_name: 'Reader' });
    const seen = await pull(reader.token, null);
    expect(seen.documents.find((d) => Number(d.post_id) === id)?._deleted).toBe(false);
    const authorSeen = await pull(author.token, null);

    expect((await operatorCall(server, manager.token, 'PATCH', `/api/admin/community/posts/${id}`, { hidden: true, reason: 'Spam' })).status).toBe(200);
    const after = await pull(reader.token, seen.checkpoint);
    expect(after.documents.find((d) => Number(d.post_id) === id)?._deleted).toBe(true);
    expect((await pull(reader.token, null)).documents.map((d) => Number(d.post_id))).not.toContain(id);
    const own = await pull(author.token, authorSeen.checkpoint);
    expect(own.documents.find((d) => Number(d.post_id) === id)?._deleted).toBe(false);
  });

  it('refuses a bad body 422, an unknown id 404, other roles 403', async () => {
    const { id } = await post();
    for (const [body, parameter, message] of [
      [{}, 'hidden', 'The hidden field is required.'],
      [{ status: 'open' }, 'status', 'The selected status is invalid.'],
      [{ hidden: true }, 'reason', 'The reason field is required.'],
    ] as const) {
      const res = await operatorCall(server, admin.token, 'PATCH', `/api/admin/community/posts/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual({ parameter, message });
    }
    const missing = await operatorCall(server, admin.token, 'PATCH', '/api/admin/community/posts/999999', { status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('POST_NOT_FOUND');
    const buyer = await registerBuyer(server);
    expect((await operatorCall(server, buyer.token, 'PATCH', `/api/admin/community/posts/${id}`, { status: 'closed' })).status).toBe(403);
    expect(await auditRows(server, 'community_post', id)).toEqual([]);
  });
});
