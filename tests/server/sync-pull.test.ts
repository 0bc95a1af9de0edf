/** GET /api/sync/{collection}/pull: wire format v1, checkpoints, soft deletes, live writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCheckpoints, REPLICATED_COLLECTIONS } from '../../src/sync/protocol';
import { deleteProduct, startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { getJson } from './support/http';
import { pullAll, pullBatch } from './support/pull-all';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 150 });
});
afterAll(async () => {
  await server?.close();
});

async function rowCount(table: 'products' | 'categories' | 'shops' | 'reviews'): Promise<number> {
  const row = await server.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('pull paging', () => {
  it.each(REPLICATED_COLLECTIONS.map((c) => [c]))('%s: small batches return every document exactly once, in checkpoint order', async (collection) => {
    const total = await rowCount(collection);
    const { documents, batches } = await pullAll(server.url, collection, 7);
    expect(documents).toHaveLength(total);
    expect(new Set(documents.map((d) => d.id)).size).toBe(total);
    for (let i = 1; i < documents.length; i++) {
      const prev = documents[i - 1];
      const cur = documents[i];
      if (!prev || !cur) continue;
      expect(compareCheckpoints({ updatedAt: prev.updatedAt, id: prev.id }, { updatedAt: cur.updatedAt, id: cur.id })).toBeLessThan(0);
    }
    // remaining counts down to 0; each batch's checkpoint is its last document.
    let left = total;
    for (const batch of batches.slice(0, -1)) {
      left -= batch.documents.length;
      expect(batch.remaining).toBe(left);
      const last = batch.documents[batch.documents.length - 1];
      expect(batch.checkpoint).toEqual({ updatedAt: last?.updatedAt, id: last?.id });
      expect(batch.documents.length).toBeLessThanOrEqual(7);
    }
    expect(documents.every((d) => d._deleted === false)).toBe(true);
  });

  it('an empty batch echoes the request checkpoint (caught up)', async () => {
    const { checkpoint } = await pullAll(server.url, 'shops', 100);
    const again = await pullBatch(server.url, 'shops', checkpoint, 100);
    expect(again.documents).toEqual([]);
    expect(again.checkpoint).toEqual(checkpoint);
    expect(again.remaining).toBe(0);
  });

  it('defaults the limit and starts from the beginning without a checkpoint', async () => {
    const res = await getJson<{ documents: unknown[]; remaining: number }>(server.url, '/api/sync/products/pull?v=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.documents).toHaveLength(150);
    expect(res.body.remaining).toBe(0);
  });
});

describe('live writes', () => {
  it('an updated product comes after the checkpoint with its new values; a soft delete comes with _deleted', async () => {
    const first = await pullAll(server.url, 'products', 50);
    const target = first.documents[10];
    const other = first.documents[20];
    if (!target || !other) throw new Error('no products');

    const updated = await updateProduct(server, target.id, { price: 1234.5, discountPrice: null });
    expect(updated?.price).toBe(1234.5);
    expect(updated?.effective_price).toBe(1234.5);
    const next = await pullAll(server.url, 'products', 50, first.checkpoint);
    expect(next.documents.map((d) => d.id)).toEqual([target.id]);
    expect(next.documents[0]).toMatchObject({ price: 1234.5, discount_price: null, has_discount: false, _deleted: false });
    expect(next.documents[0]?.updatedAt).toBeGreaterThan(first.checkpoint?.updatedAt ?? 0);

    await deleteProduct(server, other.id);
    const afterDelete = await pullAll(server.url, 'products', 50, next.checkpoint);
    expect(afterDelete.documents).toHaveLength(1);
    expect(afterDelete.documents[0]).toMatchObject({ id: other.id, _deleted: true });
    // The shop's products_count follows, as a change of the shop document.
    const shops = await pullAll(server.url, 'shops', 50);
    const shop = shops.documents.find((s) => Number(s.id) === other.shop_id);
    const shopAfter = shops.documents[shops.documents.length - 1];
    expect(shopAfter?.id).toBe(shop?.id);
  });

  it('writes in the same millisecond still get strictly increasing updatedAt, and none is skipped', async () => {
    const start = await pullAll(server.url, 'products', 500);
    const ids = start.documents.filter((d) => !d._deleted).slice(0, 25).map((d) => d.id);
    const results = await Promise.all(ids.map((id, i) => updateProduct(server, id, { price: 500 + i, discountPrice: null })));
    const stamps = results.map((r) => r?.updatedAt ?? 0);
    expect(new Set(stamps).size).toBe(ids.length);
    const next = await pullAll(server.url, 'products', 4, start.checkpoint);
    expect(next.documents.map((d) => d.id).sort()).toEqual([...ids].sort());
    const ordered = next.documents.map((d) => d.updatedAt);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('a checkpoint in the middle of a batch resumes exactly after it', async () => {
    const all = (await pullAll(server.url, 'products', 1000)).documents;
    const mid = all[70];
    if (!mid) throw new Error('too few');
    const rest = await pullAll(server.url, 'products', 9, { updatedAt: mid.updatedAt, id: mid.id });
    expect(rest.documents.map((d) => d.id)).toEqual(all.slice(71).map((d) => d.id));
  });
});

describe('bad requests', () => {
  it('404s for an unknown collection', async () => {
    const res = await getJson(server.url, '/api/sync/nonsense/pull?v=1');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false });
  });

  it.each([
    ['v=2', 'v'],
    ['', 'v'],
    ['v=1&limit=0', 'limit'],
    ['v=1&limit=2001', 'limit'],
    ['v=1&limit=abc', 'limit'],
    ['v=1&updatedAt=5', '(request)'],
    ['v=1&updatedAt=-1&id=3', 'updatedAt'],
    ['v=1&updatedAt=1e300&id=3', 'updatedAt'],
    ['v=1&updatedAt=5&id=%00', 'id'],
  ])('400s for ?%s', async (query, param) => {
    const res = await getJson<{ success: boolean; message: string }>(server.url, `/api/sync/products/pull?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(`'${param}'`);
  });
});
