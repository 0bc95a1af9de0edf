/**
 * Order reads (docs/COMMERCE.md, "Orders API"): an order as its OrderDoc, the
 * buyer's own orders (one, or a filtered page), and a seller's view (orders
 * holding their shop's items, the other shops' items left out). Ownership is
 * part of every query: another buyer's order reads as missing.
 */
import { sql, type SqlBool } from 'kysely';
import { isShippingMethod, type OrderStatus, type PaymentMethod, type PaymentStatus } from '../../domain/commerce';
import type { OrderDoc, OrderItem, ShippingInfo } from '../../domain/commerce-schemas';
import { fromCentimes } from '../../domain/money';
import type { Database } from '../db/database';
import { parseId } from '../db/ids';
import { containsPattern } from '../db/search-text';
import type { OrderItemRow, OrderRow } from '../db/schema';
import type { Tx } from '../db/write-transaction';

export interface OrderHistoryEntry {
  status: OrderStatus;
  at: number;
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** The document id of an order: the app's client_ref when it gave one, else the order id. */
export function orderDocId(row: Pick<OrderRow, 'id' | 'client_ref'>): string {
  return row.client_ref ?? String(row.id);
}

function toItem(row: OrderItemRow): OrderItem {
  return {
    product_id: Number(row.product_id),
    variant_id: Number(row.variant_id),
    stock_id: Number(row.product_id),
    store_id: Number(row.shop_id),
    name: row.name,
    name_ar: row.name_ar,
    image: row.image,
    color: row.color,
    size: row.size,
    fabric: row.fabric,
    quantity: Number(row.quantity),
    unit_price: fromCentimes(Number(row.unit_cents)),
  };
}

export function toOrderDoc(row: OrderRow, items: readonly OrderItemRow[]): OrderDoc {
  return {
    id: orderDocId(row),
    order_id: Number(row.id),
    order_number: row.order_number,
    customer_id: Number(row.user_id),
    status: row.status as OrderStatus,
    payment_method: row.payment_method as PaymentMethod,
    payment_status: row.payment_status as PaymentStatus,
    items: items.map(toItem),
    shipping_info: parseJson<ShippingInfo>(row.shipping_json, {} as ShippingInfo),
    subtotal: fromCentimes(Number(row.subtotal_cents)),
    discount_amount: fromCentimes(Number(row.discount_cents)),
    shipping_amount: fromCentimes(Number(row.shipping_cents)),
    tax_amount: fromCentimes(Number(row.tax_cents)),
    total_amount: fromCentimes(Number(row.total_cents)),
    coupon_code: row.coupon_code,
    shipping_method: isShippingMethod(row.shipping_method) ? row.shipping_method : 'standard',
    tracking_number: row.tracking_number,
    estimated_delivery: Number(row.estimated_delivery),
    history: parseJson<OrderHistoryEntry[]>(row.history_json, []),
    created_at: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The documents of `rows`, in their order; with `shopId`, only that shop's items. */
export async function toOrderDocs(tx: Tx, rows: readonly OrderRow[], shopId?: number): Promise<OrderDoc[]> {
  if (rows.length === 0) return [];
  let q = tx
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((r) => Number(r.id)),
    );
  if (shopId !== undefined) q = q.where('shop_id', '=', shopId);
  const items = await q.orderBy('order_id').orderBy('position').execute();
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(Number(item.order_id)) ?? [];
    list.push(item);
    byOrder.set(Number(item.order_id), list);
  }
  return rows.map((r) => toOrderDoc(r, byOrder.get(Number(r.id)) ?? []));
}

/**
 * The buyer's order that `key` names: the app's client ref first (its document id), else the order id.
 * Another buyer's order is null, like a missing one.
 */
export async function findOwnOrderRow(tx: Tx, userId: number, key: string): Promise<OrderRow | null> {
  if (key.length === 0 || key.length > 100) return null;
  const byRef = await tx.selectFrom('orders').selectAll().where('user_id', '=', userId).where('client_ref', '=', key).executeTakeFirst();
  if (byRef) return byRef;
  const id = parseId(key);
  if (id === null) return null;
  return (await tx.selectFrom('orders').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findOwnOrder(db: Database, userId: number, key: string): Promise<OrderDoc | null> {
  const row = await findOwnOrderRow(db.kysely, userId, key);
  if (!row) return null;
  const [doc] = await toOrderDocs(db.kysely, [row]);
  return doc ?? null;
}

export interface OrderListQuery {
  status?: OrderStatus;
  /** Part of an order number or of an item's name (case-insensitive). */
  search?: string;
  page: number;
  perPage: number;
}

export interface OrderPage {
  items: OrderDoc[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}


async function page(tx: Tx, base: ReturnType<typeof ordersWhere>, q: OrderListQuery, shopId?: number): Promise<OrderPage> {
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const rows = await base
    .selectAll('orders')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    items: await toOrderDocs(tx, rows, shopId),
    page: q.page,
    perPage: q.perPage,
    total,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
  };
}

function ordersWhere(tx: Tx, q: OrderListQuery) {
  let base = tx.selectFrom('orders');
  if (q.status !== undefined) base = base.where('orders.status', '=', q.status);
  const search = q.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    base = base.where(
      (eb) =>
        sql<SqlBool>`(lower(${eb.ref('orders.order_number')}) like ${pattern} escape '\\' or exists (select 1 from order_items oi where oi.order_id = orders.id and (lower(oi.name) like ${pattern} escape '\\' or oi.name_ar like ${pattern} escape '\\')))`,
    );
  }
  return base;
}

/** The buyer's own orders, newest first. */
export async function listOwnOrders(db: Database, userId: number, q: OrderListQuery): Promise<OrderPage> {
  return page(db.kysely, ordersWhere(db.kysely, q).where('orders.user_id', '=', userId), q);
}

/** Orders holding items of `shopId`, newest first, with only that shop's items. */
export async function listShopOrders(db: Database, shopId: number, q: OrderListQuery): Promise<OrderPage> {
  const base = ordersWhere(db.kysely, q).where((eb) =>
    eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.order_id', '=', 'orders.id').where('order_items.shop_id', '=', shopId)),
  );
  return page(db.kysely, base, q, shopId);
}

/** The live shop a seller owns (seller ↔ shop, docs/ACCOUNTS.md), or null. */
export async function ownShopId(tx: Tx, userId: number): Promise<number | null> {
  const row = await tx.selectFrom('shops').select('id').where('owner_user_id', '=', userId).where('deleted', '=', 0).executeTakeFirst();
  return row ? Number(row.id) : null;
}
