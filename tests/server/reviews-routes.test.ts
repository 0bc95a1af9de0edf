/**
 * Reviews over real HTTP and a real SQLite file: list (filters, sort, paging,
 * summary), create (JSON and multipart), one per user and product, edit and
 * delete by the author only, reactions by others, bad inputs never 5xx, and the
 * product's rating and count always equal to its review rows.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => server.close());

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  requestJson(server.url, method, path, body, token ? authHeaders(token) : {});

async function productIds(): Promise<number[]> {
  const rows = await server.db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

/** products.rating_x10 / reviews_count against the live review rows. */
async function expectConsistent(productId: number): Promise<void> {
  const p = await server.db.kysely.selectFrom('products').select(['rating_x10', 'reviews_count']).where('id', '=', productId).executeTakeFirstOrThrow();
  const rows = await server.db.kysely.selectFrom('reviews').select('rating').where('product_id', '=', productId).where('deleted', '=', 0).execute();
  const total = rows.reduce((s, r) => s + Number(r.rating), 0);
  expect(Number(p.reviews_count)).toBe(rows.length);
  expect(Number(p.rating_x10)).toBe(rows.length === 0 ? 0 : Math.round((total * 10) / rows.length));
}

async function form(fields: Record<string, string>, files: { name: string; data: Buffer; type: string }[] = []): Promise<FormData> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('images[]', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return fd;
}

async function postForm(token: string, fd: FormData) {
  const res = await fetch(`${server.url}/api/reviews`, { method: 'POST', headers: authHeaders(token), body: fd });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('reviews', () => {
  it('create, list with summary, edit, react, delete: the product follows every step', async () => {
    // A product the seed left without reviews, so the summary below counts only this test's.
    const unreviewed = await server.db.kysely.selectFrom('products').select('id').where('reviews_count', '=', 0).where('deleted', '=', 0).orderBy('id').executeTakeFirst();
    const pid = unreviewed === undefined ? undefined : Number(unreviewed.id);
    if (pid === undefined) throw new Error('no product without reviews');
    await expectConsistent(pid);
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    const before = await server.db.kysely.selectFrom('products').select('updated_at').where('id', '=', pid).executeTakeFirstOrThrow();

    const created = await call('POST', '/api/reviews', a.token, { product_id: pid, rating: 5, title: 'Great', content: 'Lovely djellaba' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: 'Review submitted', data: { productId: pid, rating: 5, title: 'Great', images: [], verifiedPurchase: false, helpfulCount: 0 } });
    const id = String((created.body.data as { id: string }).id);
    await expectConsistent(pid);
    const after = await server.db.kysely.selectFrom('products').select('updated_at').where('id', '=', pid).executeTakeFirstOrThrow();
    expect(Number(after.updated_at)).toBeGreaterThan(Number(before.updated_at));

    const dup = await call('POST', '/api/reviews', a.token, { product_id: pid, rating: 1, content: 'again' });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({ code: 'REVIEW_EXISTS', message: 'You have already reviewed this product.' });

    expect((await call('POST', '/api/reviews', b.token, { product_id: pid, rating: 2, content: 'Meh' })).status).toBe(201);
    await expectConsistent(pid);
    const list = await call('GET', `/api/products/${pid}/reviews?limit=1&sort=rating`, null);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, meta: { current_page: 1, last_page: 2, per_page: 1, total: 2 }, summary: { average: 3.5, count: 2, distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 } } });
    expect((list.body.data as { rating: number }[])[0]?.rating).toBe(5);
    expect((await call('GET', `/api/products/${pid}/reviews?rating=2`, null)).body).toMatchObject({ meta: { total: 1 } });
    expect((await call('GET', `/api/products/${pid}/reviews?with_images=true`, null)).body).toMatchObject({ meta: { total: 0 } });

    // Only the author edits or deletes; the author does not react to their own review.
    expect((await call('PUT', `/api/reviews/${id}`, b.token, { rating: 1 })).status).toBe(403);
    expect((await call('DELETE', `/api/reviews/${id}`, b.token)).status).toBe(403);
    expect((await call('PUT', `/api/reviews/${id}`, null, { rating: 1 })).status).toBe(401);
    const edited = await call('PUT', `/api/reviews/${id}`, a.token, { rating: 3, content: 'Changed my mind' });
    expect(edited.body).toMatchObject({ data: { rating: 3, content: 'Changed my mind', title: 'Great' } });
    await expectConsistent(pid);
    expect((await call('POST', `/api/reviews/${id}/react`, a.token, { reaction: 'helpful' })).status).toBe(403);
    expect((await call('POST', `/api/reviews/${id}/react`, b.token, { reaction: 'helpful' })).body).toEqual({ success: true, data: { helpfulCount: 1, notHelpfulCount: 0, reaction: 'helpful' } });
    expect((await call('POST', `/api/reviews/${id}/react`, b.token, { reaction: 'not_helpful' })).body).toMatchObject({ data: { helpfulCount: 0, notHelpfulCount: 1 } });
    expect((await call('POST', `/api/reviews/${id}/react`, b.token, { reaction: null })).body).toMatchObject({ data: { helpfulCount: 0, notHelpfulCount: 0, reaction: null } });

    expect((await call('DELETE', `/api/reviews/${id}`, a.token)).body).toEqual({ success: true, message: 'Review deleted' });
    expect((await call('DELETE', `/api/reviews/${id}`, a.token)).status).toBe(404);
    await expectConsistent(pid);
    // Deleted: a new review by the same author is allowed again.
    expect((await call('POST', '/api/reviews', a.token, { product_id: pid, rating: 4, content: 'Back again' })).status).toBe(201);
    await expectConsistent(pid);
  });

  it('bad inputs are 4xx, never 5xx, and write nothing', async () => {
    const [pid] = await productIds();
    const a = await registerUser(server.url);
    const countBefore = (await server.db.kysely.selectFrom('reviews').select('id').execute()).length;
    const bodies: unknown[] = [
      {},
      { product_id: pid, rating: 0, content: 'x' },
      { product_id: pid, rating: 6, content: 'x' },
      { product_id: pid, rating: 4.5, content: 'x' },
      { product_id: pid, rating: 4, content: '' },
      { product_id: pid, rating: 4, content: 'x'.repeat(2001) },
      { product_id: pid, rating: 4, content: 'x', title: 't'.repeat(121) },
      { product_id: 'abc', rating: 4, content: 'x' },
      { product_id: 99999999999, rating: 4, content: 'x' },
      [1, 2],
      'null',
    ];
    for (const body of bodies) {
      const r = await call('POST', '/api/reviews', a.token, body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await call('POST', '/api/reviews', a.token, { product_id: 999999, rating: 4, content: 'x' })).status).toBe(404);
    expect((await call('POST', '/api/reviews', a.token, '{bad json')).status).toBe(400);
    for (const q of ['page=0', 'limit=51', 'rating=6', 'sort=best', 'with_images=maybe']) {
      expect((await call('GET', `/api/products/${pid}/reviews?${q}`, null)).status, q).toBe(400);
    }
    expect((await call('GET', '/api/products/999999/reviews', null)).status).toBe(404);
    for (const id of ['0', 'x', '99999999', '1e3']) {
      expect((await call('PUT', `/api/reviews/${id}`, a.token, { rating: 3 })).status).toBe(404);
      expect((await call('POST', `/api/reviews/${id}/react`, a.token, { reaction: 'helpful' })).status).toBe(404);
    }
    expect((await server.db.kysely.selectFrom('reviews').select('id').execute()).length).toBe(countBefore);
  });

  it('images: checked by content, at most 5 of at most 2 MB, re-encoded to WebP without metadata', async () => {
    const ids = await productIds();
    const a = await registerUser(server.url);
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#a33' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-GPS-MARKER' } } })
      .png()
      .toBuffer();
    const text = Buffer.from('this is not an image at all');
    const fields = (pid: number | undefined) => ({ product_id: String(pid), rating: '4', content: 'With pictures' });

    const wrongType = await postForm(a.token, await form(fields(ids[1]), [{ name: 'photo.jpg', data: text, type: 'image/jpeg' }]));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body).toMatchObject({ code: 'REVIEW_IMAGE_TYPE', message: 'Images must be JPG, PNG, WebP or GIF.' });
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const tooBig = await postForm(a.token, await form(fields(ids[1]), [{ name: 'big.png', data: big, type: 'image/png' }]));
    expect([413, 422]).toContain(tooBig.status);
    expect(tooBig.body).toMatchObject({ message: 'Each image must be at most 2 MB.' });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: png, type: 'image/png' }));
    const tooMany = await postForm(a.token, await form(fields(ids[1]), six));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ message: 'You can upload at most 5 images.' });
    expect(await server.db.kysely.selectFrom('reviews').select('id').where('product_id', '=', Number(ids[1])).where('user_id', '=', a.user.id).execute()).toEqual([]);

    // A PNG named .gif is fine: the bytes decide.
    const ok = await postForm(a.token, await form(fields(ids[1]), [{ name: 'renamed.gif', data: png, type: 'image/gif' }, { name: 'b.png', data: png, type: 'image/png' }]));
    expect(ok.status).toBe(201);
    const images = (ok.body.data as { images: string[] }).images;
    expect(images).toHaveLength(2);
    const res = await fetch(`${server.url}${images[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1200);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SECRET-GPS-MARKER'))).toBe(false);
    expect((await call('GET', `/api/products/${ids[1]}/reviews?with_images=1`, null)).body).toMatchObject({ meta: { total: 1 } });
    expect((await fetch(`${server.url}/media/reviews/${'0'.repeat(32)}.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/reviews/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('the public pull carries reviews with soft deletes', async () => {
    const ids = await productIds();
    const a = await registerUser(server.url);
    const created = await call('POST', '/api/reviews', a.token, { product_id: ids[3], rating: 2, content: 'To be deleted' });
    const id = (created.body.data as { id: string }).id;
    await call('DELETE', `/api/reviews/${id}`, a.token);
    const pulled = await call('GET', '/api/sync/reviews/pull?v=1&limit=2000', null);
    expect(pulled.status).toBe(200);
    const doc = (pulled.body.documents as { id: string; _deleted: boolean }[]).find((d) => d.id === id);
    expect(doc?._deleted).toBe(true);
  });
});
