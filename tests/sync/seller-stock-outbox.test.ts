/**
 * A seller's stock edit as a queued write (issue 23, docs/SELLERS.md "Offline"), against the real server through the
 * DataService on fake-indexeddb: made offline it waits in the outbox (the server untouched); back online it is sent
 * with its Idempotency-Key, a lost answer replayed under the same key, and the server applies it once; an edit the
 * server refuses (another shop's product) ends 'failed' with the server's reason, kept for the sync centre.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, requestJson } from '../helpers/auth';
import { communityServer, type Seller } from '../helpers/community-server';
import { waitFor } from './support/client';

const env = communityServer();
const { start, drained, goOffline, goOnline } = env;
let seller: Seller;
beforeAll(() => {
  seller = env.sellers[0] as Seller;
});

interface SellerVariant {
  id: number;
  stock_quantity: number;
}
interface SellerProduct {
  id: number;
  variants: SellerVariant[];
}

async function ownProduct(token: string, id?: number): Promise<SellerProduct> {
  if (id !== undefined) {
    const res = await requestJson<{ data: SellerProduct }>(env.server.url, 'GET', `/api/seller/products/${id}`, undefined, authHeaders(token));
    return res.body.data;
  }
  // A product of the seller's own, made through the seller API in a category the catalogue uses.
  const listing = await requestJson<{ data: { category_id: number }[] }>(env.server.url, 'GET', '/api/products/all?per_page=1');
  const category = listing.body.data[0]?.category_id;
  if (category === undefined) throw new Error('the catalogue is empty');
  const res = await requestJson<{ data: SellerProduct }>(
    env.server.url,
    'POST',
    '/api/seller/products',
    { names: { en: 'Stock test kaftan' }, category_id: category, price: 300, variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 2 }] },
    authHeaders(token),
  );
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe("a seller's stock edit", () => {
  it('made offline waits on the device, then reaches the server once after reconnect', async () => {
    const product = await ownProduct(seller.token);
    const variant = product.variants[0]!;
    const target = variant.stock_quantity + 7;
    const c = await start(seller.token);

    goOffline(c);
    const { entryId } = await c.service.setVariantStock({ productId: product.id, variantId: variant.id, stock: target });
    const queued = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
    expect(queued).toMatchObject({ kind: 'seller_stock', state: 'pending', method: 'PATCH', path: `/api/seller/products/${product.id}/variants/${variant.id}`, body: JSON.stringify({ stock: target }) });
    await new Promise((r) => setTimeout(r, 300));
    expect((await ownProduct(seller.token, product.id)).variants[0]?.stock_quantity).toBe(variant.stock_quantity);

    const path = `/api/seller/products/${product.id}/variants/${variant.id}`;
    env.net.loseAnswerOf = (r) => r.url.pathname === path;
    goOnline(c);
    await waitFor(() => drained(c), 15_000, 'stock sent');
    const sent = env.net.writes().filter((w) => w.url.pathname === path);
    expect(sent.map((w) => w.headers.get('idempotency-key'))).toEqual([entryId, entryId]);
    expect(sent.map((w) => [w.lost, w.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.state).toBe('done');
    expect((await ownProduct(seller.token, product.id)).variants[0]?.stock_quantity).toBe(target);
  });

  it("refused (another shop's product): failed with the server's reason, kept", async () => {
    const other = env.sellers[1] as Seller | undefined;
    const foreign = await requestJson<{ data: { id: number; shop: { id: number }; variants: { id: number }[] }[] }>(
      env.server.url,
      'GET',
      '/api/products/all?per_page=50',
    );
    const product = foreign.body.data.find((p) => p.shop.id !== seller.shopId);
    if (!product) throw new Error(`no product of another shop than ${seller.shopId} (${other?.shopId ?? '-'})`);
    const c = await start(seller.token);
    const { entryId } = await c.service.setVariantStock({ productId: product.id, variantId: product.variants[0]!.id, stock: 3 });
    await waitFor(() => drained(c), 15_000, 'refusal');
    const entry = (await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId);
    expect(entry).toMatchObject({ state: 'failed', failure: { status: 404, code: 'PRODUCT_NOT_FOUND' } });
  });

  it('needs a session and whole numbers', async () => {
    const c = await start(seller.token);
    await expect(c.service.setVariantStock({ productId: 1, variantId: 1, stock: -1 })).rejects.toThrow(/stock/);
    await expect(c.service.setVariantStock({ productId: 0, variantId: 1, stock: 1 })).rejects.toThrow(/productId/);
    await c.service.setSession(null);
    await expect(c.service.setVariantStock({ productId: 1, variantId: 1, stock: 1 })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
