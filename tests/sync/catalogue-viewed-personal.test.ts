/**
 * The 'viewed' catalogue mode (issue 25) and the shopper's own screens: the wishlist shows each item's product from
 * the local catalogue, which in that mode holds only what was viewed, so the worker fetches the missing products
 * by id (GET /api/sync/products/view?ids=) and stores them: the wishlist then shows them offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';
import { plain, serverDocs, startClient, waitFor, type TestClient } from './support/client';

let server: AuthServer;
let client: TestClient | null = null;

beforeAll(async () => {
  server = await startAuthServer({ products: 30 });
});
afterAll(async () => {
  await client?.service.close();
  await server?.close();
});

describe("'viewed' mode and the wishlist", () => {
  it('the wishlist\'s products are fetched by id, stored, and shown offline', async () => {
    const user = await registerUser(server.url);
    for (const id of [7, 11]) {
      expect((await requestJson(server.url, 'POST', '/api/wishlist', { product_id: id }, authHeaders(user.token))).status).toBe(201);
    }
    const asked: string[] = [];
    const fetchLike: FetchLike = (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    };
    client = await startClient({ apiBase: server.url, fetch: fetchLike, dataSaver: true });
    await client.service.awaitInitialSync();
    await client.service.setSession(user.token);
    await client.service.awaitPersonalSync();

    const all = await serverDocs(server.url, 'products');
    await waitFor(async () => (await client!.service.query({ kind: 'wishlist' })).every((e) => e.product !== null), 10_000, 'the products');
    await client.service.personalProductsIdle();
    const entries = await client.service.query({ kind: 'wishlist' });
    expect(entries.map((e) => e.item.id).sort()).toEqual(['11', '7']);
    for (const e of entries) expect(e.product).toEqual(plain(all.get(e.item.id)!));
    expect(asked.filter((u) => u.includes('/api/sync/products/view') && u.includes('ids=')).length).toBeGreaterThan(0);
    expect(asked.filter((u) => u.includes('/api/sync/products/pull'))).toEqual([]);

    client.online.set(false);
    expect((await client.service.query({ kind: 'wishlist' })).map((e) => e.product?.id).sort()).toEqual(['11', '7']);
  });
});
