/**
 * A seller's new product drafted offline with its photos (issue 23, docs/SELLERS.md "Offline"), against the real
 * server through the DataService on fake-indexeddb: queued offline it waits with its photos kept as Blobs (the server
 * untouched); back online it goes as ONE multipart POST under its Idempotency-Key, a lost answer replayed under the
 * same key, and the server creates the product and its photos once; the photos are then removed from the device. A
 * refusal stays 'failed' with the server's reason and keeps the photos, so the draft can be opened again and queued
 * in its place; a discarded or logged-out draft's photos go.
 */
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOutboxFiles } from '../../src/db/outbox-blobs';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import type { TestClient } from './support/client';
import { waitFor } from './support/client';

const env = communityServer();
const { start, drained, goOffline, goOnline } = env;
let seller: Seller;
let categoryId: number;
beforeAll(async () => {
  seller = env.sellers[0] as Seller;
  const listing = await requestJson<{ data: { category_id: number }[] }>(env.server.url, 'GET', '/api/products/all?per_page=1');
  const category = listing.body.data[0]?.category_id;
  if (category === undefined) throw new Error('the catalogue is empty');
  categoryId = category;
});

interface SellerProduct {
  id: number;
  sku: string;
  images: string[];
  main_image: string | null;
}

const PATH = '/api/seller/products';
let counter = 0;
const draftProduct = () => {
  counter += 1;
  return {
    names: { en: `Draft kaftan ${counter}` },
    sku: `DRAFT${process.pid}-${counter}-${Date.now().toString(36)}`,
    category_id: categoryId,
    price: 450,
    variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 3 }],
  };
};
const photo = async (background: string) =>
  new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background } }).webp().toBuffer())], { type: 'image/webp' });

/** The shop's products with this SKU (0 or 1). */
async function bySku(sku: string): Promise<SellerProduct[]> {
  const res = await requestJson<{ data: SellerProduct[] }>(env.server.url, 'GET', `${PATH}?search=${encodeURIComponent(sku)}&per_page=100`, undefined, authHeaders(seller.token));
  return res.body.data.filter((p) => p.sku === sku);
}

/** What each POST of a draft carried: its form's product field and image count (null when not multipart). */
interface SentForm {
  product: string | null;
  images: number;
}
function recordForms(sent: SentForm[]): (fetch: FetchLike) => FetchLike {
  return (inner) => async (input, init) => {
    if (init?.method === 'POST' && new URL(input).pathname === PATH) {
      const body = init.body;
      sent.push(body instanceof FormData ? { product: body.get('product') as string | null, images: body.getAll('images').length } : { product: null, images: -1 });
    }
    return inner(input, init);
  };
}

async function storedFiles(c: TestClient): Promise<string[]> {
  const files = await openOutboxFiles(c.dbName, indexedDB);
  try {
    return await files.keys();
  } finally {
    files.close();
  }
}

const entryOf = async (c: TestClient, id: string) => (await c.service.query({ kind: 'outbox' })).find((e) => e.id === id);

describe("a seller's product draft with photos", () => {
  it('made offline waits on the device with its photos, then is created once, photos included, after reconnect', async () => {
    const sent: SentForm[] = [];
    const c = await start(seller.token, recordForms(sent));
    const product = draftProduct();
    goOffline(c);
    const { entryId, draftId } = await c.service.queueProductDraft({ product, photos: [await photo('#a63'), await photo('#36a')] });
    expect(await entryOf(c, entryId)).toMatchObject({ kind: 'seller_product_create', state: 'pending', method: 'POST', path: PATH, target: draftId });
    expect(await storedFiles(c)).toEqual([draftId]);
    expect((await c.service.productDraft(draftId))?.photos).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await bySku(product.sku)).toEqual([]);

    env.net.loseAnswerOf = (r) => r.method === 'POST' && r.url.pathname === PATH;
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'draft sent');
    const posts = env.net.writes().filter((w) => w.url.pathname === PATH);
    expect(posts.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect(posts.map((w) => [w.lost, w.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    // One multipart request each time: the product JSON and both photos.
    expect(sent).toEqual([
      { product: JSON.stringify(product), images: 2 },
      { product: JSON.stringify(product), images: 2 },
    ]);
    const made = await bySku(product.sku);
    expect(made).toHaveLength(1);
    expect(made[0]?.images).toHaveLength(2);
    expect(made[0]?.main_image).toBe(made[0]?.images[0]);
    const done = await entryOf(c, entryId);
    expect(done?.state).toBe('done');
    expect(JSON.parse(done?.undo ?? '{}')).toMatchObject({ productId: made[0]?.id });
    // Sent: the photos are gone from the device.
    await waitFor(async () => (await storedFiles(c)).length === 0, 5_000, 'photos removed');
  });

  it('refused (a file that is no photo): failed with the server’s reason, photos kept; fixed and queued again in its place', async () => {
    const c = await start(seller.token);
    const product = draftProduct();
    const bad = new Blob(['not a photo at all'], { type: 'image/webp' });
    const { entryId, draftId } = await c.service.queueProductDraft({ product, photos: [await photo('#a63'), bad] });
    await waitFor(() => drained(c), 15_000, 'refusal');
    expect(await entryOf(c, entryId)).toMatchObject({ state: 'failed', failure: { status: 422, code: 'PRODUCT_IMAGE_TYPE', message: 'Images must be JPG, PNG or WebP.' } });
    expect(await bySku(product.sku)).toEqual([]);
    const opened = await c.service.productDraft(draftId);
    expect(opened).toMatchObject({ state: 'failed', product, failure: { code: 'PRODUCT_IMAGE_TYPE' } });
    expect(opened?.photos).toHaveLength(2);
    expect(await storedFiles(c)).toEqual([draftId]);

    const again = await c.service.queueProductDraft({ product, photos: [opened?.photos[0] as Blob], draftId });
    expect(again.draftId).toBe(draftId);
    await waitFor(() => drained(c), 15_000, 'fixed draft sent');
    const outbox = await c.service.query({ kind: 'outbox' });
    expect(outbox.find((e) => e.id === entryId)).toBeUndefined();
    expect(outbox.find((e) => e.id === again.entryId)?.state).toBe('done');
    expect((await bySku(product.sku))[0]?.images).toHaveLength(1);
    await waitFor(async () => (await storedFiles(c)).length === 0, 5_000, 'photos removed');
  });

  it('discarded after a refusal, or logged out while waiting: its photos go', async () => {
    const c = await start(seller.token);
    const taken = draftProduct();
    const refused = await c.service.queueProductDraft({ product: { ...taken, price: 0 }, photos: [await photo('#3a6')] });
    await waitFor(() => drained(c), 15_000, 'refusal');
    expect((await entryOf(c, refused.entryId))?.failure).toMatchObject({ status: 422, code: 'VALIDATION' });
    expect(await storedFiles(c)).toEqual([refused.draftId]);
    await c.service.dismissOutboxEntry(refused.entryId);
    expect(await storedFiles(c)).toEqual([]);

    goOffline(c);
    const waiting = await c.service.queueProductDraft({ product: draftProduct(), photos: [await photo('#63a')] });
    expect(await storedFiles(c)).toEqual([waiting.draftId]);
    await c.service.clearPersonalData();
    expect(await storedFiles(c)).toEqual([]);
    expect(await c.service.productDraft(waiting.draftId)).toBeNull();
  });

  it('held after an involuntary sign-out, then discarded by another account signing in: its photos go too', async () => {
    const c = await start(seller.token);
    goOffline(c);
    const held = await c.service.queueProductDraft({ product: draftProduct(), photos: [await photo('#a36')] });
    // The involuntary sign-out as the UI runs it: the wipe keeps the queued writes (and their photos).
    await c.service.clearPersonalData({ keepOutbox: true });
    await c.service.setSession(null);
    expect(await storedFiles(c)).toEqual([held.draftId]);

    const other = await registerUser(env.server.url);
    await c.service.setSession(other.token);
    expect(await entryOf(c, held.entryId)).toBeUndefined();
    expect(await storedFiles(c)).toEqual([]);
  });

  it('needs a session', async () => {
    const c = await start(seller.token);
    await c.service.setSession(null);
    await expect(c.service.queueProductDraft({ product: draftProduct(), photos: [] })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
