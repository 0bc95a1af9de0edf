/**
 * Orders in tests: a sellable variant with a known stock, the body of a
 * POST /api/orders for it at today's price, and small HTTP helpers.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { unitPriceOf } from '../../../src/domain/commerce';
import type { OrderDoc, PlaceOrderBody, ShippingInfo } from '../../../src/domain/commerce-schemas';
import { fromCentimes } from '../../../src/domain/money';
import type { Database } from '../../../src/server/db/database';
import { updateProduct } from '../../../src/server/repositories/product-writes';
import { authHeaders, requestJson, type HttpAnswer } from '../../helpers/auth';

export const SHIPPING: ShippingInfo = {
  first_name: 'Amina',
  last_name: 'Test',
  email: 'amina@example.test',
  phone: '+212600000000',
  street: '12 Rue Test',
  apartment: '',
  city: 'Casablanca',
  state: 'Casablanca-Settat',
  postal_code: '20000',
  country: 'MA',
};

export interface SellableVariant {
  productId: number;
  variantId: number;
  shopId: number;
  unitPrice: number;
  name: string;
}

/**
 * The `n`-th sellable variant (live product of an active shop, by variant id), its stock set to `stock`
 * (its product's other variants keep theirs).
 */
export async function sellableVariant(db: Database, stock: number, n = 0): Promise<SellableVariant> {
  const rows = await db.kysely
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['v.id as variantId', 'v.product_id as productId', 'v.price_cents as variantCents', 'p.price_cents', 'p.effective_cents', 'p.shop_id', 'p.name'])
    .where('p.deleted', '=', 0)
    .where('s.status', '=', 'active')
    .orderBy('v.product_id')
    .orderBy('v.id')
    .execute();
  // One variant per product, so two fixtures never share a product.
  const seen = new Set<number>();
  const firsts = rows.filter((r) => (seen.has(Number(r.productId)) ? false : (seen.add(Number(r.productId)), true)));
  const row = firsts[n];
  if (!row) throw new Error(`no sellable variant #${n}`);
  await updateProduct(db, Number(row.productId), { stock: [{ variantId: Number(row.variantId), quantity: stock }] });
  return {
    productId: Number(row.productId),
    variantId: Number(row.variantId),
    shopId: Number(row.shop_id),
    name: row.name,
    unitPrice: unitPriceOf(
      { price: fromCentimes(Number(row.price_cents)), effective_price: fromCentimes(Number(row.effective_cents)) },
      { price: fromCentimes(Number(row.variantCents)) },
    ),
  };
}

/** An order body as the app sends it: with its own client ref. */
export type AppOrderBody = PlaceOrderBody & { client_ref: string };

export function orderBody(lines: readonly { v: SellableVariant; quantity: number; unitPrice?: number }[], patch: Partial<AppOrderBody> = {}): AppOrderBody {
  return {
    client_ref: randomUUID(),
    items: lines.map(({ v, quantity, unitPrice }) => ({ product_id: v.productId, variant_id: v.variantId, quantity, unit_price: unitPrice ?? v.unitPrice })),
    shipping_info: SHIPPING,
    payment_method: 'cod',
    ...patch,
  };
}

export interface OrderAnswer {
  success: boolean;
  message?: string;
  code?: string;
  data: OrderDoc;
  items?: unknown[];
}

export function placeOrder(base: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<OrderAnswer>> {
  return requestJson<OrderAnswer>(base, 'POST', '/api/orders', body, { ...authHeaders(token), ...headers });
}

export function as<T = Record<string, unknown>>(base: string, token: string, method: string, path: string, body?: unknown): Promise<HttpAnswer<T>> {
  return requestJson<T>(base, method, path, body, authHeaders(token));
}

export async function stockOf(db: Database, v: SellableVariant): Promise<{ variant: number; product: number; inStock: number; sales: number }> {
  const variant = await db.kysely.selectFrom('product_variants').select('stock').where('id', '=', v.variantId).executeTakeFirstOrThrow();
  const sum = await db.kysely
    .selectFrom('product_variants')
    .select((eb) => eb.fn.sum<number>('stock').as('s'))
    .where('product_id', '=', v.productId)
    .executeTakeFirstOrThrow();
  const product = await db.kysely.selectFrom('products').select(['stock_quantity', 'in_stock', 'sales_count']).where('id', '=', v.productId).executeTakeFirstOrThrow();
  expect(Number(product.stock_quantity), 'products.stock_quantity = the sum of its variants').toBe(Number(sum.s));
  return { variant: Number(variant.stock), product: Number(product.stock_quantity), inStock: Number(product.in_stock), sales: Number(product.sales_count) };
}
