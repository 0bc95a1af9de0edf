/**
 * Issue 21 (decisions.md "Prices"): every variant states the price that will be charged, its original price and
 * its discount percent, in the REST answers and in the replicated documents alike, so a client sends a variant's
 * `unit_price` as it is and never needs the server's rule. Against a real server: details, listings and the pull
 * agree, their numbers are consistent with each other, and an order at the stated unit prices is placed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { fromCentimes, toCentimes } from '../../src/domain/money';
import type { ProductVariantResponse } from '../../src/server/http/product-response';
import { updateProduct } from '../../src/server/repositories/product-writes';
import { registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { getJson } from './support/http';
import { orderBody, placeOrder, type SellableVariant } from './support/order-fixtures';
import { pullAll } from './support/pull-all';

interface ProductBody {
  id: number;
  name: string;
  shop: { id: number };
  price: number;
  has_discount: boolean;
  discount_price: number | null;
  variants: ProductVariantResponse[];
}

const VARIANT_FIELDS = [
  'id', 'sku', 'size', 'color', 'fabric', 'price', 'original_price', 'has_discount', 'discount_price',
  'discount_percentage', 'unit_price', 'stock_quantity',
].sort();

let server: AuthServer;
let buyer: RegisteredUser;
/** A product given a sale here, whose variants have different list prices (XXL costs 50 MAD more). */
let made: ProductDoc;

beforeAll(async () => {
  server = await startAuthServer({ products: 60 });
  buyer = await registerUser(server.url);
  const docs = (await pullAll(server.url, 'products')).documents.filter((d) => !d._deleted);
  const mixed = docs.find((d) => !d.has_discount && new Set(d.variants.map((v) => v.price)).size > 1 && d.price > 200);
  if (!mixed) throw new Error('the seed lacks a product without a sale whose variants differ in price');
  // An odd sale price, so the percent is rounded and differs from one variant to another.
  const written = await updateProduct(server.db, Number(mixed.id), { discountPrice: fromCentimes(toCentimes(mixed.price) - 3_333) });
  if (!written) throw new Error('the sale was not written');
  made = written;
});
afterAll(async () => {
  await server?.close();
});

async function details(id: string | number): Promise<ProductBody> {
  const res = await getJson<{ data: ProductBody }>(server.url, `/api/products/${id}/details`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Every variant of the product with stock for one more unit, as the order fixtures describe a line. */
async function sellable(p: ProductBody): Promise<SellableVariant[]> {
  await updateProduct(server.db, p.id, { stock: p.variants.map((v) => ({ variantId: v.id, quantity: 5 })) });
  return p.variants.map((v) => ({ productId: p.id, variantId: v.id, shopId: p.shop.id, unitPrice: v.unit_price, name: p.name }));
}

describe('variant prices in GET /api/products/{id}/details', () => {
  it("states each variant's list price, charged price and discount, consistent with each other", async () => {
    const p = await details(made.id);
    expect(p.has_discount).toBe(true);
    expect(p.variants.length).toBeGreaterThan(1);
    const discount = toCentimes(p.price) - toCentimes(p.discount_price ?? p.price);
    expect(discount).toBe(3_333);
    for (const v of p.variants) {
      expect(Object.keys(v).sort(), `variant ${v.id}`).toEqual(VARIANT_FIELDS);
      expect(v.original_price).toBe(v.price);
      expect(v.has_discount).toBe(true);
      // The product's discount, in centimes, comes off the variant's list price.
      expect(toCentimes(v.unit_price)).toBe(toCentimes(v.price) - discount);
      expect(v.discount_price).toBe(v.unit_price);
      expect(v.discount_percentage).toBe(Math.round((1 - v.unit_price / v.price) * 100));
    }
    // The XXL variant's list price is 50 MAD above the others': its charged price too, and its percent is smaller.
    const xxl = p.variants.find((v) => v.size === 'XXL');
    const other = p.variants.find((v) => v.size !== 'XXL');
    if (!xxl || !other) throw new Error('the product lacks an XXL variant and another');
    expect(toCentimes(xxl.unit_price) - toCentimes(other.unit_price)).toBe(5_000);
    expect(xxl.discount_percentage).toBeLessThanOrEqual(other.discount_percentage);
  });

  it('a variant of a product without a sale is charged its list price: no discount', async () => {
    const docs = (await pullAll(server.url, 'products')).documents;
    const plain = docs.find((d) => !d._deleted && !d.has_discount && d.variants.length > 0);
    if (!plain) throw new Error('the seed lacks a product without a sale');
    const p = await details(plain.id);
    for (const v of p.variants) {
      expect(v).toMatchObject({ original_price: v.price, has_discount: false, discount_price: null, discount_percentage: 0, unit_price: v.price });
    }
  });

  it("an order at every variant's unit_price is placed (201), at those prices; the list price is refused", async () => {
    const p = await details(made.id);
    const lines = await sellable(p);
    const listPrice = await placeOrder(
      server.url,
      buyer.token,
      orderBody([{ v: lines[0]!, quantity: 1, unitPrice: p.variants[0]!.price }]),
    );
    expect(listPrice.status, JSON.stringify(listPrice.body)).toBe(422);
    expect(listPrice.body.code).toBe('PRICE_CHANGED');

    const res = await placeOrder(server.url, buyer.token, orderBody(lines.map((v) => ({ v, quantity: 1 }))));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.items.map((i) => [i.variant_id, i.unit_price])).toEqual(p.variants.map((v) => [v.id, v.unit_price]));
  });

  it("every seeded product on sale: each variant's unit_price is accepted as it is", async () => {
    const docs = (await pullAll(server.url, 'products')).documents;
    const onSale = docs.filter((d) => !d._deleted && d.has_discount && d.id !== made.id && d.variants.length > 0).slice(0, 5);
    expect(onSale.length).toBeGreaterThan(0);
    for (const doc of onSale) {
      const p = await details(doc.id);
      const res = await placeOrder(server.url, buyer.token, orderBody((await sellable(p)).map((v) => ({ v, quantity: 1 }))));
      expect(res.status, `${doc.id}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });
});

describe('the same numbers everywhere', () => {
  it('the pulled document of a product states the prices its details state, variant by variant', async () => {
    const docs = (await pullAll(server.url, 'products')).documents.filter((d) => !d._deleted);
    const sample = [made.id, ...docs.filter((d) => d.has_discount).map((d) => d.id).slice(0, 5), ...docs.filter((d) => !d.has_discount).map((d) => d.id).slice(0, 2)];
    for (const id of sample) {
      const doc = docs.find((d) => d.id === id);
      if (!doc) throw new Error(`product ${id} was not pulled`);
      const p = await details(id);
      expect(
        doc.variants.map((v) => ({
          id: v.id,
          price: v.price,
          original_price: v.price,
          has_discount: v.has_discount,
          discount_price: v.discount_price,
          discount_percentage: v.discount_percent,
          unit_price: v.effective_price,
        })),
        `product ${id}`,
      ).toEqual(
        p.variants.map((v) => ({
          id: v.id,
          price: v.price,
          original_price: v.original_price,
          has_discount: v.has_discount,
          discount_price: v.discount_price,
          discount_percentage: v.discount_percentage,
          unit_price: v.unit_price,
        })),
      );
    }
  });

  it('listings (GET /api/products/all) carry the variants as the details do', async () => {
    const res = await getJson<{ data: ProductBody[] }>(server.url, '/api/products/all?onSale=true&per_page=100');
    expect(res.status).toBe(200);
    expect(res.body.data.some((p) => String(p.id) === made.id)).toBe(true);
    for (const listed of res.body.data.slice(0, 8)) expect(listed.variants, `product ${listed.id}`).toEqual((await details(listed.id)).variants);
  });
});
