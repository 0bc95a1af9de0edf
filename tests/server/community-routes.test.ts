/**
 * Community requests (docs/COMMUNITY.md, "Community") over a real server on a
 * real SQLite file with the demo seed: the list and its filters, one post,
 * creating one (JSON and multipart, the exact validation and image texts,
 * client_ref and Idempotency-Key retries, NUL refused), the sellers it
 * notifies, responses (verified sellers only, one per shop, visibility),
 * the owner's answers (accept moves the post to in_progress), closing, and
 * the personal pull with its pokes.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPostSchema, communityResponseSchema } from '../../src/domain/community-schemas';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import type { PushNotification } from '../../src/server/push/push-sender';
import { DEMO_POSTS } from '../../src/server/seed/seed-community';
import { SHOPS } from '../../src/server/seed/shop-data';
import { slugify } from '../../src/server/repositories/shop-reads';
import { authHeaders, registerUser, requestJson, sellerLogin, startAuthServer, type AuthServer } from '../helpers/auth';
import { readSse } from './support/sse';

type Json = Record<string, unknown>;
interface Answer {
  success?: boolean;
  code?: string;
  message?: string;
  data?: unknown;
  meta?: Json;
  errors?: { parameter: string; message: string }[];
}

let server: AuthServer;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
/** Seller of shop 1 (verified), of shop 2 (verified), of an unverified shop. */
let sellerX: { token: string; id: number; shopId: number };
let sellerY: { token: string; id: number; shopId: number };
let unverified: { token: string; id: number };
const pushed: { userIds: number[]; notification: PushNotification }[] = [];

const V1 = '/api/v1';

beforeAll(async () => {
  server = await startAuthServer({ products: 60 });
  server.app.push = {
    provider: 'local',
    notify: (userIds, notification) => {
      pushed.push({ userIds: [...userIds], notification });
      return Promise.resolve({ delivered: userIds.length, dropped: 0 });
    },
  };
  const a = await registerUser(server.url, { first_name: 'Salma', last_name: 'Buyer' });
  buyer = { token: a.token, id: Number(a.user.id) };
  const b = await registerUser(server.url);
  other = { token: b.token, id: Number(b.user.id) };
  const seller = async (index: number) => {
    const s = SHOPS[index];
    if (!s) throw new Error(`no shop ${index}`);
    const { token, user } = await sellerLogin(server.url, slugify(s.name));
    return { token, id: Number(user.id), shopId: Number(user.shop?.id) };
  };
  sellerX = await seller(0);
  sellerY = await seller(1);
  const u = await seller(SHOPS.findIndex((s) => !s.is_verified && s.status === 'active'));
  unverified = { token: u.token, id: u.id };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, token?: string | null, headers: Record<string, string> = {}) =>
  requestJson<Answer>(server.url, method, path, body, { ...(token ? authHeaders(token) : {}), ...headers });

function postBody(patch: Json = {}): Json {
  return {
    title: 'Blue takchita for an engagement',
    description: 'A two-piece takchita in sky blue with silver embroidery.',
    category: 'clothing',
    budget_min: 1200,
    budget_max: 2500.5,
    timeline_value: 3,
    timeline_unit: 'weeks',
    expected_delivery: '2026-05-01',
    specifications: 'Size S',
    required_skills: ['Embroidery'],
    preferred_colors: ['blue', 'white'],
    preferred_styles: ['Modern Classic'],
    client_ref: randomUUID(),
    ...patch,
  };
}

async function newPost(patch: Json = {}, token = buyer.token): Promise<Json & { post_id: number; id: string }> {
  const r = await call('POST', `${V1}/community/posts`, postBody(patch), token);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as Json & { post_id: number; id: string };
}

async function respond(postId: number, token = sellerX.token, patch: Json = {}) {
  return call('POST', `${V1}/seller/community/posts/${postId}/respond`, { message: 'We can make it.', price: 1800, delivery_days: 20, client_ref: randomUUID(), ...patch }, token);
}

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6' } }).png().toBuffer();
}
const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;

describe('GET /api/v1/community/posts', () => {
  it('lists the seeded posts newest first with meta, 12 per page by default', async () => {
    const r = await call('GET', `${V1}/community/posts`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('public');
    const data = r.body.data as Json[];
    expect(data.length).toBeGreaterThanOrEqual(DEMO_POSTS.length);
    expect(r.body.meta).toMatchObject({ current_page: 1, per_page: 12 });
    for (const p of data) expect(communityPostSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
    const created = data.map((p) => Number(p.created_at));
    expect(created).toEqual([...created].sort((x, y) => y - x));
  });

  it('filters by status, category, category_id (a top category finds its subcategories), color, style and search', async () => {
    const list = async (q: string) => {
      const r = await call('GET', `${V1}/community/posts?per_page=50&${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as Json[];
    };
    for (const p of await list('status=closed')) expect(p.status).toBe('closed');
    expect((await list('status=in_progress')).map((p) => p.title)).toContain('Wool djellaba for winter');
    for (const p of await list('category=jewelry')) expect(p.category).toBe('jewelry');
    const kaftan = await server.db.kysely.selectFrom('categories').select(['id', 'parent_id']).where('slug', '=', 'women-kaftan').executeTakeFirstOrThrow();
    expect((await list(`category_id=${kaftan.id}`)).map((p) => p.title)).toEqual(['Emerald velvet kaftan for a wedding']);
    const underWomen = (await list(`category_id=${kaftan.parent_id}`)).map((p) => p.title);
    expect(underWomen).toEqual(expect.arrayContaining(['Emerald velvet kaftan for a wedding', 'Silver Berber necklace']));
    expect(underWomen).not.toContain('Wool djellaba for winter');
    for (const p of await list('color=green')) expect(p.preferred_colors).toContain('green');
    expect((await list('style=BERBER')).map((p) => p.title)).toEqual(['Silver Berber necklace']);
    expect((await list('search=VELVET')).map((p) => p.title)).toEqual(['Emerald velvet kaftan for a wedding']);
    expect((await call('GET', `${V1}/community/posts?status=nope`)).status).toBe(400);
    expect((await call('GET', `${V1}/community/posts?per_page=51`)).status).toBe(400);
  });

  it('mine=1 needs a session and lists only the caller’s posts', async () => {
    const guest = await call('GET', `${V1}/community/posts?mine=1`);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
    const own = await newPost({ title: 'Mine only' }, other.token);
    const r = await call('GET', `${V1}/community/posts?mine=1`, undefined, other.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const data = r.body.data as Json[];
    expect(data.map((p) => p.post_id)).toEqual([own.post_id]);
    expect(r.body.meta).toMatchObject({ total: 1 });
  });
});

describe('GET /api/v1/community/posts/{id}', () => {
  it('answers one post; unknown → 404 POST_NOT_FOUND "Post not found"', async () => {
    const post = await newPost();
    const r = await call('GET', `${V1}/community/posts/${post.post_id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(post);
    const byRef = await call('GET', `${V1}/community/posts/${post.id}`, undefined, buyer.token);
    expect((byRef.body.data as Json).post_id).toBe(post.post_id);
    for (const id of ['999999', 'abc', '0']) {
      const missing = await call('GET', `${V1}/community/posts/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, status: 'error', code: 'POST_NOT_FOUND', message: 'Post not found' });
    }
  });
});

describe('POST /api/v1/community/posts', () => {
  it('a guest is refused 401 UNAUTHENTICATED', async () => {
    const r = await call('POST', `${V1}/community/posts`, postBody());
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHENTICATED');
  });

  it('creates a post: 201 "Request posted" with the document', async () => {
    const body = postBody();
    const r = await call('POST', `${V1}/community/posts`, body, buyer.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Request posted' });
    const post = r.body.data as Json;
    expect(communityPostSchema.parse(post)).toMatchObject({
      id: body.client_ref,
      user_id: buyer.id,
      author_name: 'Salma Buyer',
      title: body.title,
      budget_min: 1200,
      budget_max: 2500.5,
      currency: 'MAD',
      timeline_value: 3,
      timeline_unit: 'weeks',
      expected_delivery: '2026-05-01',
      preferred_colors: ['blue', 'white'],
      preferred_styles: ['Modern Classic'],
      status: 'open',
      responses_count: 0,
      accepted_response_id: null,
      responses: [],
    });
  });

  it('the same client_ref under a new key answers the first post (200), nothing twice', async () => {
    const body = postBody();
    const first = await call('POST', `${V1}/community/posts`, body, buyer.token);
    const again = await call('POST', `${V1}/community/posts`, { ...body, title: 'Changed' }, buyer.token);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const rows = await server.db.kysely.selectFrom('community_posts').select('id').where('client_ref', '=', String(body.client_ref)).execute();
    expect(rows).toHaveLength(1);
  });

  it('an Idempotency-Key repeat answers the stored 201 without acting again', async () => {
    const key = randomUUID();
    const body = postBody();
    const first = await call('POST', `${V1}/community/posts`, body, buyer.token, { 'idempotency-key': key });
    const again = await call('POST', `${V1}/community/posts`, body, buyer.token, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: undefined }, 'title', 'Title is required'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: undefined }, 'description', 'Description is required'],
    [{ budget_min: -1 }, 'budget_min', 'The budget range is not valid.'],
    [{ budget_min: 500, budget_max: 100 }, 'budget_max', 'The budget range is not valid.'],
    [{ budget_max: 1_000_000.01 }, 'budget_max', 'The budget range is not valid.'],
    [{ budget_min: undefined }, 'budget_min', 'The budget range is not valid.'],
    [{ budget_max: 'lots' }, 'budget_max', 'The budget range is not valid.'],
    [{ budget_min: 1.005 }, 'budget_min', 'The budget range is not valid.'],
    [{ title: 'x'.repeat(151) }, 'title', 'The title may not be greater than 150 characters.'],
    [{ category: 'cars' }, 'category', 'The selected category is invalid.'],
    [{ category_id: 987654 }, 'category_id', 'The selected category id is invalid.'],
    [{ timeline_value: 366 }, 'timeline_value', 'The selected timeline value is invalid.'],
    [{ preferred_colors: ['mauve'] }, 'preferred_colors.0', 'The selected preferred colors is invalid.'],
    [{ expected_delivery: '2026-02-30' }, 'expected_delivery', 'The selected expected delivery is invalid.'],
    [{ client_ref: 'short' }, 'client_ref', 'The selected client ref is invalid.'],
  ])('%j → 422 VALIDATION (%s: %s)', async (patch, parameter, message) => {
    const before = await server.db.kysely.selectFrom('community_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const r = await call('POST', `${V1}/community/posts`, postBody(patch), buyer.token);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.code).toBe('VALIDATION');
    expect(r.body.errors).toContainEqual({ parameter, message });
    const after = await server.db.kysely.selectFrom('community_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a missing title and description list both; the first is the message', async () => {
    const r = await call('POST', `${V1}/community/posts`, postBody({ title: '', description: '' }), buyer.token);
    expect(r.body.message).toBe('Title is required');
    expect(r.body.errors?.map((e) => e.message)).toEqual(expect.arrayContaining(['Title is required', 'Description is required']));
  });

  it.each([['title'], ['description'], ['specifications']])('NUL in %s is 422 VALIDATION, not a 5xx', async (field) => {
    const r = await call('POST', `${V1}/community/posts`, postBody({ [field]: 'a\u0000b' }), buyer.token);
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('VALIDATION');
  });

  it('JSON images (data URLs) are sniffed, re-encoded as WebP and served under /media/community/', async () => {
    const post = await newPost({ images_data: [dataUrl(await png()), dataUrl(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).jpeg().toBuffer(), 'application/octet-stream')] });
    const images = post.images as string[];
    expect(images).toHaveLength(2);
    for (const url of images) {
      expect(url).toMatch(/^\/media\/community\/[0-9a-f]{32}\.webp$/);
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
    }
    expect((await fetch(`${server.url}/media/community/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('image refusals: type by content, 5 MB each, at most 5 — the contract’s texts', async () => {
    const img = dataUrl(await png(8, 8));
    const cases: [unknown, string][] = [
      [[dataUrl(Buffer.from('GIF? no, a text file'), 'image/gif')], 'Images must be JPG, PNG, GIF or WebP.'],
      [['https://example.test/a.png'], 'Images must be JPG, PNG, GIF or WebP.'],
      [[dataUrl(Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)]))], 'Each image must be at most 5 MB.'],
      [[img, img, img, img, img, img], 'You can upload at most 5 images.'],
    ];
    for (const [images_data, message] of cases) {
      const r = await call('POST', `${V1}/community/posts`, postBody({ images_data }), buyer.token);
      expect(r.status, message).toBe(422);
      expect(r.body).toMatchObject({ code: 'VALIDATION', message });
      expect(r.body.errors).toEqual([{ parameter: 'images', message }]);
    }
  });

  it('multipart: fields, list fields and image files', async () => {
    const fd = new FormData();
    fd.set('title', 'Multipart gandoura');
    fd.set('description', 'Linen gandoura, loose fit.');
    fd.set('category', 'clothing');
    fd.set('budget_min', '300');
    fd.set('budget_max', '650.50');
    fd.set('timeline_value', '2');
    fd.set('timeline_unit', 'weeks');
    fd.append('preferred_colors[]', 'white');
    fd.append('preferred_colors[]', 'blue');
    fd.set('preferred_styles', '["Summer"]');
    fd.set('client_ref', randomUUID());
    fd.append('images[]', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${server.url}${V1}/community/posts`, { method: 'POST', headers: authHeaders(buyer.token), body: fd });
    const body = (await res.json()) as Answer;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ title: 'Multipart gandoura', budget_max: 650.5, preferred_colors: ['white', 'blue'], preferred_styles: ['Summer'] });
    expect((body.data as Json).images).toHaveLength(1);

    const bad = new FormData();
    bad.set('title', 'x');
    bad.set('description', 'y');
    bad.set('budget_min', '1');
    bad.set('budget_max', '2');
    bad.append('images[]', new Blob([Buffer.from('%PDF-1.4 not an image')], { type: 'image/png' }), 'a.png');
    const refused = await fetch(`${server.url}${V1}/community/posts`, { method: 'POST', headers: authHeaders(buyer.token), body: bad });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Answer).message).toBe('Images must be JPG, PNG, GIF or WebP.');

    const many = new FormData();
    many.set('title', 'x');
    for (let i = 0; i < 6; i++) many.append('images[]', new Blob([new Uint8Array(await png(4, 4))], { type: 'image/png' }), `${i}.png`);
    const tooMany = await fetch(`${server.url}${V1}/community/posts`, { method: 'POST', headers: authHeaders(buyer.token), body: many });
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as Answer).message).toBe('You can upload at most 5 images.');
  });

  it('notifies the verified sellers whose shop sells in the post’s category (all of them for "other"), recorded as notifications', async () => {
    const kaftan = await server.db.kysely.selectFrom('categories').select('id').where('slug', '=', 'women-kaftan').executeTakeFirstOrThrow();
    const expected = await server.db.kysely
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select('users.id')
      .where('shops.is_verified', '=', 1)
      .where('shops.status', '=', 'active')
      .where((eb) => eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.shop_id', '=', 'shops.id').where('products.category_id', '=', Number(kaftan.id)).where('products.deleted', '=', 0)))
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    pushed.length = 0;
    const post = await newPost({ title: 'Kaftan for Eid', category_id: Number(kaftan.id) });
    await expect.poll(() => pushed.length).toBe(1);
    const sent = pushed[0];
    expect(sent?.userIds.sort((x, y) => x - y)).toEqual(expected.map((r) => Number(r.id)).sort((x, y) => x - y));
    expect(sent?.notification).toEqual({ title: 'New custom request', body: 'Kaftan for Eid', data: { post_id: String(post.post_id), url: `/seller/community/posts/${post.post_id}/respond` } });
    const rows = await server.db.kysely.selectFrom('notifications').selectAll().where('data_json', 'like', `%"post_id":"${post.post_id}"%`).execute();
    expect(rows.map((r) => Number(r.user_id)).sort((x, y) => x - y)).toEqual(sent?.userIds);
    expect(rows.every((r) => r.title === 'New custom request' && r.body === 'Kaftan for Eid')).toBe(true);

    pushed.length = 0;
    await newPost({ title: 'Anything', category: 'other' });
    await expect.poll(() => pushed.length).toBe(1);
    const allVerified = await server.db.kysely
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select('users.id')
      .where('shops.is_verified', '=', 1)
      .where('shops.status', '=', 'active')
      .execute();
    expect(pushed[0]?.userIds.length).toBe(allVerified.length);
    expect(pushed[0]?.userIds).not.toContain(unverified.id);
  });
});

describe('responses', () => {
  it('only a verified seller responds: buyer and unverified seller → 403 SELLER_NOT_VERIFIED; guest 401', async () => {
    const post = await newPost();
    for (const token of [buyer.token, other.token, unverified.token]) {
      const r = await respond(post.post_id, token);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'SELLER_NOT_VERIFIED', message: 'Only verified sellers can respond to requests.' });
    }
    expect((await respond(post.post_id, '')).status).toBe(401);
  });

  it('a verified seller responds once per shop (201 "Response sent"; again → 422 RESPONSE_EXISTS); client_ref retry → the first', async () => {
    const post = await newPost();
    const ref = randomUUID();
    const r = await respond(post.post_id, sellerX.token, { client_ref: ref, price: 1999.99 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.message).toBe('Response sent');
    const response = communityResponseSchema.parse(r.body.data);
    expect(response).toMatchObject({ id: ref, post_id: post.post_id, shop_id: sellerX.shopId, seller_user_id: sellerX.id, price: 1999.99, status: 'pending' });
    expect(response.shop_name).not.toBe('');
    const retry = await respond(post.post_id, sellerX.token, { client_ref: ref });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(r.body.data);
    const twice = await respond(post.post_id, sellerX.token);
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ code: 'RESPONSE_EXISTS', message: 'Your shop has already responded to this request.' });
    const after = await call('GET', `${V1}/community/posts/${post.post_id}`);
    expect((after.body.data as Json).responses_count).toBe(1);
  });

  it('validation, unknown post, NUL and images', async () => {
    const post = await newPost();
    const bad = await respond(post.post_id, sellerX.token, { message: '', price: -3, delivery_days: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.parameter).sort()).toEqual(['delivery_days', 'message', 'price']);
    expect((await respond(post.post_id, sellerX.token, { message: 'a\u0000' })).status).toBe(422);
    const missing = await respond(987654, sellerX.token);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('POST_NOT_FOUND');
    const withImage = await respond(post.post_id, sellerY.token, { images_data: [dataUrl(await png())] });
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(201);
    expect((withImage.body.data as Json).images).toHaveLength(1);
  });

  it('visibility: the owner sees all, a seller their shop’s, anyone else 403', async () => {
    const post = await newPost();
    await respond(post.post_id, sellerX.token);
    await respond(post.post_id, sellerY.token);
    const list = async (token: string) => call('GET', `${V1}/community/posts/${post.post_id}/responses`, undefined, token);
    const owner = await list(buyer.token);
    expect(owner.status).toBe(200);
    expect((owner.body.data as Json[]).map((x) => x.shop_id)).toEqual([sellerX.shopId, sellerY.shopId]);
    const x = await list(sellerX.token);
    expect((x.body.data as Json[]).map((r) => r.shop_id)).toEqual([sellerX.shopId]);
    expect(((await list(unverified.token)).body.data as Json[])).toEqual([]);
    const stranger = await list(other.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('FORBIDDEN');
    expect((await call('GET', `${V1}/community/posts/${post.post_id}/responses`)).status).toBe(401);
    expect((await list('')).status).toBe(401);
  });

  it('the post owner accepts: the response is accepted and the post in_progress together; others 403; answered → 422', async () => {
    const post = await newPost();
    const rx = (await respond(post.post_id, sellerX.token)).body.data as Json;
    const ry = (await respond(post.post_id, sellerY.token)).body.data as Json;
    const patch = (id: unknown, status: string, token: string) => call('PATCH', `${V1}/community/responses/${String(id)}`, { status }, token);

    for (const token of [other.token, sellerX.token, sellerY.token]) {
      const r = await patch(rx.response_id, 'accepted', token);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    expect((await patch(rx.response_id, 'pending', buyer.token)).status).toBe(422);
    const accepted = await patch(rx.response_id, 'accepted', buyer.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const data = accepted.body.data as { response: Json; post: Json };
    expect(data.response).toMatchObject({ response_id: rx.response_id, status: 'accepted' });
    expect(data.post).toMatchObject({ post_id: post.post_id, status: 'in_progress', accepted_response_id: rx.response_id });

    const again = await patch(rx.response_id, 'rejected', buyer.token);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'RESPONSE_NOT_PENDING', message: 'This response has already been answered.' });
    const second = await patch(ry.response_id, 'accepted', buyer.token);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ code: 'POST_NOT_OPEN', message: 'This request is no longer open.' });
    const rejected = await patch(ry.response_id, 'rejected', buyer.token);
    expect(rejected.status).toBe(200);
    expect((rejected.body.data as { response: Json }).response.status).toBe('rejected');

    const late = await respond(post.post_id, (await sellerLogin(server.url, slugify(SHOPS[2]?.name ?? ''))).token);
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('POST_NOT_OPEN');
    const unknown = await patch(987654, 'accepted', buyer.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('RESPONSE_NOT_FOUND');
  });
});

describe('PATCH /api/v1/community/posts/{id}', () => {
  it('the owner closes an open or in-progress post; others 403; closed again → 422; other statuses → 422', async () => {
    const post = await newPost();
    const patch = (status: unknown, token: string, id: unknown = post.post_id) => call('PATCH', `${V1}/community/posts/${String(id)}`, { status }, token);
    expect((await patch('closed', other.token)).body.code).toBe('FORBIDDEN');
    expect((await patch('closed', sellerX.token)).status).toBe(403);
    expect((await patch('open', buyer.token)).status).toBe(422);
    expect((await patch('in_progress', buyer.token)).status).toBe(422);
    const closed = await patch('closed', buyer.token);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed' });
    const again = await patch('closed', buyer.token);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('POST_ALREADY_CLOSED');
    expect((await patch('closed', buyer.token, 987654)).body.code).toBe('POST_NOT_FOUND');
    const r = await respond(post.post_id);
    expect(r.body.code).toBe('POST_NOT_OPEN');
  });
});

describe('GET /api/sync/community_posts/pull', () => {
  interface Pull {
    documents: (Json & { id: string; post_id: number; updatedAt: number; _deleted: boolean; responses: Json[] })[];
    checkpoint: { updatedAt: number; id: string } | null;
    remaining: number;
  }
  const pull = async (token: string, after?: { updatedAt: number; id: string }) => {
    const q = after ? `&updatedAt=${after.updatedAt}&id=${encodeURIComponent(after.id)}` : '';
    const r = await requestJson<Pull>(server.url, 'GET', `/api/sync/community_posts/pull?v=1${q}`, undefined, authHeaders(token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('cache-control')).toContain('no-store');
    return r.body;
  };

  it('needs a session', async () => {
    const r = await requestJson(server.url, 'GET', '/api/sync/community_posts/pull?v=1');
    expect(r.status).toBe(401);
  });

  it('open posts of everyone, the caller’s own, and those their shop answered, with the responses they may see', async () => {
    const post = await newPost();
    await respond(post.post_id, sellerX.token);
    await respond(post.post_id, sellerY.token);
    const closedOfOther = await newPost({}, other.token);
    await respond(closedOfOther.post_id, sellerX.token);
    await call('PATCH', `${V1}/community/posts/${closedOfOther.post_id}`, { status: 'closed' }, other.token);

    const asOwner = await pull(buyer.token);
    const mine = asOwner.documents.find((d) => d.post_id === post.post_id);
    expect(mine?.responses.map((r) => r.shop_id)).toEqual([sellerX.shopId, sellerY.shopId]);
    expect(asOwner.documents.some((d) => d.post_id === closedOfOther.post_id)).toBe(false);
    for (const d of asOwner.documents) {
      expect(d._deleted).toBe(false);
      expect(d.status === 'open' || d.user_id === buyer.id).toBe(true);
      expect(communityPostSchema.safeParse({ ...d, _deleted: undefined }).success).toBe(true);
    }
    const stamps = asOwner.documents.map((d) => d.updatedAt);
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(stamps).toEqual([...stamps].sort((x, y) => x - y));

    const asX = await pull(sellerX.token);
    expect(asX.documents.find((d) => d.post_id === post.post_id)?.responses.map((r) => r.shop_id)).toEqual([sellerX.shopId]);
    expect(asX.documents.find((d) => d.post_id === closedOfOther.post_id)?.status).toBe('closed');
    const asOther = await pull(other.token);
    expect(asOther.documents.find((d) => d.post_id === post.post_id)?.responses).toEqual([]);
  });

  it('after a checkpoint, a post that stopped being visible comes as a tombstone; answers bump the post', async () => {
    const post = await newPost();
    const start = await pull(other.token);
    expect(start.documents.find((d) => d.post_id === post.post_id)?._deleted).toBe(false);
    const checkpoint = start.checkpoint ?? undefined;

    const r = (await respond(post.post_id, sellerX.token)).body.data as Json;
    const afterRespond = await pull(other.token, checkpoint);
    expect(afterRespond.documents.map((d) => d.post_id)).toEqual([post.post_id]);
    expect(afterRespond.documents[0]?.responses_count).toBe(1);

    await call('PATCH', `${V1}/community/responses/${String(r.response_id)}`, { status: 'accepted' }, buyer.token);
    const afterAccept = await pull(other.token, afterRespond.checkpoint ?? undefined);
    expect(afterAccept.documents).toHaveLength(1);
    expect(afterAccept.documents[0]).toMatchObject({ post_id: post.post_id, status: 'in_progress', _deleted: true });
    const forSeller = await pull(sellerX.token, afterRespond.checkpoint ?? undefined);
    expect(forSeller.documents[0]).toMatchObject({ post_id: post.post_id, status: 'in_progress', _deleted: false });
    expect(forSeller.documents[0]?.responses).toMatchObject([{ status: 'accepted' }]);
    const caughtUp = await pull(other.token, afterAccept.checkpoint ?? undefined);
    expect(caughtUp.documents).toEqual([]);
    expect(caughtUp.remaining).toBe(0);
  });

  it('every post change pokes community_posts to signed-in streams only', async () => {
    const seen: CollectionChange[] = [];
    const stop = server.db.changes.subscribe((c) => seen.push(c));
    const abortUser = new AbortController();
    const abortGuest = new AbortController();
    const userStream = await fetch(`${server.url}/api/sync/stream?v=1`, { headers: authHeaders(other.token), signal: abortUser.signal });
    const guestStream = await fetch(`${server.url}/api/sync/stream?v=1`, { signal: abortGuest.signal });
    const userSse = readSse(userStream.body as ReadableStream<Uint8Array>, abortUser);
    const guestSse = readSse(guestStream.body as ReadableStream<Uint8Array>, abortGuest);
    try {
      const isHello = (f: { kind: string; data?: unknown }) => f.kind === 'data' && (f.data as Json).type === 'hello';
      await userSse.next(isHello);
      await guestSse.next(isHello);
      const post = await newPost();
      const isPoke = (f: { kind: string; data?: unknown }) => f.kind === 'data' && (f.data as Json).collection === 'community_posts';
      const poke = await userSse.next(isPoke, 5_000);
      expect((poke as { data: Json }).data).toMatchObject({ type: 'changed', collection: 'community_posts', checkpoint: { id: post.id, updatedAt: post.updatedAt } });
      await expect(guestSse.next(isPoke, 500)).rejects.toThrow();
      expect(seen.filter((c) => c.collection === 'community_posts')).toHaveLength(1);
    } finally {
      stop();
      userSse.close();
      guestSse.close();
    }
  });
});
