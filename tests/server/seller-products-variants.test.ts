/**
 * A product's variants (docs/SELLERS.md "Variants"): stock and price edited one at a time (the seller's
 * restock), added and removed, with the product's derived columns (stock, facets) following, the edit announced
 * for the live stream, exactly once under an Idempotency-Key (the offline queue's replay), and each refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { api, categoriesOf, productBody, uniqueSku, type SellerReply } from './support/seller-products';

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

const productRow = (id: number) => server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const variantRows = (id: number) => server.db.kysely.selectFrom('product_variants').selectAll().where('product_id', '=', id).orderBy('id').execute();
const create = async (account: SellerAccount, overrides: Record<string, unknown> = {}): Promise<SellerReply['data']> => {
  const res = await api(server, 'POST', '/api/seller/products', { token: account.token, body: productBody(categoryId, overrides) });
  if (res.status !== 201) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const variantOf = (p: SellerReply['data'], size: string, color: string) => {
  const v = p.variants.find((x) => x.size === size && x.color === color);
  if (!v) throw new Error(`no ${size} ${color}`);
  return v;
};

describe('PATCH /api/seller/products/{id}/variants/{variant_id}', () => {
  it("sets a variant's stock and price; the product's stock follows; stamped and announced", async () => {
    const made = await create(seller);
    const target = variantOf(made, 'M', 'white');
    const before = await productRow(made.id);
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((change) => announced.push(change));
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}/variants/${target.id}`, { token: seller.token, body: { stock: 11, price: 1400.25 } });
    unsubscribe();
    expect(res.status).toBe(200);
    expect(variantOf(res.body.data, 'M', 'white')).toMatchObject({ stock_quantity: 11, price: 1400.25 });
    expect(res.body.data).toMatchObject({ stock_quantity: 24, in_stock: true });
    const row = await productRow(made.id);
    expect(row).toMatchObject({ stock_quantity: 24, in_stock: 1 });
    expect(row.updated_at).toBeGreaterThan(before.updated_at);
    expect(announced).toEqual([{ collection: 'products', checkpoint: { updatedAt: row.updated_at, id: String(made.id) } }]);
    // The public details carry it.
    const details = await api<{ data: SellerReply['data'] }>(server, 'GET', `/api/products/${made.id}/details`);
    expect(variantOf(details.body.data, 'M', 'white').stock_quantity).toBe(11);
  });

  it('takes stock alone, price alone, and price null (back to the product price)', async () => {
    const made = await create(seller);
    const target = variantOf(made, 'M', 'white');
    const path = `/api/seller/products/${made.id}/variants/${target.id}`;
    expect(variantOf((await api(server, 'PATCH', path, { token: seller.token, body: { stock: 1 } })).body.data, 'M', 'white')).toMatchObject({ stock_quantity: 1, price: 1250 });
    expect(variantOf((await api(server, 'PATCH', path, { token: seller.token, body: { price: 1300 } })).body.data, 'M', 'white')).toMatchObject({ stock_quantity: 1, price: 1300 });
    expect(variantOf((await api(server, 'PATCH', path, { token: seller.token, body: { price: null } })).body.data, 'M', 'white')).toMatchObject({ price: 1200 });
  });

  it('out of stock when every variant is at 0', async () => {
    const made = await create(seller, { variants: [{ size: 'S', color: 'red', fabric: 'Wool', stock: 2 }] });
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}/variants/${made.variants[0]?.id}`, { token: seller.token, body: { stock: 0 } });
    expect(res.body.data).toMatchObject({ stock_quantity: 0, in_stock: false, stock_status: 'out_of_stock' });
    expect(await productRow(made.id)).toMatchObject({ stock_quantity: 0, in_stock: 0 });
  });

  it('applies a queued restock exactly once when it is sent again with its Idempotency-Key', async () => {
    const made = await create(seller);
    const target = variantOf(made, 'L', 'blue');
    const key = `restock-${uniqueSku()}`;
    const path = `/api/seller/products/${made.id}/variants/${target.id}`;
    const first = await api(server, 'PATCH', path, { token: seller.token, body: { stock: 30 }, headers: { 'idempotency-key': key } });
    const stamp = (await productRow(made.id)).updated_at;
    const replay = await api(server, 'PATCH', path, { token: seller.token, body: { stock: 30 }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await productRow(made.id)).updated_at).toBe(stamp);
    const reused = await api(server, 'PATCH', path, { token: seller.token, body: { stock: 31 }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it.each([
    [{}, '(body)', 'Give at least one field to change.'],
    [{ stock: -1 }, 'stock', 'The stock must be a whole number from 0 to 1000000.'],
    [{ stock: '3' }, 'stock', 'The stock must be a whole number from 0 to 1000000.'],
    [{ price: 1.001 }, 'price', 'The price must be a number of MAD with at most 2 decimals.'],
    [{ size: 'M' }, '(body)', 'A variant edit may only hold stock and price.'],
  ])('refuses %j with 422 and changes nothing', async (body, parameter, message) => {
    const made = await create(seller);
    const before = await variantRows(made.id);
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}/variants/${made.variants[0]?.id}`, { token: seller.token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ parameter, message });
    expect(await variantRows(made.id)).toEqual(before);
  });

  it("answers another product's variant, a missing one and another shop's product as 404", async () => {
    const mine = await create(seller);
    const second = await create(seller);
    const theirs = await create(other);
    const before = await variantRows(second.id);
    for (const [path, code] of [
      [`/api/seller/products/${mine.id}/variants/${second.variants[0]?.id}`, 'VARIANT_NOT_FOUND'],
      [`/api/seller/products/${mine.id}/variants/999999999`, 'VARIANT_NOT_FOUND'],
      [`/api/seller/products/${mine.id}/variants/x`, 'VARIANT_NOT_FOUND'],
      [`/api/seller/products/${theirs.id}/variants/${theirs.variants[0]?.id}`, 'PRODUCT_NOT_FOUND'],
    ] as const) {
      const res = await api(server, 'PATCH', path, { token: seller.token, body: { stock: 5 } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(code);
    }
    expect(await variantRows(second.id)).toEqual(before);
    expect((await variantRows(theirs.id)).map((v) => v.stock)).toEqual(theirs.variants.map((v) => v.stock_quantity));
  });
});

describe('POST /api/seller/products/{id}/variants', () => {
  it('adds a variant: facets, stock and its default SKU follow', async () => {
    const made = await create(seller);
    const res = await api(server, 'POST', `/api/seller/products/${made.id}/variants`, { token: seller.token, body: { size: 'XXL', color: 'green', fabric: 'Cotton', stock: 5 } });
    expect(res.status).toBe(201);
    expect(res.body.data.variants).toHaveLength(5);
    expect(variantOf(res.body.data, 'XXL', 'green')).toMatchObject({ sku: `${made.sku}-XXL-GRE-COT`, price: 1200, stock_quantity: 5 });
    expect(res.body.data).toMatchObject({ colors: ['white', 'blue', 'green'], sizes: ['M', 'L', 'XXL'], fabrics: ['Silk', 'Cotton'], stock_quantity: 18 });
    const row = await productRow(made.id);
    expect(row.colors_mask & (1 << 4)).not.toBe(0);
  });

  it.each([
    [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1 }, 422, 'VARIANT_EXISTS'],
    [{ size: 'M', color: 'blue', stock: 1 }, 422, 'VALIDATION'],
    [{ size: 'S', color: 'blue', fabric: 'Silk', stock: 1, sku: 'bad sku' }, 422, 'VALIDATION'],
  ])('refuses %j (%i %s)', async (body, status, code) => {
    const made = await create(seller);
    const res = await api(server, 'POST', `/api/seller/products/${made.id}/variants`, { token: seller.token, body });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await variantRows(made.id)).toHaveLength(4);
  });

  it('refuses a SKU another product has', async () => {
    const made = await create(seller);
    const theirs = await create(other);
    const res = await api(server, 'POST', `/api/seller/products/${made.id}/variants`, {
      token: seller.token,
      body: { size: 'S', color: 'blue', fabric: 'Silk', stock: 1, sku: theirs.variants[0]?.sku },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ parameter: 'variants.4.sku', message: 'The sku has already been taken.' }]);
  });
});

describe('DELETE /api/seller/products/{id}/variants/{variant_id}', () => {
  it('removes a variant; the last one cannot go (422)', async () => {
    const made = await create(seller, { variants: [{ size: 'S', color: 'red', fabric: 'Wool', stock: 2 }, { size: 'M', color: 'black', fabric: 'Linen', stock: 3 }] });
    const [first, second] = made.variants;
    const res = await api(server, 'DELETE', `/api/seller/products/${made.id}/variants/${first?.id}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data.variants.map((v) => v.id)).toEqual([second?.id]);
    expect(res.body.data).toMatchObject({ colors: ['black'], sizes: ['M'], fabrics: ['Linen'], stock_quantity: 3 });
    const last = await api(server, 'DELETE', `/api/seller/products/${made.id}/variants/${second?.id}`, { token: seller.token });
    expect(last.status).toBe(422);
    expect(last.body).toMatchObject({ code: 'LAST_VARIANT', message: 'A product must keep at least one variant.' });
    expect(await variantRows(made.id)).toHaveLength(1);
    const gone = await api(server, 'DELETE', `/api/seller/products/${made.id}/variants/${first?.id}`, { token: seller.token });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('VARIANT_NOT_FOUND');
  });

  it('a buyer gets 403 and a guest 401, and nothing changes', async () => {
    const made = await create(seller);
    const path = `/api/seller/products/${made.id}/variants/${made.variants[0]?.id}`;
    expect((await api(server, 'DELETE', path, { token: buyer.token })).status).toBe(403);
    expect((await api(server, 'DELETE', path)).status).toBe(401);
    expect(await variantRows(made.id)).toHaveLength(4);
  });
});
