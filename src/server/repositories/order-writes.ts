/**
 * Order writes (docs/COMMERCE.md, "Orders API"): placing an order, the buyer's
 * cancel and the seller's (or an admin's) status moves. Each runs in ONE write
 * transaction holding the products and orders clocks (and reviews for a
 * delivery), so stock, the order and its history commit together or not at
 * all; pokes go out after COMMIT.
 *
 * Stock is taken with a guarded decrement (`stock = stock - q where stock >=
 * q`): an update that matches no row refuses the whole order (rolled back),
 * so stock never goes below zero even if the lock order were ever bypassed.
 * Every status change is checked by the order-status machine
 * (src/machines/order-status.ts) and the payment follows the payment-status
 * machine. A cancel restocks every item in the same transaction.
 */
import { randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  AVAILABLE_PAYMENT_METHODS,
  estimatedDeliveryOf,
  normalizeCouponCode,
  totalsOf,
  unitPriceOf,
  type Coupon,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ShippingMethod,
} from '../../domain/commerce';
import type { OrderDoc, PlaceOrderBody } from '../../domain/commerce-schemas';
import { fromCentimes, toCentimes } from '../../domain/money';
import { nextOrderStatus, ORDER_EVENT_TO } from '../../machines/order-status';
import { paymentAfterOrderMove } from '../../machines/payment-status';
import type { CollectionChange } from '../changes/change-notifier';
import type { Database, Dialect } from '../db/database';
import { parseId } from '../db/ids';
import type { OrderItemRow, OrderRow, OrdersTable } from '../db/schema';
import { preparedQuery } from '../db/prepared-query';
import { lateClockTransaction, lockProductRows, replicationClock, writeTransaction, type ReplicationClock, type Tx } from '../db/write-transaction';
import { findOwnOrderRow, orderDocId, ownShopId, toOrderDoc, toOrderDocs, type OrderHistoryEntry } from './orders';
import { markPurchasesVerified } from './review-writes';
import { bookDelivery, recordCodCollection, resolveMoney, reverseOrder, type MoneyRules } from './ledger-booking';
import { recordAudit } from './audit';

/** What placing an order needs from the cart side (coupons, cart lines), injected so each owner keeps its tables. */
export interface OrderCartHooks {
  /** The coupon a code names when usable now, else null. */
  findCoupon(tx: Tx, code: string, now: number): Promise<Coupon | null>;
  /** Removes the user's cart lines of these variants; the cart poke to send after COMMIT, or null when nothing changed. */
  removeCartLines(tx: Tx, dialect: Dialect, userId: number, variantIds: readonly number[], now: number): Promise<CollectionChange | null>;
}

export type PlaceOrderOutcome =
  | { kind: 'created'; order: OrderDoc }
  | { kind: 'existing'; order: OrderDoc }
  | { kind: 'payment_unavailable' }
  | { kind: 'coupon_invalid' }
  | { kind: 'product_not_found' }
  | { kind: 'price_changed'; items: { variant_id: number; unit_price: number }[] }
  | { kind: 'out_of_stock'; items: { variant_id: number; available: number }[] };

/** A refusal found after stock was taken: thrown so the transaction rolls back, caught outside it. */
class Refusal extends Error {
  constructor(readonly outcome: PlaceOrderOutcome) {
    super(outcome.kind);
  }
}

const ORDER_CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** SK-YYMMDD-XXXXXX (UTC date of placing, 6 random characters of [A-Z0-9]). */
export function newOrderNumber(now: number): string {
  const d = new Date(now);
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_CODE_CHARS[randomInt(ORDER_CODE_CHARS.length)];
  return `SK-${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${code}`;
}

/** SKT + 10 random digits. */
export function newTrackingNumber(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(randomInt(10));
  return `SKT${digits}`;
}

// The statements every order runs whose shape never changes, built once (db/prepared-query.ts).
const orderByClientRef = preparedQuery((tx: Tx, p: { userId: number; clientRef: string }) =>
  tx.selectFrom('orders').selectAll().where('user_id', '=', p.userId).where('client_ref', '=', p.clientRef),
);
const orderNumberTaken = preparedQuery((tx: Tx, p: { orderNumber: string }) => tx.selectFrom('orders').select('id').where('order_number', '=', p.orderNumber));
/** The guarded decrement: the only thing that takes stock. */
const takeStock = preparedQuery((tx: Tx, p: { variantId: number; quantity: number }) =>
  tx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', p.quantity) }))
    .where('id', '=', p.variantId)
    .where('stock', '>=', p.quantity),
);
/** Every column but the id, each a parameter (the placeholders object has exactly the keys the caller passes). */
const insertOrderRow = preparedQuery((tx: Tx, row: Required<Omit<Insertable<OrdersTable>, 'id'>>) => tx.insertInto('orders').values(row).returningAll());
const stampOrder = preparedQuery((tx: Tx, p: { id: number; updatedAt: number }) => tx.updateTable('orders').set({ updated_at: p.updatedAt }).where('id', '=', p.id));
const writeProductRefresh = preparedQuery((tx: Tx, p: { id: number; stock: number; inStock: number; sales: number; updatedAt: number }) =>
  tx.updateTable('products').set({ stock_quantity: p.stock, in_stock: p.inStock, sales_count: p.sales, updated_at: p.updatedAt }).where('id', '=', p.id),
);

async function uniqueOrderNumber(tx: Tx, now: number): Promise<string> {
  for (;;) {
    const orderNumber = newOrderNumber(now);
    if ((await orderNumberTaken(tx, { orderNumber })).rows.length === 0) return orderNumber;
  }
}

async function readOrderDoc(tx: Tx, row: OrderRow): Promise<OrderDoc> {
  const [doc] = await toOrderDocs(tx, [row]);
  if (!doc) throw new Error(`order ${row.id} vanished inside its own transaction`);
  return doc;
}

/** A product's new stock_quantity and sales_count, from its variants and the sales of the order. */
interface ProductRefresh {
  productId: number;
  stock: number;
  sales: number;
}

/**
 * Reads what products' stock_quantity/in_stock (from their variants) and sales_count (moved by `salesDelta`)
 * become, in product id order. The caller holds the products' rows (or the single SQLite write lock).
 */
async function productRefreshes(tx: Tx, salesDelta: ReadonlyMap<number, number>): Promise<ProductRefresh[]> {
  if (salesDelta.size === 0) return [];
  // One statement for every product of the order: its sales_count and the sum of its variants' stock.
  const rows = await tx
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.sales_count',
      eb
        .selectFrom('product_variants as v')
        .select((sub) => sub.fn.sum<number | null>('v.stock').as('stock'))
        .whereRef('v.product_id', '=', 'p.id')
        .as('stock'),
    ])
    .where('p.id', 'in', [...salesDelta.keys()])
    .orderBy('p.id')
    .execute();
  return rows.map((row) => {
    const productId = Number(row.id);
    const delta = salesDelta.get(productId) ?? 0;
    return { productId, stock: Number(row.stock ?? 0), sales: Math.max(0, Number(row.sales_count) + delta) };
  });
}

/** Writes the refreshes, each with a new updated_at so the catalogue sync carries the stock. Returns the products poke, or null. */
async function writeProductRefreshes(tx: Tx, refreshes: readonly ProductRefresh[], clock: ReplicationClock): Promise<CollectionChange | null> {
  let last: CollectionChange | null = null;
  for (const { productId, stock, sales } of refreshes) {
    const updatedAt = clock.next();
    await writeProductRefresh(tx, { id: productId, stock, inStock: stock > 0 ? 1 : 0, sales, updatedAt });
    last = { collection: 'products', checkpoint: { updatedAt, id: String(productId) }, scope: 'stock' };
  }
  return last;
}

/** Both of the above, for a writer that already holds the products clock. */
async function refreshProducts(tx: Tx, salesDelta: ReadonlyMap<number, number>, clock: ReplicationClock): Promise<CollectionChange | null> {
  return writeProductRefreshes(tx, await productRefreshes(tx, salesDelta), clock);
}

interface Line {
  product_id: number;
  variant_id: number;
  quantity: number;
  unit_price: number;
}

/** One line per variant (quantities added); null when one variant is named under two products. */
function mergeLines(items: PlaceOrderBody['items']): Line[] | null {
  const byVariant = new Map<number, Line>();
  for (const item of items) {
    const known = byVariant.get(item.variant_id);
    if (known === undefined) byVariant.set(item.variant_id, { ...item });
    else if (known.product_id !== item.product_id) return null;
    else known.quantity += item.quantity;
  }
  return [...byVariant.values()];
}

/** The body as the route resolved it: the order's client ref (given or derived) and its shipping method. */
export type ResolvedOrderBody = Omit<PlaceOrderBody, 'client_ref' | 'shipping_method'> & {
  client_ref: string;
  shipping_method: ShippingMethod;
};

export interface PlaceOrderInput {
  userId: number;
  body: ResolvedOrderBody;
  now: number;
}

/** `money`: the default commission, frozen on each item whose shop has no rate of its own (docs/MONEY.md). */
export async function placeOrder(
  db: Database,
  hooks: OrderCartHooks,
  input: PlaceOrderInput,
  money: MoneyRules = resolveMoney(undefined),
): Promise<PlaceOrderOutcome> {
  const { userId, body, now } = input;
  if (!AVAILABLE_PAYMENT_METHODS.includes(body.payment_method)) return { kind: 'payment_unavailable' };
  let placed: { outcome: PlaceOrderOutcome; changes: CollectionChange[] };
  try {
    placed = await lateClockTransaction(
      db,
      ['products', 'orders'],
      async (tx, clocks) => {
        const changes: CollectionChange[] = [];
        const [existing] = (await orderByClientRef(tx, { userId, clientRef: body.client_ref })).rows;
        if (existing) return { outcome: { kind: 'existing', order: await readOrderDoc(tx, existing) }, changes };

        const lines = mergeLines(body.items);
        if (lines === null) return { outcome: { kind: 'product_not_found' }, changes };
        const variantIds = lines.map((l) => l.variant_id);
        const rows = await tx
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .innerJoin('shops as s', 's.id', 'p.shop_id')
          .select([
            'v.id as variant_id',
            'v.product_id',
            'v.price_cents as variant_cents',
            'v.stock',
            'v.size',
            'v.color',
            'v.fabric',
            'p.price_cents',
            'p.effective_cents',
            'p.deleted',
            'p.name',
            'p.name_ar',
            'p.images_json',
            'p.shop_id',
            's.status as shop_status',
            's.deleted as shop_deleted',
            's.commission_rate_bp as shop_rate_bp',
          ])
          .where('v.id', 'in', variantIds)
          .execute();
        const byVariant = new Map(rows.map((r) => [Number(r.variant_id), r]));

        // Every line names a variant of its product; a product gone or a shop closed has nothing to sell.
        const unavailable: { variant_id: number; available: number }[] = [];
        const priceChanged: { variant_id: number; unit_price: number }[] = [];
        const priced: { line: Line; row: (typeof rows)[number]; unitPrice: number }[] = [];
        for (const line of lines) {
          const row = byVariant.get(line.variant_id);
          if (!row || Number(row.product_id) !== line.product_id) return { outcome: { kind: 'product_not_found' }, changes };
          if (Number(row.deleted) === 1 || Number(row.shop_deleted) === 1 || row.shop_status === 'suspended') {
            unavailable.push({ variant_id: line.variant_id, available: 0 });
            continue;
          }
          const unitPrice = unitPriceOf(
            { price: fromCentimes(Number(row.price_cents)), effective_price: fromCentimes(Number(row.effective_cents)) },
            { price: fromCentimes(Number(row.variant_cents)) },
          );
          if (toCentimes(unitPrice) !== toCentimes(line.unit_price)) priceChanged.push({ variant_id: line.variant_id, unit_price: unitPrice });
          priced.push({ line, row, unitPrice });
        }
        if (unavailable.length > 0) return { outcome: { kind: 'out_of_stock', items: unavailable }, changes };
        if (priceChanged.length > 0) return { outcome: { kind: 'price_changed', items: priceChanged }, changes };

        const country = body.shipping_info.country;
        let coupon: Coupon | null = null;
        const couponCode = body.coupon_code?.trim() ? normalizeCouponCode(body.coupon_code) : null;
        if (couponCode !== null) {
          coupon = await hooks.findCoupon(tx, couponCode, now);
          const subtotalNow = totalsOf(priced.map((p) => ({ unitPrice: p.unitPrice, quantity: p.line.quantity })), country, null).subtotal;
          if (coupon === null || subtotalNow < coupon.minSubtotal) return { outcome: { kind: 'coupon_invalid' }, changes };
        }

        // The guarded decrement: the only thing that takes stock (variant id order, like every row lock here).
        const short: { variant_id: number; available: number }[] = [];
        for (const { line } of [...priced].sort((a, b) => a.line.variant_id - b.line.variant_id)) {
          const result = await takeStock(tx, { variantId: line.variant_id, quantity: line.quantity });
          if (Number(result.numAffectedRows ?? 0) === 0) {
            const now = await tx.selectFrom('product_variants').select('stock').where('id', '=', line.variant_id).executeTakeFirst();
            short.push({ variant_id: line.variant_id, available: Math.max(0, Number(now?.stock ?? 0)) });
          }
        }
        if (short.length > 0) throw new Refusal({ kind: 'out_of_stock', items: short });

        const sales = new Map<number, number>();
        for (const { line } of priced) sales.set(line.product_id, (sales.get(line.product_id) ?? 0) + line.quantity);
        const refreshes = await productRefreshes(tx, sales);

        const totals = totalsOf(
          priced.map((p) => ({ unitPrice: p.unitPrice, quantity: p.line.quantity })),
          country,
          coupon,
          body.shipping_method,
        );
        const history: OrderHistoryEntry[] = [{ status: 'pending', at: now }];
        const [orderRow] = (
          await insertOrderRow(tx, {
            user_id: userId,
            client_ref: body.client_ref,
            order_number: await uniqueOrderNumber(tx, now),
            status: 'pending',
            payment_method: body.payment_method,
            payment_status: 'pending',
            shipping_json: JSON.stringify(body.shipping_info),
            country,
            subtotal_cents: toCentimes(totals.subtotal),
            discount_cents: toCentimes(totals.discount_amount),
            shipping_cents: toCentimes(totals.shipping_amount),
            tax_cents: toCentimes(totals.tax_amount),
            total_cents: toCentimes(totals.total_amount),
            coupon_code: coupon === null ? null : coupon.code,
            shipping_method: body.shipping_method,
            tracking_number: newTrackingNumber(),
            estimated_delivery: estimatedDeliveryOf(now, country, body.shipping_method),
            history_json: JSON.stringify(history),
            created_at: now,
            // Stamped below, once the orders clock is held; no one sees the row before COMMIT.
            updated_at: 0,
          })
        ).rows;
        if (orderRow === undefined) throw new Error('INSERT … RETURNING gave no row');
        const orderId = Number(orderRow.id);
        const itemRows = await tx
          .insertInto('order_items')
          .values(
            priced.map(({ line, row, unitPrice }, position) => ({
              order_id: orderId,
              position,
              product_id: line.product_id,
              variant_id: line.variant_id,
              shop_id: Number(row.shop_id),
              name: row.name,
              name_ar: row.name_ar,
              image: firstImage(row.images_json),
              color: row.color,
              size: row.size,
              fabric: row.fabric,
              quantity: line.quantity,
              unit_cents: toCentimes(unitPrice),
              commission_rate_bp: row.shop_rate_bp === null ? money.commissionRateBp : Number(row.shop_rate_bp),
            })),
          )
          .returningAll()
          .execute();

        const cartChange = await hooks.removeCartLines(tx, db.dialect, userId, variantIds, now);
        if (cartChange) changes.push(cartChange);

        // The rows as stored (RETURNING), items in position order as toOrderDocs reads them: no read back.
        const order = toOrderDoc(orderRow, [...itemRows].sort((a, b) => Number(a.position) - Number(b.position)));

        // Only the updated_at stamps are left: the clocks now, held until COMMIT.
        await clocks.take();
        const productChange = await writeProductRefreshes(tx, refreshes, await replicationClock(tx, 'products', now));
        if (productChange) changes.push(productChange);
        const updatedAt = (await replicationClock(tx, 'orders', now)).next();
        await stampOrder(tx, { id: orderId, updatedAt });
        changes.push({ collection: 'orders', userId, checkpoint: { updatedAt, id: body.client_ref } });
        return { outcome: { kind: 'created', order: { ...order, updatedAt } }, changes };
      },
      // The products' rows first (lateClockTransaction's rule), so their prices and variants hold still until COMMIT.
      { rowsFirst: (tx) => lockProductRows(db, tx, body.items.map((item) => item.product_id)) },
    );
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
  if (placed.outcome.kind === 'created') for (const change of placed.changes) db.changes.publish(change);
  return placed.outcome;
}

function firstImage(json: string): string {
  try {
    const images: unknown = JSON.parse(json);
    return Array.isArray(images) && typeof images[0] === 'string' ? images[0] : '';
  } catch {
    return '';
  }
}

// --- Status moves ---------------------------------------------------------------------------

/** Who moves an order: its buyer (cancel only), a seller of a shop in it, or an admin. */
export type OrderMover = { kind: 'buyer'; userId: number } | { kind: 'staff'; userId: number; role: string };

export type MoveOutcome =
  | { kind: 'ok'; order: OrderDoc }
  | { kind: 'not_found' }
  | { kind: 'not_cancellable' }
  | { kind: 'invalid'; from: OrderStatus; to: OrderStatus }
  /** cod_collected was given for an order not paid cash on delivery. */
  | { kind: 'not_cod' };

export interface MoveInput {
  /** An order id, or (buyer) the app's client ref. */
  key: string;
  to: OrderStatus;
  trackingNumber?: string;
  /** A delivery's cash collected (centimes), recorded with the mover as collector (docs/MONEY.md). */
  codCollectedCents?: number;
  now: number;
}

async function findForMover(tx: Tx, mover: OrderMover, key: string): Promise<{ row: OrderRow; shopId: number | null } | null> {
  if (mover.kind === 'buyer') {
    const row = await findOwnOrderRow(tx, mover.userId, key);
    return row ? { row, shopId: null } : null;
  }
  const id = parseId(key);
  if (id === null) return null;
  const row = await tx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  if (mover.role === 'admin') return { row, shopId: null };
  const shopId = await ownShopId(tx, mover.userId);
  if (shopId === null) return null;
  const mine = await tx.selectFrom('order_items').select('id').where('order_id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  return mine ? { row, shopId } : null;
}

/** Puts every item's quantity back on its variant (if it still exists); returns the products poke. */
async function restock(tx: Tx, items: readonly OrderItemRow[], now: number): Promise<CollectionChange | null> {
  // The products' rows are held already: moveOrder locks them in its rowsFirst.
  const sales = new Map<number, number>();
  for (const item of items) {
    await tx
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '+', Number(item.quantity)) }))
      .where('id', '=', Number(item.variant_id))
      .execute();
    sales.set(Number(item.product_id), (sales.get(Number(item.product_id)) ?? 0) - Number(item.quantity));
  }
  return refreshProducts(tx, sales, await replicationClock(tx, 'products', now));
}

export async function moveOrder(db: Database, mover: OrderMover, input: MoveInput, money: MoneyRules = resolveMoney(undefined)): Promise<MoveOutcome> {
  const changes: CollectionChange[] = [];
  // A cancel restocks: its products' rows before the clocks (lockProductRows), so it never holds the clocks
  // while it queues behind an order for one of them.
  const rowsFirst = async (tx: Tx): Promise<void> => {
    if (input.to !== 'cancelled') return;
    const found = await findForMover(tx, mover, input.key);
    if (!found) return;
    const items = await tx.selectFrom('order_items').select('product_id').where('order_id', '=', Number(found.row.id)).execute();
    await lockProductRows(db, tx, items.map((i) => Number(i.product_id)));
  };
  const outcome = await writeTransaction(db, ['products', 'reviews', 'orders'], async (tx): Promise<MoveOutcome> => {
    changes.length = 0; // a deadlock victim runs again (writeTransaction)
    const found = await findForMover(tx, mover, input.key);
    if (!found) return { kind: 'not_found' };
    const { row, shopId } = found;
    const from = row.status as OrderStatus;
    const to = input.to;
    const next = to === 'pending' ? null : nextOrderStatus(from, ORDER_EVENT_TO[to]);
    if (next !== to) return mover.kind === 'buyer' ? { kind: 'not_cancellable' } : { kind: 'invalid', from, to };
    if (input.codCollectedCents !== undefined && row.payment_method !== 'cod') return { kind: 'not_cod' };

    const orderId = Number(row.id);
    const items = await tx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    if (to === 'cancelled') {
      const productChange = await restock(tx, items, input.now);
      if (productChange) changes.push(productChange);
      // Whatever was booked for it (a cancellation after delivery) is reversed in the current period.
      await reverseOrder(tx, orderId, input.now);
    }
    if (to === 'returned') {
      // docs/MONEY.md "Returns": the sale and commission of every line are reversed in the current period (after a
      // payout, the next one nets them; a negative balance carries forward), audited as the operator's action.
      await reverseOrder(tx, orderId, input.now);
      if (mover.kind === 'staff') {
        await recordAudit(tx, {
          actor: { userId: mover.userId, role: mover.role },
          action: 'order.return',
          objectType: 'order',
          objectId: orderId,
          before: { status: from, payment_status: row.payment_status },
          after: { status: to, payment_status: paymentAfterOrderMove(row.payment_status as PaymentStatus, to, row.payment_method as PaymentMethod) },
          now: input.now,
        });
      }
    }
    const buyerId = Number(row.user_id);
    if (to === 'delivered') {
      const productIds = [...new Set(items.map((i) => Number(i.product_id)))];
      const reviewChange = await markPurchasesVerified(tx, buyerId, productIds, input.now);
      if (reviewChange) changes.push(reviewChange);
      await bookDelivery(tx, row, items, input.now, money);
      if (input.codCollectedCents !== undefined) await recordCodCollection(tx, orderId, input.codCollectedCents, mover.userId, input.now);
    }
    const history = [...parseHistory(row.history_json), { status: to, at: input.now }];
    const payment = paymentAfterOrderMove(row.payment_status as PaymentStatus, to, row.payment_method as PaymentMethod);
    // docs/OPERATOR.md "Audit": an admin moving an order (not of a shop of theirs: findForMover gives no shop) is
    // the operator's action; a return is audited above as order.return.
    if (mover.kind === 'staff' && shopId === null && to !== 'returned') {
      await recordAudit(tx, {
        actor: { userId: mover.userId, role: mover.role },
        action: 'order.move',
        objectType: 'order',
        objectId: orderId,
        before: { status: from },
        after: { status: to, ...(input.codCollectedCents === undefined ? {} : { cod_collected: fromCentimes(input.codCollectedCents) }) },
        now: input.now,
      });
    }
    const updatedAt = (await replicationClock(tx, 'orders', input.now)).next();
    await tx
      .updateTable('orders')
      .set({
        status: to,
        payment_status: payment,
        history_json: JSON.stringify(history),
        updated_at: updatedAt,
        ...(to === 'shipped' && input.trackingNumber !== undefined ? { tracking_number: input.trackingNumber } : {}),
      })
      .where('id', '=', orderId)
      .execute();
    changes.push({ collection: 'orders', userId: buyerId, checkpoint: { updatedAt, id: orderDocId(row) } });
    const updated = await tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const [doc] = await toOrderDocs(tx, [updated], shopId ?? undefined);
    if (!doc) throw new Error(`order ${orderId} vanished inside its own transaction`);
    return { kind: 'ok', order: doc };
  }, { rowsFirst });
  if (outcome.kind === 'ok') for (const change of changes) db.changes.publish(change);
  return outcome;
}

function parseHistory(json: string): OrderHistoryEntry[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as OrderHistoryEntry[]) : [];
  } catch {
    return [];
  }
}
