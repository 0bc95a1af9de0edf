/**
 * The orders the UI sees: the local `orders` (pulled, and the ones placed here), with queued cancels laid
 * over them, newest first; filtered by status, searched by order number or product name, one page (the
 * API's meta). One order by document id (client ref or server id), server id or order number.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import type { OrderFilter } from '../../domain/commerce';
import type { DataQuery, LocalOrder, OrdersPage } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import { SEND_STATES } from '../outbox';
import type { OutboxEntry } from '../outbox-entry';
import { findOrderDoc, plainOrder } from '../orders';
import { distinctResults } from './live';

/** Orders per page when the query does not say (GET /api/orders's default). */
export const ORDERS_DEFAULT_PER_PAGE = 10;
export const ORDERS_MAX_PER_PAGE = 50;

type OrdersQuery = Extract<DataQuery, { kind: 'orders' }>;

function unsettledCancels(db: SoukDatabase) {
  return db.outbox.find({ selector: { kind: { $eq: 'order_cancel' }, state: { $in: [...SEND_STATES] } } });
}

/** A queued cancel shows the order cancelled even when a pull lands before the server took it. */
function withQueuedCancels(order: LocalOrder, cancels: readonly OutboxEntry[]): LocalOrder {
  const cancel = cancels.find((e) => e.target === order.id);
  if (!cancel || order.status === 'cancelled') return order;
  return { ...order, status: 'cancelled', history: [...order.history, { status: 'cancelled', at: cancel.createdAt }] };
}

function matches(order: LocalOrder, status: OrderFilter, search: string): boolean {
  if (status !== 'all' && order.status !== status) return false;
  if (search === '') return true;
  if (order.order_number.toLowerCase().includes(search)) return true;
  return order.items.some((i) => i.name.toLowerCase().includes(search) || i.name_ar.includes(search));
}

export function ordersPage(all: readonly LocalOrder[], cancels: readonly OutboxEntry[], q: Omit<OrdersQuery, 'kind'>): OrdersPage {
  const perPage = q.perPage ?? ORDERS_DEFAULT_PER_PAGE;
  const page = q.page ?? 1;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > ORDERS_MAX_PER_PAGE) {
    throw new RangeError(`perPage must be an integer from 1 to ${ORDERS_MAX_PER_PAGE}`);
  }
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be a positive integer');
  const search = (q.search ?? '').trim().toLowerCase();
  const filtered = all
    .map((o) => withQueuedCancels(o, cancels))
    .filter((o) => matches(o, q.status ?? 'all', search))
    .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const total = filtered.length;
  return {
    data: filtered.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  };
}

export async function findOrders(db: SoukDatabase, q: OrdersQuery): Promise<OrdersPage> {
  const [docs, cancels] = await Promise.all([db.orders.find().exec(), unsettledCancels(db).exec()]);
  return ordersPage(docs.map(plainOrder), cancels.map((e) => e.toMutableJSON()), q);
}

export function watchOrders(db: SoukDatabase, q: OrdersQuery): Observable<OrdersPage> {
  return combineLatest([db.orders.find().$, unsettledCancels(db).$]).pipe(
    map(([docs, cancels]) => ordersPage(docs.map(plainOrder), cancels.map((e) => e.toMutableJSON()), q)),
    distinctResults(),
  );
}

export async function findOrder(db: SoukDatabase, id: string): Promise<LocalOrder | null> {
  const [doc, cancels] = await Promise.all([findOrderDoc(db, id), unsettledCancels(db).exec()]);
  return doc ? withQueuedCancels(plainOrder(doc), cancels.map((e) => e.toMutableJSON())) : null;
}

export function watchOrder(db: SoukDatabase, id: string): Observable<LocalOrder | null> {
  // Few documents: any change of the orders or the queued cancels reads the one order again.
  return combineLatest([db.orders.find().$, unsettledCancels(db).$]).pipe(
    map(([docs, cancels]) => {
      const key = id.trim();
      const doc =
        docs.find((d) => d.id === key) ??
        (/^\d+$/.test(key) ? docs.find((d) => d.order_id === Number(key)) : undefined) ??
        docs.find((d) => key !== '' && d.order_number === key);
      return doc ? withQueuedCancels(plainOrder(doc), cancels.map((e) => e.toMutableJSON())) : null;
    }),
    distinctResults(),
  );
}
