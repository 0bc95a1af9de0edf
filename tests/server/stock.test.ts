import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, updateProduct, type TestServer } from '../helpers/server';
import { getJson } from './support/http';

interface StockBody {
  success: boolean;
  status: string;
  available_quantity: number;
  message: string;
  stock_id: number;
  variant_id: number | null;
}

/** A seeded product as its rows hold it: each variant's stock, and their sum (the product's total). */
interface SeededProduct {
  id: number;
  stock: number;
  variants: { id: number; stock: number }[];
}

let server: TestServer;
let seeded: SeededProduct[];
beforeAll(async () => {
  server = await startTestServer({ products: 200 });
  // The expected quantities come from the seeded rows, not from another endpoint of the server under test.
  const { kysely } = server.db;
  const products = await kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').execute();
  const variants = await kysely.selectFrom('product_variants').select(['id', 'product_id', 'stock']).orderBy('id').execute();
  seeded = products.map((p) => {
    const own = variants.filter((v) => Number(v.product_id) === Number(p.id)).map((v) => ({ id: Number(v.id), stock: Number(v.stock) }));
    return { id: Number(p.id), stock: own.reduce((sum, v) => sum + v.stock, 0), variants: own };
  });
});
afterAll(async () => {
  await server?.close();
});

const check = (id: string | number, variant?: string | number) =>
  getJson<StockBody>(server.url, `/api/stock/${id}/availability${variant === undefined ? '' : `?variant_id=${variant}`}`);

describe('GET /api/stock/{id}/availability', () => {
  it('answers available with the total stock of a well-stocked product', async () => {
    const doc = seeded.find((d) => d.stock > 5);
    if (!doc) throw new Error('no stocked product');
    const res = await check(doc.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      status: 'available',
      available_quantity: doc.stock,
      message: 'In stock',
      stock_id: doc.id,
      variant_id: null,
    });
  });

  it('answers low_stock with the spec text for 1..5 items', async () => {
    const doc = seeded.find((d) => d.stock >= 1 && d.stock <= 5);
    if (!doc) throw new Error('seed lacks a low-stock product');
    const res = await check(doc.id);
    expect(res.body).toMatchObject({ status: 'low_stock', available_quantity: doc.stock });
    expect(res.body.message).toBe(`Only ${doc.stock} item(s) available`);
  });

  it('answers out_of_stock with the spec text at 0', async () => {
    const doc = seeded.find((d) => d.stock === 0);
    if (!doc) throw new Error('seed lacks an out-of-stock product');
    const res = await check(doc.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'out_of_stock', available_quantity: 0 });
    expect(res.body.message).toBe('This product is currently out of stock');
  });

  it('checks one variant', async () => {
    const doc = seeded.find((d) => d.variants.length > 1 && d.variants.some((v) => v.stock > 5));
    const variant = doc?.variants.find((v) => v.stock > 5);
    if (!doc || !variant) throw new Error('no multi-variant product');
    const res = await check(doc.id, variant.id);
    expect(res.body).toEqual({
      success: true,
      status: 'available',
      available_quantity: variant.stock,
      message: 'In stock',
      stock_id: doc.id,
      variant_id: variant.id,
    });
    await updateProduct(server, doc.id, { stock: [{ variantId: variant.id, quantity: 2 }] });
    const low = await check(doc.id, variant.id);
    expect(low.body).toMatchObject({ status: 'low_stock', available_quantity: 2, message: 'Only 2 item(s) available' });
  });

  it('answers variant_not_found for a variant of another product', async () => {
    const [a, b] = seeded.filter((d) => d.variants.length > 0);
    const foreign = b?.variants[0];
    if (!a || !foreign) throw new Error('no products');
    const res = await check(a.id, foreign.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, status: 'variant_not_found', available_quantity: 0 });
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('answers the spec 404 for an unknown or deleted product', async () => {
    const res = await check(987654);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      status: 'no_stock',
      available_quantity: 0,
      message: 'Product does not exist',
    });
    const victim = seeded[3];
    if (!victim) throw new Error('no products');
    await updateProduct(server, victim.id, { deleted: true });
    expect((await check(victim.id)).body.status).toBe('no_stock');
  });

  it("refuses a malformed id with the spec's 'Invalid stock ID'", async () => {
    for (const bad of ['abc', '0', '-5', '1e3', '3000000000', '03']) {
      const res = await check(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'INVALID_STOCK_ID', message: 'Invalid stock ID' });
    }
    const badVariant = await check(1, 'xyz');
    expect(badVariant.status).toBe(400);
    expect((badVariant.body as unknown as { message: string }).message).toContain("'variant_id'");
  });
});
