/**
 * A product's photos (docs/SELLERS.md "Images"): JPG, PNG and WebP checked by their bytes, re-encoded as WebP
 * without metadata, at most 5 MB each and 8 per product, reordered (the first is the main image) and removed,
 * each change stamped so pulls carry it; who may do it; every refusal leaving the product as it was.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../helpers/auth';
import { registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { pullAll } from './support/pull-all';
import { api, categoriesOf, productBody, type SellerReply } from './support/seller-products';

let server: AccountServer;
let seller: SellerAccount;
let other: SellerAccount;
let buyer: Account;
let categoryId: number;

beforeAll(async () => {
  server = await startAccountServer({ products: 20 });
  seller = await sellerLogin(server, 0);
  other = await sellerLogin(server, 1);
  buyer = await registerBuyer(server, 'shopper');
  categoryId = (await categoriesOf(server)).sub.id;
});
afterAll(async () => {
  await server?.close();
});

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#3a6' } }).withMetadata({ exif: { IFD0: { Copyright: 'SECRET-GPS-MARKER' } } });
  return image[format]().toBuffer();
};

async function upload(productId: number, files: { data: Buffer; name?: string; type?: string }[], token: string | null = seller.token, field = 'images') {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name ?? 'photo.png');
  const res = await fetch(`${server.url}/api/seller/products/${productId}/images`, { method: 'POST', headers: token ? authHeaders(token) : {}, body: form });
  return { status: res.status, body: (await res.json()) as SellerReply };
}

const create = async (account: SellerAccount = seller) => {
  const res = await api(server, 'POST', '/api/seller/products', { token: account.token, body: productBody(categoryId) });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const productRow = (id: number) => server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/seller/products/{id}/images', () => {
  it('takes JPG, PNG and WebP, re-encoded as WebP without metadata, served under /media/product-images, stamped and pulled', async () => {
    const made = await create();
    const { checkpoint } = await pullAll(server.url, 'products');
    const res = await upload(made.id, [
      { data: await picture('jpeg', 3000, 1500), name: 'a.jpg', type: 'image/jpeg' },
      { data: await picture('png') },
      // The declared type and name do not matter: the bytes decide.
      { data: await picture('webp'), name: 'x.gif', type: 'application/octet-stream' },
    ]);
    expect(res.status).toBe(201);
    const images = res.body.data.images;
    expect(images).toHaveLength(3);
    for (const url of images) expect(url).toMatch(/^\/media\/product-images\/[0-9a-f]{32}\.webp$/);
    expect(res.body.data.main_image).toBe(images[0]);
    const served = await fetch(`${server.url}${images[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SECRET-GPS-MARKER'))).toBe(false);
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.find((d) => d.id === String(made.id))?.images).toEqual(images);
  });

  it.each([
    ['a GIF', async () => picture('gif'), 422, 'PRODUCT_IMAGE_TYPE', 'Images must be JPG, PNG or WebP.'],
    ['text named .png', async () => Buffer.from('not an image at all'), 422, 'PRODUCT_IMAGE_TYPE', 'Images must be JPG, PNG or WebP.'],
    ['a truncated PNG', async () => (await picture('png')).subarray(0, 40), 422, 'PRODUCT_IMAGE_TYPE', 'Images must be JPG, PNG or WebP.'],
    ['a file over 5 MB', async () => Buffer.concat([await picture('png'), Buffer.alloc(5 * 1024 * 1024)]), 413, 'PRODUCT_IMAGE_TOO_LARGE', 'Each image must be at most 5 MB.'],
  ])('refuses %s (%i %s) and stores nothing', async (_label, make, status, code, message) => {
    const made = await create();
    const before = await productRow(made.id);
    const res = await upload(made.id, [{ data: await picture('png') }, { data: await make() }]);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message });
    expect(await productRow(made.id)).toEqual(before);
  });

  it('refuses more than 8 images for a product (in one upload or in all), keeping those it has', async () => {
    const made = await create();
    const png = await picture('png');
    const nine = await upload(made.id, Array.from({ length: 9 }, () => ({ data: png })));
    expect(nine.status).toBe(422);
    expect(nine.body).toMatchObject({ code: 'PRODUCT_TOO_MANY_IMAGES', message: 'A product can have at most 8 images.' });
    expect((await upload(made.id, Array.from({ length: 6 }, () => ({ data: png })))).status).toBe(201);
    const over = await upload(made.id, Array.from({ length: 3 }, () => ({ data: png })));
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('PRODUCT_TOO_MANY_IMAGES');
    expect(JSON.parse((await productRow(made.id)).images_json)).toHaveLength(6);
    expect((await upload(made.id, [{ data: png }, { data: png }])).body.data.images).toHaveLength(8);
  });

  it('refuses a form without images, and a body that is not a form', async () => {
    const made = await create();
    const none = await upload(made.id, [{ data: await picture('png') }], seller.token, 'other');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ parameter: 'images', message: 'The images field is required.' }]);
    const json = await api(server, 'POST', `/api/seller/products/${made.id}/images`, { token: seller.token, body: { images: [] } });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('MALFORMED_MULTIPART');
  });

  it('a guest gets 401, a buyer 403, another seller 404', async () => {
    const made = await create();
    const png = await picture('png');
    expect((await upload(made.id, [{ data: png }], null)).status).toBe(401);
    expect((await upload(made.id, [{ data: png }], buyer.token)).status).toBe(403);
    const theirs = await upload(made.id, [{ data: png }], other.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('PRODUCT_NOT_FOUND');
    expect(JSON.parse((await productRow(made.id)).images_json)).toEqual([]);
  });
});

describe('PATCH and DELETE /api/seller/products/{id}/images', () => {
  it('reorders (the first is the main image) and removes one image; its file is gone', async () => {
    const made = await create();
    const png = await picture('png');
    const images = (await upload(made.id, [{ data: png }, { data: png }, { data: png }])).body.data.images;
    const [a, b, c] = images as [string, string, string];
    const before = await productRow(made.id);
    const reordered = await api(server, 'PATCH', `/api/seller/products/${made.id}/images`, { token: seller.token, body: { order: [c, a, b.slice(b.lastIndexOf('/') + 1)] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data).toMatchObject({ images: [c, a, b], main_image: c });
    expect((await productRow(made.id)).updated_at).toBeGreaterThan(before.updated_at);
    const name = a.slice(a.lastIndexOf('/') + 1);
    const removed = await api(server, 'DELETE', `/api/seller/products/${made.id}/images/${name}`, { token: seller.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.images).toEqual([c, b]);
    expect((await fetch(`${server.url}${a}`)).status).toBe(404);
    const again = await api(server, 'DELETE', `/api/seller/products/${made.id}/images/${name}`, { token: seller.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('MEDIA_NOT_FOUND');
  });

  it('removes a seeded picture from a seeded product by its name', async () => {
    const seeded = await server.db.kysely.selectFrom('products').select(['id', 'images_json']).where('shop_id', '=', seller.shop.id).where('images_json', '<>', '[]').orderBy('id').executeTakeFirstOrThrow();
    const [first, ...rest] = JSON.parse(seeded.images_json) as string[];
    const res = await api(server, 'DELETE', `/api/seller/products/${seeded.id}/images/${first?.slice(first.lastIndexOf('/') + 1)}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data.images).toEqual(rest);
  });

  it.each([
    [{ order: [] }, 422, 'IMAGE_ORDER_INVALID'],
    [{ order: ['x.webp', 'y.webp'] }, 422, 'IMAGE_ORDER_INVALID'],
    [{ order: 'first' }, 422, 'VALIDATION'],
  ])('refuses the order %j and changes nothing', async (body, status, code) => {
    const made = await create();
    const png = await picture('png');
    const images = (await upload(made.id, [{ data: png }, { data: png }])).body.data.images;
    const before = await productRow(made.id);
    const repeated = { order: [images[0], images[0]] };
    for (const b of [body, repeated]) {
      const res = await api(server, 'PATCH', `/api/seller/products/${made.id}/images`, { token: seller.token, body: b });
      expect(res.status).toBe(b === body ? status : 422);
      expect(res.body.code).toBe(b === body ? code : 'IMAGE_ORDER_INVALID');
    }
    expect(await productRow(made.id)).toEqual(before);
  });

  it("answers another seller's product as 404 and a buyer 403", async () => {
    const theirs = await create(other);
    const res = await api(server, 'PATCH', `/api/seller/products/${theirs.id}/images`, { token: seller.token, body: { order: [] } });
    expect(res.status).toBe(404);
    expect((await api(server, 'DELETE', `/api/seller/products/${theirs.id}/images/1.svg`, { token: seller.token })).status).toBe(404);
    expect((await api(server, 'PATCH', `/api/seller/products/${theirs.id}/images`, { token: buyer.token, body: { order: [] } })).status).toBe(403);
  });
});
