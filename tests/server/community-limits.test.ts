/**
 * Abuse limits of community posts and messages (docs/COMMUNITY.md): posts
 * created per user (communityPost, 10/hour) and REST messages sent per user
 * (messageSend, 60/min, the buyer and seller routes on one counter) answer 429
 * TOO_MANY_REQUESTS past the limit, per user (another user is not affected);
 * and a seller may not respond to their own request (422 RESPONSE_OWN_POST).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, registerUser, requestJson, sellerLogin, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({
    products: 10,
    auth: { rateLimits: { communityPost: { max: 2, windowMs: 60_000 }, messageSend: { max: 3, windowMs: 60_000 } } },
  });
});
afterAll(async () => {
  await server?.close();
});

const post = (): Record<string, unknown> => ({ title: 'A kaftan', description: 'Made to measure', budget_min: 10, budget_max: 20, client_ref: `p-${randomUUID()}` });

describe('per-user limits', () => {
  it('communityPost: the third post in the window is 429 for that user only', async () => {
    const a = authHeaders((await registerUser(server.url)).token);
    const b = authHeaders((await registerUser(server.url)).token);
    expect((await requestJson(server.url, 'POST', '/api/v1/community/posts', post(), a)).status).toBe(201);
    expect((await requestJson(server.url, 'POST', '/api/v1/community/posts', post(), a)).status).toBe(201);
    const third = await requestJson(server.url, 'POST', '/api/v1/community/posts', post(), a);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await requestJson(server.url, 'POST', '/api/v1/community/posts', post(), b)).status).toBe(201);
  });

  it('messageSend: the fourth message in the window is 429', async () => {
    const a = authHeaders((await registerUser(server.url)).token);
    const shop = await server.db.kysely.selectFrom('shops').select('id').where('owner_user_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const send = () => requestJson(server.url, 'POST', '/api/messages', { shop_id: Number(shop.id), content: 'hi', client_ref: `m-${randomUUID()}` }, a);
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('responding', () => {
  it('a verified seller cannot respond to their own request: 422 RESPONSE_OWN_POST', async () => {
    const shop = await server.db.kysely
      .selectFrom('shops')
      .select('slug')
      .where('owner_user_id', 'is not', null)
      .where('is_verified', '=', 1)
      .where('deleted', '=', 0)
      .where('status', '!=', 'suspended')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const seller = authHeaders((await sellerLogin(server.url, shop.slug)).token);
    const created = await requestJson(server.url, 'POST', '/api/v1/community/posts', post(), seller);
    expect(created.status).toBe(201);
    const postId = (created.body as { data: { post_id: number } }).data.post_id;
    const res = await requestJson(server.url, 'POST', `/api/v1/seller/community/posts/${postId}/respond`, { message: 'I can make it', price: 15, delivery_days: 5, client_ref: `r-${randomUUID()}` }, seller);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'RESPONSE_OWN_POST', message: 'You cannot respond to your own request.' });
  });
});
