/**
 * Orders on the local database (docs/COMMERCE.md): placing an order writes the optimistic order
 * (`local_state: 'queued'`, id = client_ref, totals and estimated delivery from the domain's totalsOf and
 * estimatedDeliveryOf for the chosen shipping method) next to its outbox entry
 * (POST /api/orders with placeOrderBodySchema) and takes the ordered lines out of the local cart (the server
 * removes them from its cart when it accepts the order). The pull brings the server's order under the same
 * id. A refusal marks the order 'failed' (kept, so the buyer sees it) and puts the lines back in the cart.
 * Cancelling is optimistic too (POST /api/orders/{id}/cancel).
 */
import { canMoveOrder, estimatedDeliveryOf, totalsOf } from '../domain/commerce';
import { placeOrderBodySchema, type PlaceOrderBody } from '../domain/commerce-schemas';
import type { LocalOrder, PlaceOrderInput } from '../workers/data-api';
import { cartLines, plainLine, readCartMeta } from './cart';
import type { CartLineDoc } from './cart-line';
import type { SoukDatabase } from './database';
import { newEntry, patchEntry, type OutboxEntry, type Reapply, type Rollback } from './outbox';

/** A local order as a plain object (no RxDB internals). */
export function plainOrder(d: { toJSON(): unknown }): LocalOrder {
  const { _meta: _m, _rev: _r, _attachments: _a, _deleted: _d, ...order } = d.toJSON() as LocalOrder & Record<string, unknown>;
  return structuredClone(order) as LocalOrder;
}

/** Why an order could not even be queued. */
export class OrderError extends Error {
  constructor(
    readonly code: 'CART_EMPTY' | 'ORDER_NOT_FOUND' | 'ORDER_NOT_CANCELLABLE',
    message: string,
  ) {
    super(message);
    this.name = 'OrderError';
  }
}

interface PlaceUndo {
  /** The cart lines the order took out of the cart. */
  lines: CartLineDoc[];
}

interface CancelUndo {
  order: Pick<LocalOrder, 'status' | 'payment_status' | 'history'> | null;
}

function parse<T>(undo: string | null, fallback: T): T {
  if (undo === null) return fallback;
  try {
    return JSON.parse(undo) as T;
  } catch {
    return fallback;
  }
}

/**
 * Queues a cash-on-delivery order of the whole local cart; resolves with the order (its id is the client
 * ref) and the entry. Throws OrderError CART_EMPTY for an empty cart, and zod's error for bad shipping info or
 * a shipping method the country does not offer (express abroad).
 */
export async function queuePlaceOrder(
  db: SoukDatabase,
  input: PlaceOrderInput,
  customerId: number,
  now: number = Date.now(),
): Promise<{ order: LocalOrder; entry: OutboxEntry }> {
  const lines = await cartLines(db);
  if (lines.length === 0) throw new OrderError('CART_EMPTY', 'Your cart is empty');
  const meta = await readCartMeta(db);
  const id = crypto.randomUUID();
  const body: PlaceOrderBody = placeOrderBodySchema.parse({
    client_ref: id,
    items: lines.map((l) => ({ product_id: l.product_id, variant_id: l.variant_id, quantity: l.quantity, unit_price: l.unit_price })),
    shipping_info: input.shipping_info,
    payment_method: input.payment_method,
    shipping_method: input.shipping_method,
    coupon_code: meta.coupon_code,
  });
  const country = body.shipping_info.country;
  const method = body.shipping_method ?? 'standard';
  const { item_count: _count, ...totals } = totalsOf(
    lines.map((l) => ({ unitPrice: l.unit_price, quantity: l.quantity })),
    country,
    meta.coupon,
    method,
  );
  const order: LocalOrder = {
    id,
    order_id: 0,
    order_number: '',
    customer_id: customerId,
    status: 'pending',
    payment_method: body.payment_method,
    payment_status: 'pending',
    items: lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id,
      stock_id: l.product_id,
      store_id: l.shop_id,
      name: l.name,
      name_ar: l.name_ar,
      image: l.image,
      color: l.color,
      size: l.size,
      fabric: l.fabric,
      quantity: l.quantity,
      unit_price: l.unit_price,
    })),
    shipping_info: body.shipping_info,
    ...totals,
    coupon_code: meta.coupon_code,
    shipping_method: method,
    tracking_number: '',
    estimated_delivery: estimatedDeliveryOf(now, country, method),
    history: [{ status: 'pending', at: now }],
    created_at: now,
    updatedAt: 0,
    local_state: 'queued',
  };
  const entry = await newEntry(
    db,
    {
      method: 'POST',
      path: '/api/orders',
      body: JSON.stringify(body),
      kind: 'order_place',
      target: id,
      undo: JSON.stringify({ lines } satisfies PlaceUndo),
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  await db.orders.insert(order);
  await db.cart_items.bulkRemove(lines.map((l) => l.id));
  return { order, entry };
}

/** The order a UI id names: its document id (client ref or server id), its server id, or its number. */
export async function findOrderDoc(db: SoukDatabase, id: string) {
  const key = id.trim();
  if (key === '') return null;
  const byId = await db.orders.findOne(key).exec();
  if (byId) return byId;
  if (/^\d+$/.test(key)) {
    const byServerId = await db.orders.findOne({ selector: { order_id: { $eq: Number(key) } } }).exec();
    if (byServerId) return byServerId;
  }
  return db.orders.findOne({ selector: { order_number: { $eq: key } } }).exec();
}

/** Queues a cancel (buyer): the order shows cancelled at once. Throws OrderError when it cannot be. */
export async function queueCancelOrder(db: SoukDatabase, orderId: string, now: number = Date.now()): Promise<OutboxEntry> {
  const doc = await findOrderDoc(db, orderId);
  if (!doc || doc.local_state === 'failed') throw new OrderError('ORDER_NOT_FOUND', 'order_not_found');
  if (!canMoveOrder(doc.status, 'cancelled')) throw new OrderError('ORDER_NOT_CANCELLABLE', 'This order can no longer be cancelled.');
  const before = plainOrder(doc);
  // The server knows an order placed here by its client ref too (sent before this entry, in queue order).
  const ref = before.order_id > 0 ? String(before.order_id) : before.id;
  const entry = await newEntry(
    db,
    {
      method: 'POST',
      path: `/api/orders/${encodeURIComponent(ref)}/cancel`,
      body: null,
      kind: 'order_cancel',
      target: before.id,
      undo: JSON.stringify({
        order: { status: before.status, payment_status: before.payment_status, history: before.history },
      } satisfies CancelUndo),
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  await applyCancel(db, before.id, now);
  return entry;
}

async function applyCancel(db: SoukDatabase, id: string, now: number): Promise<void> {
  const doc = await db.orders.findOne(id).exec();
  if (!doc || doc.status === 'cancelled') return;
  await doc.incrementalPatch({
    status: 'cancelled',
    payment_status: doc.payment_status === 'pending' ? 'failed' : doc.payment_status,
    history: [...doc.history, { status: 'cancelled', at: now }],
  });
}

/** Puts lines back in the cart, leaving lines the buyer has there now as they are. */
async function restoreLines(db: SoukDatabase, lines: CartLineDoc[]): Promise<void> {
  for (const line of lines) {
    const existing = await db.cart_items.findOne(line.id).exec();
    if (!existing) await db.cart_items.insert(line);
  }
}

/**
 * A refused order: the optimistic order stays, marked 'failed' (the sync centre shows why), and its lines
 * go back to the cart. A refused cancel: the order's status is restored (the pull corrects it anyway).
 */
export const rollbackOrderChange: Rollback = async (db, entry, later) => {
  if (entry.kind === 'order_place') {
    const doc = await db.orders.findOne(entry.target).exec();
    if (doc && doc.local_state !== 'confirmed') await doc.incrementalPatch({ local_state: 'failed' });
    await restoreLines(db, parse<PlaceUndo>(entry.undo, { lines: [] }).lines);
    return;
  }
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  const undo = parse<CancelUndo>(entry.undo, { order: null });
  const doc = await db.orders.findOne(entry.target).exec();
  if (doc && undo.order) await doc.incrementalPatch(undo.order);
};

/** Retry: the order is queued again and its lines leave the cart again; a cancel shows cancelled again. */
export const reapplyOrderChange: Reapply = async (db, entry, now) => {
  if (entry.kind === 'order_place') {
    const doc = await db.orders.findOne(entry.target).exec();
    if (doc && doc.local_state === 'failed') await doc.incrementalPatch({ local_state: 'queued' });
    const variants = new Set((doc?.items ?? []).map((i) => `v${i.variant_id}`));
    const taken: CartLineDoc[] = [];
    for (const id of variants) {
      const line = await db.cart_items.findOne(id).exec();
      if (line) {
        taken.push(plainLine(line));
        await line.remove();
      }
    }
    return JSON.stringify({ lines: taken } satisfies PlaceUndo);
  }
  const doc = await db.orders.findOne(entry.target).exec();
  const undo: CancelUndo = { order: doc ? { status: doc.status, payment_status: doc.payment_status, history: structuredClone(doc.history) } : null };
  await applyCancel(db, entry.target, now);
  return JSON.stringify(undo);
};
