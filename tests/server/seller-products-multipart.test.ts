/**
 * POST /api/seller/products as multipart/form-data (docs/SELLERS.md "Offline", "A new product with its photos"):
 * the product JSON in `product` and its photos in `images`, created together in one transaction — what the
 * seller's offline draft sends as one queued write. Checked as the images route checks photos (bytes, 5 MB, 8 at
 * most); a refusal writes nothing (no product, no image row); a replay under the same Idempotency-Key answers the
 * first reply and creates nothing more. Runs on SQLite and (project server-postgres) PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../helpers/auth';
import { registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { api, categoriesOf, productBody, uniqueSku, type SellerReply } from './support/seller-products';

let server: AccountServer;
let seller: SellerAccount;
let buyer: Account;
let categoryId: number;

beforeAll(async () => {
  server = await startAccountServer({ products: 10 });
  seller = await sellerLogin(server, 0);
  buyer = await registerBuyer(server, 'shopper');
  categoryId = (await categoriesOf(server)).sub.id;
});
afterAll(async () => {
  await server?.close();
});

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#a63' } }).withMetadata({ exif: { IFD0: { Copyright: 'SECRET-GPS-MARKER' } } });
  return image[format]().toBuffer();
};

interface Photo {
  data: Buffer;
  type?: string;
}

async function postForm(
  product: unknown,
  photos: Photo[],
  opts: { token?: string | null; key?: string; field?: string } = {},
): Promise<{ status: number; body: SellerReply; replayed: string | null }> {
  const form = new FormData();
  if (product !== undefined) form.append('product', typeof product === 'string' ? product : JSON.stringify(product));
  for (const [i, p] of photos.entries()) form.append(opts.field ?? 'images', new Blob([new Uint8Array(p.data)], { type: p.type ?? 'image/jpeg' }), `photo-${i}.jpg`);
  const token = opts.token === undefined ? seller.token : opts.token;
  const headers: Record<string, string> = { ...(token ? authHeaders(token) : {}), ...(opts.key ? { 'Idempotency-Key': opts.key } : {}) };
  const res = await fetch(`${server.url}/api/seller/products`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as SellerReply, replayed: res.headers.get('idempotent-replayed') };
}

const counts = async () => {
  const products = await server.db.kysely.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const images = await server.db.kysely
    .withTables<{ product_images: { id: number } }>()
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), images: Number(images.n) };
};

describe('POST /api/seller/products (multipart)', () => {
  it('creates the product with its two photos in one write, the first the main image, in the JSON POST’s shape', async () => {
    const body = productBody(categoryId, { sku: uniqueSku('MP') });
    const before = await counts();
    const res = await postForm(body, [{ data: await picture('jpeg', 2400, 1200) }, { data: await picture('png'), type: 'image/png' }]);
    expect(res.status).toBe(201);
    const made = res.body.data;
    expect(made.images).toHaveLength(2);
    for (const url of made.images) expect(url).toMatch(/^\/media\/product-images\/[0-9a-f]{32}\.webp$/);
    expect(made.main_image).toBe(made.images[0]);
    expect(made.variants).toHaveLength(4);
    expect(made.sku).toBe(body.sku);
    expect(await counts()).toEqual({ products: before.products + 1, images: before.images + 2 });
    // The same shape as the JSON POST answers, and the photos are served re-encoded without their metadata.
    const read = await api(server, 'GET', `/api/seller/products/${made.id}`, { token: seller.token });
    expect(read.body.data).toEqual(made);
    const served = await fetch(`${server.url}${made.images[0]}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    expect(bytes.includes(Buffer.from('SECRET-GPS-MARKER'))).toBe(false);
  });

  it('takes no photo at all, like the JSON POST', async () => {
    const res = await postForm(productBody(categoryId, { sku: uniqueSku('MP') }), []);
    expect(res.status).toBe(201);
    expect(res.body.data.images).toEqual([]);
  });

  it.each([
    ['a photo that is not an image', async () => [{ data: await picture('png') }, { data: Buffer.from('not an image at all') }], 422, 'PRODUCT_IMAGE_TYPE', 'Images must be JPG, PNG or WebP.'],
    ['a GIF', async () => [{ data: await picture('gif'), type: 'image/gif' }], 422, 'PRODUCT_IMAGE_TYPE', 'Images must be JPG, PNG or WebP.'],
    [
      'a photo over 5 MB',
      async () => [{ data: Buffer.concat([await picture('png'), Buffer.alloc(5 * 1024 * 1024)]) }],
      413,
      'PRODUCT_IMAGE_TOO_LARGE',
      'Each image must be at most 5 MB.',
    ],
    [
      '9 photos',
      async () => {
        const data = await picture('png');
        return Array.from({ length: 9 }, () => ({ data }));
      },
      422,
      'PRODUCT_TOO_MANY_IMAGES',
      'A product can have at most 8 images.',
    ],
  ])('refuses %s with the spec’s message and writes nothing', async (_label, photos, status, code, message) => {
    const before = await counts();
    const sku = uniqueSku('MP');
    const res = await postForm(productBody(categoryId, { sku }), await photos());
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message });
    expect(await counts()).toEqual(before);
    expect(await server.db.kysely.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a bad product with the JSON POST’s errors, and a form without one', async () => {
    const before = await counts();
    const bad = await postForm(productBody(categoryId, { price: 0 }), [{ data: await picture('png') }]);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION' });
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ parameter: 'price', message: 'The price must be greater than 0.' })]));
    const missing = await postForm(undefined, [{ data: await picture('png') }]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ parameter: 'product', message: 'The product field is required.' }]);
    const notJson = await postForm('{names:', []);
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors).toEqual([{ parameter: 'product', message: 'The product field must be JSON.' }]);
    expect(await counts()).toEqual(before);
  });

  it('is for sellers only: a guest 401, a buyer 403', async () => {
    const form = productBody(categoryId);
    expect((await postForm(form, [], { token: null })).status).toBe(401);
    const asBuyer = await postForm(form, [], { token: buyer.token });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('FORBIDDEN');
  });

  it('replayed under the same Idempotency-Key answers the first reply and creates the product once', async () => {
    const key = `draft-${uniqueSku('K')}`;
    const body = productBody(categoryId, { sku: uniqueSku('MP') });
    const photos = [{ data: await picture('jpeg') }, { data: await picture('webp'), type: 'image/webp' }];
    const before = await counts();
    const first = await postForm(body, photos, { key });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const again = await postForm(body, photos, { key });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.images).toEqual(first.body.data.images);
    expect(await counts()).toEqual({ products: before.products + 1, images: before.images + 2 });
  });
});
