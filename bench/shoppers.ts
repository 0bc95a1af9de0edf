/**
 * The people and stock of the load and checkout benches, made directly through the repositories (no HTTP, so
 * no rate limit or scrypt stands in the way): buyers with live bearer sessions, a pool of variants with a known
 * stock and today's price, order bodies for them, and the check afterwards that nothing was oversold.
 */
import { SHIPPING } from '../tests/server/support/order-fixtures';
import { randomUUID } from 'node:crypto';
import { unitPriceOf } from '../src/domain/commerce';
import type { PlaceOrderBody, ShippingInfo } from '../src/domain/commerce-schemas';
import { fromCentimes } from '../src/domain/money';
import { TOKEN_LIFETIME_MS } from '../src/domain/account';
import { signToken } from '../src/server/auth/tokens';
import type { Database } from '../src/server/db/database';
import { updateProduct } from '../src/server/repositories/product-writes';
import { createSession } from '../src/server/repositories/sessions';
import { createUser } from '../src/server/repositories/users';
import { BENCH_AUTH_SECRET } from './servers';

export interface Buyer {
  userId: number;
  /** A bearer token of a live session, signed with the bench instances' secret. */
  token: string;
}

/** A new bearer session of `userId` and its token, signed with the bench instances' secret. */
export async function bearerToken(db: Database, userId: number): Promise<string> {
  const now = Date.now();
  const session = await createSession(db, { userId, kind: 'bearer', ttlMs: TOKEN_LIFETIME_MS, now });
  return signToken(BENCH_AUTH_SECRET, { sid: session.id, uid: userId, iat: now, exp: session.expires_at });
}

/** `n` buyers, each with one bearer session; `tag` keeps their emails apart from another batch's. */
export async function createBuyers(db: Database, n: number, tag: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(db, { email: `bench.${tag}.${i}@example.test`, username: `bench_${tag}_${i}`, first_name: 'Bench', last_name: `Buyer ${i}` });
    buyers.push({ userId: user.id, token: await bearerToken(db, user.id) });
  }
  return buyers;
}

export interface PoolVariant {
  productId: number;
  variantId: number;
  /** What the buyer pays for one (the order route checks it). */
  unitPrice: number;
  /** The stock it was given. */
  stock: number;
}

/**
 * `count` sellable variants (live products of active shops; the first variant of each product, so no two share a
 * product), skipping the first `skip` such products, each given `stock` units.
 */
export async function variantPool(db: Database, count: number, stock: number, skip = 0): Promise<PoolVariant[]> {
  const products = await db.kysely
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['p.id', 'p.price_cents', 'p.effective_cents'])
    .where('p.deleted', '=', 0)
    .where('s.status', '=', 'active')
    .orderBy('p.id')
    .offset(skip)
    .limit(count)
    .execute();
  if (products.length < count) throw new Error(`the bench needs ${skip + count} sellable products, the catalogue has ${skip + products.length}`);
  const pool: PoolVariant[] = [];
  for (const p of products) {
    const v = await db.kysely.selectFrom('product_variants').select(['id', 'price_cents']).where('product_id', '=', p.id).orderBy('id').executeTakeFirstOrThrow();
    await updateProduct(db, Number(p.id), { stock: [{ variantId: Number(v.id), quantity: stock }] });
    pool.push({
      productId: Number(p.id),
      variantId: Number(v.id),
      stock,
      unitPrice: unitPriceOf({ price: fromCentimes(Number(p.price_cents)), effective_price: fromCentimes(Number(p.effective_cents)) }, { price: fromCentimes(Number(v.price_cents)) }),
    });
  }
  return pool;
}

/** Ids of live products (for product pages). */
export async function liveProductIds(db: Database, limit = 5_000): Promise<number[]> {
  const rows = await db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** The address of every bench order: the order tests' (tests/server/support/order-fixtures.ts). */
export const BENCH_SHIPPING: ShippingInfo = SHIPPING;

/** A cash-on-delivery order of these lines; its client_ref starts with `refPrefix` (how the checks find the run's orders). */
export function codOrder(lines: readonly { v: PoolVariant; quantity: number }[], refPrefix: string): PlaceOrderBody & { client_ref: string } {
  return {
    client_ref: `${refPrefix}${randomUUID()}`,
    items: lines.map(({ v, quantity }) => ({ product_id: v.productId, variant_id: v.variantId, quantity, unit_price: v.unitPrice })),
    shipping_info: BENCH_SHIPPING,
    payment_method: 'cod',
  };
}

export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export interface OversellReport {
  /** Variants anywhere in the catalogue with stock below zero. */
  negative: number;
  /** Pool variants whose orders (client_ref under the prefix) hold more units than the stock they were given. */
  overOrdered: number;
  /** Pool variants whose stock did not fall by exactly the units ordered (a lost or double update). */
  mismatched: number;
  soldOut: number;
  variants: number;
  orders: number;
  units: number;
}

/** After a run: stock never below zero, and every pool variant's orders within (and exactly accounting for) its stock. */
export async function oversellCheck(db: Database, pool: readonly PoolVariant[], refPrefix: string): Promise<OversellReport> {
  const negative = await db.kysely
    .selectFrom('product_variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stock', '<', 0)
    .executeTakeFirstOrThrow();
  const ids = pool.map((v) => v.variantId);
  const finals = await db.kysely.selectFrom('product_variants').select(['id', 'stock']).where('id', 'in', ids).execute();
  const ordered = await db.kysely
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.variant_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('units')])
    .where('orders.client_ref', 'like', `${refPrefix}%`)
    .where('order_items.variant_id', 'in', ids)
    .groupBy('order_items.variant_id')
    .execute();
  const orders = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_ref', 'like', `${refPrefix}%`)
    .executeTakeFirstOrThrow();
  const finalOf = new Map(finals.map((f) => [Number(f.id), Number(f.stock)]));
  const unitsOf = new Map(ordered.map((o) => [Number(o.variant_id), Number(o.units)]));
  let overOrdered = 0;
  let mismatched = 0;
  let soldOut = 0;
  let units = 0;
  for (const v of pool) {
    const u = unitsOf.get(v.variantId) ?? 0;
    const left = finalOf.get(v.variantId) ?? Number.NaN;
    units += u;
    if (u > v.stock) overOrdered++;
    if (v.stock - left !== u) mismatched++;
    if (left === 0) soldOut++;
  }
  return { negative: Number(negative.n), overOrdered, mismatched, soldOut, variants: pool.length, orders: Number(orders.n), units };
}

export function oversellOk(r: OversellReport): boolean {
  return r.negative === 0 && r.overOrdered === 0 && r.mismatched === 0;
}

/** One line for the table: 'ok' or 'FAILED', and the figures behind it. */
export function describeOversell(r: OversellReport): string {
  return `${oversellOk(r) ? 'ok' : 'FAILED'}: ${r.negative} variants < 0; ${r.overOrdered} of ${r.variants} ordered past their stock; ${r.mismatched} stock ≠ initial − ordered; ${r.soldOut} sold out (${r.orders} orders, ${r.units} units)`;
}
