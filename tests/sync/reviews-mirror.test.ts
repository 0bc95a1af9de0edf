/**
 * Reviews are pulled like the catalogue, and the local `reviews` query answers
 * what GET /api/products/{id}/reviews answers for the same filters, sort and page
 * (items in order, totals, pages, summary), before and after a live change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewDoc, ReviewSort, ReviewSummary } from '../../src/domain/social';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { startClient, waitFor, type TestClient } from './support/client';

let server: AuthServer;
let client: TestClient;
let productIds: string[] = [];
let users: RegisteredUser[] = [];

interface ServerList {
  data: ReviewDoc[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  summary: ReviewSummary;
}

beforeAll(async () => {
  server = await startAuthServer({ products: 20 });
  const rows = await server.db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').limit(2).execute();
  productIds = rows.map((r) => String(r.id));
  users = await Promise.all(Array.from({ length: 7 }, () => registerUser(server.url)));
  const ratings = [5, 4, 4, 2, 5, 1, 3];
  const reviewIds: number[] = [];
  for (const [i, user] of users.entries()) {
    for (const product of productIds) {
      const res = await requestJson<{ data: ReviewDoc }>(
        server.url,
        'POST',
        '/api/reviews',
        { product_id: Number(product), rating: ratings[(i + Number(product)) % ratings.length], title: `T${i}`, content: `Review ${i}` },
        authHeaders(user.token),
      );
      expect(res.status).toBe(201);
      reviewIds.push(Number(res.body.data.id));
    }
  }
  // Helpful votes (ties included) so the 'helpful' sort has something to order.
  for (const [i, id] of reviewIds.entries()) {
    for (const voter of users.slice(0, i % 4)) {
      await requestJson(server.url, 'POST', `/api/reviews/${id}/react`, { reaction: 'helpful' }, authHeaders(voter.token));
    }
  }
  client = await startClient({ apiBase: server.url });
  await client.service.awaitInitialSync();
  // Reviews replicate after the catalogue: awaitInitialSync does not wait for them.
  await waitFor(async () => (await client.service.syncStatus()).collections.reviews.initialDone, 10_000, 'reviews initialDone');
});

afterAll(async () => {
  await client?.service.close();
  await server?.close();
});

const SORTS: ReviewSort[] = ['newest', 'helpful', 'rating'];

async function compareAll(): Promise<void> {
  for (const productId of productIds) {
    for (const sort of SORTS) {
      for (const rating of [undefined, 4, 5]) {
        for (const withImages of [undefined, false, true]) {
          for (const [page, limit] of [[1, 5], [2, 5], [1, 50], [3, 3]] as const) {
            const params = new URLSearchParams({ page: String(page), limit: String(limit), sort });
            if (rating !== undefined) params.set('rating', String(rating));
            if (withImages !== undefined) params.set('with_images', String(withImages));
            const remote = await requestJson<ServerList>(server.url, 'GET', `/api/products/${productId}/reviews?${params.toString()}`);
            expect(remote.status).toBe(200);
            const local = await client.service.query({ kind: 'reviews', productId, page, limit, sort, rating, withImages });
            const label = `${productId} ${params.toString()}`;
            expect(local.items, label).toEqual(remote.body.data);
            expect(
              { total: local.total, page: local.page, perPage: local.perPage, lastPage: local.lastPage },
              label,
            ).toEqual({
              total: remote.body.meta.total,
              page: remote.body.meta.current_page,
              perPage: remote.body.meta.per_page,
              lastPage: remote.body.meta.last_page,
            });
            expect(local.summary, label).toEqual(remote.body.summary);
          }
        }
      }
    }
  }
}

describe('reviews mirror', () => {
  it('pulls every review and answers the listing like the server', async () => {
    const total = await server.db.kysely.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const db = await client.service.database();
    expect(await db.reviews.count().exec()).toBe(Number(total.n));
    await compareAll();
  });

  it('follows live changes (an edit and a delete) and still agrees', async () => {
    const db = await client.service.database();
    const mine = await requestJson<ServerList>(server.url, 'GET', `/api/products/${productIds[0] ?? ''}/reviews?limit=50`);
    const own = mine.body.data.find((r) => r.userId === users[0]?.user.id);
    const other = mine.body.data.find((r) => r.userId === users[1]?.user.id);
    expect(own && other).toBeTruthy();
    const edit = await requestJson(server.url, 'PUT', `/api/reviews/${own?.id ?? ''}`, { rating: 1, title: 'Changed', content: 'Changed my mind' }, authHeaders(users[0]?.token ?? ''));
    expect(edit.status).toBe(200);
    const del = await requestJson(server.url, 'DELETE', `/api/reviews/${other?.id ?? ''}`, undefined, authHeaders(users[1]?.token ?? ''));
    expect(del.status).toBe(200);
    await waitFor(async () => {
      const a = await db.reviews.findOne(own?.id ?? '').exec();
      const b = await db.reviews.findOne(other?.id ?? '').exec();
      return a?.rating === 1 && b === null;
    }, 5000, 'edit and delete pulled');
    await compareAll();
  });

  it('rejects a query outside the contract', async () => {
    await expect(client.service.query({ kind: 'reviews', productId: productIds[0] ?? '', limit: 51 })).rejects.toThrow(/limit/);
    await expect(client.service.query({ kind: 'reviews', productId: 'x' })).rejects.toThrow(/productId/);
  });
});
