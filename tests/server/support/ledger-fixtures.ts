/**
 * The sellers' ledger in tests (docs/MONEY.md): two shops with a sellable variant each and their sellers, orders
 * moved to delivered over HTTP, and each shop's ledger as its seller reads it.
 */
import { expect } from 'vitest';
import type { OrderDoc } from '../../../src/domain/commerce-schemas';
import { unitPriceOf } from '../../../src/domain/commerce';
import { fromCentimes } from '../../../src/domain/money';
import type { Database } from '../../../src/server/db/database';
import { updateProduct } from '../../../src/server/repositories/product-writes';
import { sellerLogin, type AuthServer } from '../../helpers/auth';
import { as, orderBody, placeOrder, type SellableVariant } from './order-fixtures';

export interface LedgerEntry {
  id: number;
  kind: string;
  order_id: number | null;
  order_number: string | null;
  order_item_id: number | null;
  product_name: string | null;
  quantity: number | null;
  amount: number;
  period_start: string;
  created_at: number;
  reverses_entry_id: number | null;
}

export interface LedgerAnswer {
  success: boolean;
  code?: string;
  data: LedgerEntry[];
  totals: { sales: number; commission: number; refunds: number; net: number; balance: number };
  meta: { from: string; to: string; period: { start: string; end: string }; next_payout_date: string };
}

export interface LedgerShop {
  id: number;
  token: string;
  variant: SellableVariant;
}

/** A variant of a product of shop `shopId`, its stock set to `stock`. */
async function variantOfShop(db: Database, shopId: number, stock: number): Promise<SellableVariant> {
  const row = await db.kysely
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id as variantId', 'v.product_id as productId', 'v.price_cents as variantCents', 'p.price_cents', 'p.effective_cents', 'p.name'])
    .where('p.shop_id', '=', shopId)
    .where('p.deleted', '=', 0)
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  await updateProduct(db, Number(row.productId), { stock: [{ variantId: Number(row.variantId), quantity: stock }] });
  return {
    productId: Number(row.productId),
    variantId: Number(row.variantId),
    shopId,
    name: row.name,
    unitPrice: unitPriceOf(
      { price: fromCentimes(Number(row.price_cents)), effective_price: fromCentimes(Number(row.effective_cents)) },
      { price: fromCentimes(Number(row.variantCents)) },
    ),
  };
}

/** The first two active shops that have products, with their sellers signed in and a variant each. */
export async function twoShops(server: AuthServer, stock = 500): Promise<[LedgerShop, LedgerShop]> {
  const shops = await server.db.kysely
    .selectFrom('shops')
    .innerJoin('products', 'products.shop_id', 'shops.id')
    .select(['shops.id', 'shops.slug'])
    .where('shops.status', '=', 'active')
    .where('products.deleted', '=', 0)
    .groupBy(['shops.id', 'shops.slug'])
    .orderBy('shops.id')
    .limit(2)
    .execute();
  const [x, y] = shops;
  if (!x || !y) throw new Error('need two shops with products');
  const one = async (row: { id: number; slug: string }): Promise<LedgerShop> => ({
    id: Number(row.id),
    token: (await sellerLogin(server.url, row.slug)).token,
    variant: await variantOfShop(server.db, Number(row.id), stock),
  });
  return [await one(x), await one(y)];
}

export async function order(server: AuthServer, buyerToken: string, lines: { v: SellableVariant; quantity: number }[], coupon?: string): Promise<OrderDoc> {
  const res = await placeOrder(server.url, buyerToken, orderBody(lines, coupon === undefined ? {} : { coupon_code: coupon }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export function moveAs(server: AuthServer, token: string, orderId: number, body: unknown) {
  return as<{ data: OrderDoc; code?: string; message?: string; errors?: { parameter: string; message: string }[] }>(
    server.url,
    token,
    'PATCH',
    `/api/seller/orders/${orderId}`,
    body,
  );
}

/** pending → processing → shipped, each move answered 200. */
export async function ship(server: AuthServer, token: string, orderId: number): Promise<void> {
  for (const status of ['processing', 'shipped']) {
    const res = await moveAs(server, token, orderId, { status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

export async function ledgerOf(server: AuthServer, token: string, query = ''): Promise<LedgerAnswer> {
  const res = await as<LedgerAnswer>(server.url, token, 'GET', `/api/seller/ledger${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Round half up of cents × bp / 10000, written out apart from the domain's rule. */
export function expectedCommission(cents: number, bp: number): number {
  const exact = (cents * bp) / 10_000;
  const floor = Math.floor(exact);
  return exact - floor >= 0.5 ? floor + 1 : floor;
}
