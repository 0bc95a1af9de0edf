/**
 * The seller's queued writes laid over the seller's mirror when it is read (issue 23, docs/SELLERS.md "Offline"),
 * as post-overlay.ts does for community posts: a stock or price edit (seller_stock, seller_price) shows on its
 * variant, a move to shipped (seller_order_status) on its order, while the entry is unsettled and, once the server
 * accepted it, until the mirror's part was fetched after that (its savedAt at or after the entry's doneAt). A
 * refused entry changes nothing but is named on its variant or order, with the server's reason, until dismissed
 * (the latest entry of its kind there only: a later edit replaces an earlier refusal).
 */
import { stockLevel } from '../domain/catalog-constants';
import { canMoveOrder } from '../domain/commerce';
import type { OrderDoc } from '../domain/commerce-schemas';
import type { SellerProductDoc, SellerVariantDoc } from '../domain/seller-mirror-schemas';
import type { SoukDatabase } from './database';
import type { OutboxEntry, OutboxFailure, OutboxKind } from './outbox-entry';
import type { SellerMirror } from './seller-mirror';

/** The kinds laid over the mirror. */
export const SELLER_OVERLAY_KINDS = ['seller_stock', 'seller_price', 'seller_order_status'] as const satisfies readonly OutboxKind[];
export type SellerOverlayKind = (typeof SELLER_OVERLAY_KINDS)[number];

/** The entries of those kinds in every state (failed ones are named, done ones may still be shown), in queue order. */
export const sellerOverlayEntries = (db: SoukDatabase) =>
  db.outbox.find({ selector: { kind: { $in: [...SELLER_OVERLAY_KINDS] } }, sort: [{ createdAt: 'asc' }] });

/** A refused seller write, named where it acted. */
export interface SellerRefusal {
  entryId: string;
  kind: SellerOverlayKind;
  failure: OutboxFailure | null;
}

export type SellerVariantView = SellerVariantDoc & {
  /** A stock or price edit of this variant is waiting to be sent (or out). */
  queued: boolean;
  /** The last stock edit and the last price edit, when the server refused them. */
  refusals: SellerRefusal[];
};

export type SellerProductView = Omit<SellerProductDoc, 'variants'> & { variants: SellerVariantView[] };

export type SellerOrderView = OrderDoc & {
  /** A move to shipped is waiting to be sent (or out). */
  queued: boolean;
  refusal: SellerRefusal | null;
};

export interface SellerMirrorView {
  shop: SellerMirror['shop'];
  products: SellerProductView[];
  orders: SellerOrderView[];
  productsSavedAt: number | null;
  ordersSavedAt: number | null;
}

function parseBody(body: string | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const VARIANT_PATH = /^\/api\/seller\/products\/(\d+)\/variants\/(\d+)$/;
const ORDER_PATH = /^\/api\/seller\/orders\/(\d+)$/;

type Change =
  | { kind: 'seller_stock'; productId: number; variantId: number; stock: number }
  | { kind: 'seller_price'; productId: number; variantId: number; price: number }
  | { kind: 'seller_order_status'; orderId: number; trackingNumber: string | null };

function changeOf(entry: OutboxEntry): Change | null {
  const body = parseBody(entry.body);
  if (entry.kind === 'seller_stock' || entry.kind === 'seller_price') {
    const match = VARIANT_PATH.exec(entry.path);
    if (!match) return null;
    const [productId, variantId] = [Number(match[1]), Number(match[2])];
    if (entry.kind === 'seller_stock') return typeof body.stock === 'number' ? { kind: entry.kind, productId, variantId, stock: body.stock } : null;
    return typeof body.price === 'number' ? { kind: entry.kind, productId, variantId, price: body.price } : null;
  }
  if (entry.kind === 'seller_order_status') {
    const match = ORDER_PATH.exec(entry.path);
    if (!match || body.status !== 'shipped') return null;
    return { kind: entry.kind, orderId: Number(match[1]), trackingNumber: typeof body.tracking_number === 'string' ? body.tracking_number : null };
  }
  return null;
}

/** Whether an entry's change is laid over a part fetched at `savedAt`: unsettled, or accepted after that fetch went out. */
function applies(entry: OutboxEntry, savedAt: number | null): boolean {
  if (entry.state === 'pending' || entry.state === 'sending') return true;
  return entry.state === 'done' && (savedAt === null || (entry.doneAt ?? 0) >= savedAt);
}

const unsettled = (entry: OutboxEntry) => entry.state === 'pending' || entry.state === 'sending';

function withVariantChanges(product: SellerProductDoc, changes: readonly { entry: OutboxEntry; change: Change }[], savedAt: number | null): SellerProductView {
  let touched = false;
  const variants = product.variants.map((variant): SellerVariantView => {
    let shown: SellerVariantView = { ...variant, queued: false, refusals: [] };
    const latest = new Map<string, OutboxEntry>();
    for (const { entry, change } of changes) {
      if (change.kind === 'seller_order_status' || change.variantId !== variant.id) continue;
      latest.set(change.kind, entry);
      if (!applies(entry, savedAt)) continue;
      touched = true;
      shown = change.kind === 'seller_stock' ? { ...shown, stock_quantity: change.stock } : { ...shown, original_price: change.price };
      if (unsettled(entry)) shown.queued = true;
    }
    const refusals = [...latest.values()]
      .filter((e) => e.state === 'failed')
      .map((e): SellerRefusal => ({ entryId: e.id, kind: e.kind as SellerOverlayKind, failure: e.failure }));
    return refusals.length > 0 ? { ...shown, refusals } : shown;
  });
  if (!touched) return { ...product, variants };
  const stock = variants.reduce((sum, v) => sum + v.stock_quantity, 0);
  return { ...product, variants, stock_quantity: stock, stock_status: stockLevel(stock) };
}

function withOrderChange(order: OrderDoc, changes: readonly { entry: OutboxEntry; change: Change }[], savedAt: number | null): SellerOrderView {
  let shown: SellerOrderView = { ...order, queued: false, refusal: null };
  let last: OutboxEntry | null = null;
  for (const { entry, change } of changes) {
    if (change.kind !== 'seller_order_status' || change.orderId !== order.order_id) continue;
    last = entry;
    if (!applies(entry, savedAt)) continue;
    // Only a move the order may still make: a pull that already shows it shipped (or further) is left alone.
    if (canMoveOrder(shown.status, 'shipped')) shown = { ...shown, status: 'shipped', tracking_number: change.trackingNumber ?? shown.tracking_number };
    if (unsettled(entry)) shown.queued = true;
  }
  if (last?.state === 'failed') shown.refusal = { entryId: last.id, kind: 'seller_order_status', failure: last.failure };
  return shown;
}

/** The mirror as the seller's app shows it: each product and order with the seller's writes applied or named. */
export function withQueuedSellerChanges(mirror: SellerMirror, entries: readonly OutboxEntry[]): SellerMirrorView {
  const changes = entries.flatMap((entry) => {
    const change = changeOf(entry);
    return change ? [{ entry, change }] : [];
  });
  const productsSavedAt = mirror.products?.savedAt ?? null;
  const ordersSavedAt = mirror.orders?.savedAt ?? null;
  const byProduct = new Map<number, { entry: OutboxEntry; change: Change }[]>();
  for (const c of changes) {
    if (c.change.kind !== 'seller_order_status') byProduct.set(c.change.productId, [...(byProduct.get(c.change.productId) ?? []), c]);
  }
  return {
    shop: mirror.shop,
    products: (mirror.products?.data ?? []).map((p) => withVariantChanges(p, byProduct.get(p.id) ?? [], productsSavedAt)),
    orders: (mirror.orders?.data ?? []).map((o) => withOrderChange(o, changes, ordersSavedAt)),
    productsSavedAt,
    ordersSavedAt,
  };
}
