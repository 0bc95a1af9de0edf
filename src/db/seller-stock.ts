/**
 * A seller's variant edits as queued writes (issue 23, docs/SELLERS.md "Offline"): PATCH
 * /api/seller/products/{id}/variants/{variant_id} with {stock} (kind seller_stock) or {price} (kind seller_price),
 * sent by the outbox replayer with its Idempotency-Key, so an edit made offline reaches the server once after
 * reconnect (with or without the Background Sync API) and a refusal stays listed in the sync centre. Nothing local
 * is written: the seller's mirror (seller-mirror.ts) lays the unsettled entries over its products when read
 * (seller-overlay.ts), so the edit shows at once, and a refusal shows on the variant until dismissed.
 */
import type { SoukDatabase } from './database';
import { newEntry } from './outbox';
import type { OutboxEntry } from './outbox-entry';

export interface SellerPriceChange {
  productId: number;
  variantId: number;
  /** The variant's own list price, MAD (2 decimals at most). */
  price: number;
}

export interface SellerStockChange {
  productId: number;
  variantId: number;
  stock: number;
}

function positiveId(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a positive whole number, got ${value}`);
}

/** The variant PATCH of a seller's edit (`body` is its one field), queued under `kind`. */
async function queueVariantEdit(
  db: SoukDatabase,
  kind: 'seller_stock' | 'seller_price',
  change: { productId: number; variantId: number },
  body: { stock: number } | { price: number },
  now: number,
): Promise<OutboxEntry> {
  positiveId(change.productId, 'productId');
  positiveId(change.variantId, 'variantId');
  const entry = await newEntry(
    db,
    {
      method: 'PATCH',
      path: `/api/seller/products/${change.productId}/variants/${change.variantId}`,
      body: JSON.stringify(body),
      kind,
      target: String(change.productId),
      undo: null,
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  return entry;
}

/** Queues the change; run it inside the database's LocalWriteLock. */
export async function queueSellerStock(db: SoukDatabase, change: SellerStockChange, now: number = Date.now()): Promise<OutboxEntry> {
  if (!Number.isInteger(change.stock) || change.stock < 0) throw new RangeError(`stock must be a whole number ≥ 0, got ${change.stock}`);
  return queueVariantEdit(db, 'seller_stock', change, { stock: change.stock }, now);
}

/** Queues a variant's price; run it inside the database's LocalWriteLock. */
export async function queueSellerPrice(db: SoukDatabase, change: SellerPriceChange, now: number = Date.now()): Promise<OutboxEntry> {
  const cents = change.price * 100;
  if (!Number.isFinite(change.price) || change.price < 0 || Math.abs(cents - Math.round(cents)) > 1e-6) {
    throw new RangeError(`price must be an amount ≥ 0 with at most 2 decimals, got ${change.price}`);
  }
  return queueVariantEdit(db, 'seller_price', change, { price: change.price }, now);
}
