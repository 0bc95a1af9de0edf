/**
 * The wishlist (docs/COMMERCE.md, "Wishlist API") and its personal pull
 * GET /api/sync/wishlist/pull: every endpoint, the refusals, soft deletes in
 * the pull, strictly increasing updatedAt per user, and the `wishlist` poke.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { wishlistDocSchema } from '../../src/domain/commerce-schemas';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
let h: Record<string, string>;
let userId: number;
let products: number[];

interface WishlistAnswer {
  success?: boolean;
  code?: string;
  message?: string;
  item?: Record<string, unknown> & { product_id: number; notes: string; updatedAt: number; product: Record<string, unknown> };
  items?: { product_id: number; notes: string; product: { id: number; name: string; in_stock: boolean } }[];
  errors?: { parameter: string; message: string }[];
}

interface PullAnswer {
  v: number;
  documents: (Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean })[];
  checkpoint: { updatedAt: number; id: string } | null;
  remaining: number;
}

beforeAll(async () => {
  server = await startAuthServer();
  const u = await registerUser(server.url);
  h = authHeaders(u.token);
  userId = Number(u.user.id);
  const rows = await server.db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').limit(8).execute();
  products = rows.map((r) => Number(r.id));
});
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, headers = h) => requestJson<WishlistAnswer>(server.url, method, path, body, headers);
const product = (i: number): number => {
  const id = products[i];
  if (id === undefined) throw new Error(`no product ${i}`);
  return id;
};

describe('wishlist API', () => {
  it('POST adds (201 "Added to wishlist") with the product; again → 400 WISHLIST_EXISTS "Item already in wishlist"', async () => {
    const r = await call('POST', '/api/wishlist', { product_id: product(0), notify_price_drop: true, notes: 'for Eid' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Added to wishlist' });
    const item = r.body.item;
    expect(item).toMatchObject({ id: String(product(0)), product_id: product(0), notify_price_drop: true, notify_back_in_stock: false, notes: 'for Eid' });
    expect(wishlistDocSchema.safeParse(item).success).toBe(true);
    expect(item?.product).toMatchObject({ id: product(0) });
    expect(Object.keys(item?.product ?? {}).sort()).toEqual(['effective_price', 'id', 'in_stock', 'main_image', 'name', 'name_ar', 'price']);
    const again = await call('POST', '/api/wishlist', { product_id: product(0) });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'WISHLIST_EXISTS', message: 'Item already in wishlist' });
  });

  it('POST refusals: unknown product 404, bad id 400, bad fields 422; never 5xx', async () => {
    expect((await call('POST', '/api/wishlist', { product_id: 99_999_999 })).body).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    for (const product_id of [0, -1, 'abc', null, 1.5]) {
      const r = await call('POST', '/api/wishlist', { product_id });
      expect(r.status, String(product_id)).toBe(400);
      expect(r.body.code).toBe('INVALID_PRODUCT_ID');
    }
    const notes = await call('POST', '/api/wishlist', { product_id: product(1), notes: 'x'.repeat(501) });
    expect(notes.status).toBe(422);
    expect(notes.body.errors?.[0]?.parameter).toBe('notes');
    expect((await call('POST', '/api/wishlist', { product_id: product(1), notify_price_drop: 'yes' })).status).toBe(422);
    expect((await call('POST', '/api/wishlist', '[1]')).status).toBe(422);
  });

  it('GET lists the live items with their product', async () => {
    await call('POST', '/api/wishlist', { product_id: product(1) });
    const r = await call('GET', '/api/wishlist');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.items?.map((i) => i.product_id).sort()).toEqual([product(0), product(1)].sort());
    expect(r.headers.get('cache-control')).toContain('no-store');
  });

  it('PUT changes the given fields; not there → 404 WISHLIST_ITEM_NOT_FOUND "Item not found in wishlist"', async () => {
    const r = await call('PUT', `/api/wishlist/${product(0)}`, { notify_back_in_stock: true, notes: 'size M' });
    expect(r.status).toBe(200);
    expect(r.body.item).toMatchObject({ notify_price_drop: true, notify_back_in_stock: true, notes: 'size M' });
    const missing = await call('PUT', `/api/wishlist/${product(5)}`, { notes: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'WISHLIST_ITEM_NOT_FOUND', message: 'Item not found in wishlist' });
    expect((await call('PUT', '/api/wishlist/abc', { notes: 'x' })).body.code).toBe('WISHLIST_ITEM_NOT_FOUND');
  });

  it('DELETE removes ("Removed from wishlist"); not there → the same 200; it can be added again', async () => {
    const r = await call('DELETE', `/api/wishlist/${product(1)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Removed from wishlist' });
    expect((await call('DELETE', `/api/wishlist/${product(1)}`)).status).toBe(200);
    expect((await call('DELETE', '/api/wishlist/abc')).status).toBe(200);
    expect((await call('GET', '/api/wishlist')).body.items?.map((i) => i.product_id)).toEqual([product(0)]);
    const back = await call('POST', '/api/wishlist', { product_id: product(1) });
    expect(back.status).toBe(201);
    expect(back.body.item).toMatchObject({ notes: '', notify_price_drop: false });
  });

  it('a guest gets 401 UNAUTHENTICATED on every wishlist path', async () => {
    for (const [method, path] of [
      ['GET', '/api/wishlist'],
      ['POST', '/api/wishlist'],
      ['PUT', `/api/wishlist/${product(0)}`],
      ['DELETE', `/api/wishlist/${product(0)}`],
      ['GET', '/api/sync/wishlist/pull?v=1'],
    ] as const) {
      const r = await call(method, path, method === 'POST' || method === 'PUT' ? { product_id: product(0) } : undefined, {});
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it("each user sees only their own wishlist", async () => {
    const other = authHeaders((await registerUser(server.url)).token);
    expect((await call('GET', '/api/wishlist', undefined, other)).body.items).toEqual([]);
    expect((await call('PUT', `/api/wishlist/${product(0)}`, { notes: 'mine now' }, other)).status).toBe(404);
    expect((await call('DELETE', `/api/wishlist/${product(0)}`, undefined, other)).status).toBe(200);
    expect((await call('GET', '/api/wishlist')).body.items?.some((i) => i.product_id === product(0))).toBe(true);
  });
});

describe('the personal pull and the poke', () => {
  it('pulls own documents in (updatedAt, id) order with soft deletes, paging by checkpoint', async () => {
    const u = await registerUser(server.url);
    const uh = authHeaders(u.token);
    for (const i of [2, 3, 4]) await call('POST', '/api/wishlist', { product_id: product(i) }, uh);
    await call('DELETE', `/api/wishlist/${product(3)}`, undefined, uh);
    await call('PUT', `/api/wishlist/${product(2)}`, { notes: 'later' }, uh);

    const all = await requestJson<PullAnswer>(server.url, 'GET', '/api/sync/wishlist/pull?v=1', undefined, uh);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toContain('no-store');
    expect(all.body.documents.map((d) => [d.id, d._deleted])).toEqual([
      [String(product(4)), false],
      [String(product(3)), true],
      [String(product(2)), false],
    ]);
    const stamps = all.body.documents.map((d) => d.updatedAt);
    expect(new Set(stamps).size).toBe(3);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    for (const d of all.body.documents) {
      const { _deleted: _d, ...doc } = d;
      expect(wishlistDocSchema.safeParse(doc).success, JSON.stringify(d)).toBe(true);
    }
    expect(all.body.documents.find((d) => d.id === String(product(2)))?.notes).toBe('later');

    const page1 = await requestJson<PullAnswer>(server.url, 'GET', '/api/sync/wishlist/pull?v=1&limit=2', undefined, uh);
    expect(page1.body.documents).toHaveLength(2);
    expect(page1.body.remaining).toBe(1);
    const cp = page1.body.checkpoint;
    const page2 = await requestJson<PullAnswer>(server.url, 'GET', `/api/sync/wishlist/pull?v=1&limit=2&updatedAt=${cp?.updatedAt}&id=${cp?.id}`, undefined, uh);
    expect(page2.body.documents.map((d) => d.id)).toEqual([String(product(2))]);
    expect(page2.body.remaining).toBe(0);

    // Nothing of the other user's.
    const mine = await requestJson<PullAnswer>(server.url, 'GET', '/api/sync/wishlist/pull?v=1', undefined, h);
    expect(mine.body.documents.map((d) => d.id)).not.toContain(String(product(4)));
    expect((await requestJson(server.url, 'GET', '/api/sync/wishlist/pull?v=1&limit=abc', undefined, uh)).status).toBe(400);
  });

  it("every real write pokes `wishlist` to the owner's streams with the written checkpoint; a no-op does not", async () => {
    const seen: CollectionChange[] = [];
    const stop = server.db.changes.subscribe((c) => seen.push(c));
    try {
      await call('POST', '/api/wishlist', { product_id: product(6) });
      await call('PUT', `/api/wishlist/${product(6)}`, { notes: 'n' });
      await call('DELETE', `/api/wishlist/${product(6)}`);
      await call('DELETE', `/api/wishlist/${product(6)}`);
      await call('POST', '/api/wishlist', { product_id: product(0) });
    } finally {
      stop();
    }
    const pokes = seen.filter((c) => c.collection === 'wishlist');
    expect(pokes).toHaveLength(3);
    for (const c of pokes) {
      expect(c.userId).toBe(userId);
      expect(c.checkpoint.id).toBe(String(product(6)));
    }
  });
});
