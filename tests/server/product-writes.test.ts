/** Internal product writes: each returns the product as its own write left it, even among concurrent writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 10 });
});
afterAll(async () => {
  await server?.close();
});

describe('updateProduct', () => {
  it('answers each of several concurrent writes with its own result, in commit order', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => updateProduct(server, '3', { price: 500 + i, discountPrice: null })),
    );
    expect(results.map((r) => r?.price)).toEqual([500, 501, 502, 503, 504, 505, 506, 507]);
    const times = results.map((r) => r?.updatedAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(8);
  });

  it('answers null for a product that does not exist', async () => {
    expect(await updateProduct(server, '987654', { price: 10 })).toBeNull();
  });
});
