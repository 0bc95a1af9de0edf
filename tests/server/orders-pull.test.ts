/**
 * The personal `orders` pull (GET /api/sync/orders/pull): the caller's own
 * order documents in (updatedAt, id) order, validated by the wire schema,
 * paged by checkpoint; a status change brings the order again with a later
 * updatedAt; a guest is 401; the answer is never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import { compareCheckpoints, pullResponseSchema, type Checkpoint } from '../../src/sync/protocol';
import { registerUser, requestJson, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as, orderBody, placeOrder, sellableVariant, type SellableVariant } from './support/order-fixtures';

let server: AuthServer;
let v: SellableVariant;
beforeAll(async () => {
  server = await startAuthServer({ products: 5 });
  v = await sellableVariant(server.db, 100);
});
afterAll(async () => {
  await server?.close();
});

async function pull(token: string | null, after: Checkpoint | null, limit = 500) {
  const params = new URLSearchParams({ v: '1', limit: String(limit) });
  if (after) {
    params.set('updatedAt', String(after.updatedAt));
    params.set('id', after.id);
  }
  const res = await requestJson(server.url, 'GET', `/api/sync/orders/pull?${params}`, undefined, token === null ? {} : { authorization: `Bearer ${token}` });
  return { status: res.status, headers: res.headers, body: res.status === 200 ? pullResponseSchema('orders').parse(res.body) : null };
}

async function pullAll(token: string, from: Checkpoint | null = null, limit = 1) {
  const docs: (OrderDoc & { _deleted: boolean })[] = [];
  let checkpoint = from;
  for (;;) {
    const res = await pull(token, checkpoint, limit);
    if (!res.body || res.body.documents.length === 0) return { docs, checkpoint };
    docs.push(...res.body.documents);
    checkpoint = res.body.checkpoint;
  }
}

describe('GET /api/sync/orders/pull', () => {
  let buyer: RegisteredUser;
  const placed: OrderDoc[] = [];
  beforeAll(async () => {
    buyer = await registerUser(server.url);
    for (let i = 0; i < 3; i++) placed.push((await placeOrder(server.url, buyer.token, orderBody([{ v, quantity: 1 }]))).body.data);
  });

  it("pulls the caller's orders one by one in checkpoint order, as the answers showed them", async () => {
    const first = await pull(buyer.token, null);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('no-store');
    expect(first.body?.remaining).toBe(0);
    const { docs } = await pullAll(buyer.token);
    expect(docs.map((d) => d.id)).toEqual(placed.map((o) => o.id));
    for (const [i, d] of docs.entries()) expect(d).toEqual({ ...placed[i], _deleted: false });
    const points = docs.map((d) => ({ updatedAt: d.updatedAt, id: d.id }));
    for (let i = 1; i < points.length; i++) expect(compareCheckpoints(points[i - 1] as Checkpoint, points[i] as Checkpoint)).toBeLessThan(0);
  });

  it('a change brings the order again after the last checkpoint; another buyer pulls none of it', async () => {
    const { checkpoint } = await pullAll(buyer.token);
    const cancelled = await as<{ data: OrderDoc }>(server.url, buyer.token, 'POST', `/api/orders/${placed[0]?.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const next = await pullAll(buyer.token, checkpoint);
    expect(next.docs.map((d) => [d.id, d.status])).toEqual([[placed[0]?.id, 'cancelled']]);
    const other = await registerUser(server.url);
    expect((await pullAll(other.token)).docs).toEqual([]);
  });

  it('a guest is 401; a bad checkpoint is 400', async () => {
    expect((await pull(null, null)).status).toBe(401);
    const res = await requestJson(server.url, 'GET', '/api/sync/orders/pull?v=1&updatedAt=5', undefined, { authorization: `Bearer ${buyer.token}` });
    expect(res.status).toBe(400);
    const v2 = await requestJson(server.url, 'GET', '/api/sync/orders/pull?v=2', undefined, { authorization: `Bearer ${buyer.token}` });
    expect(v2.status).toBe(400);
  });
});
