/**
 * A seller's stock edit as a queued write (issue 23, docs/SELLERS.md "Offline"): PATCH
 * /api/seller/products/{id}/variants/{variant_id} {stock}, sent by the outbox replayer with its Idempotency-Key, so
 * an edit made offline reaches the server once after reconnect (with or without the Background Sync API) and a
 * refusal stays listed in the sync centre. The seller's products are not in the local catalogue (a pending shop's
 * are not public), so nothing local is written: the seller's screen shows the entry's state.
 */
import type { SoukDatabase } from './database';
import { newEntry } from './outbox';
import type { OutboxEntry } from './outbox-entry';

export interface SellerStockChange {
  productId: number;
  variantId: number;
  stock: number;
}

function positiveId(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a positive whole number, got ${value}`);
}

/** Queues the change; run it inside the database's LocalWriteLock. */
export async function queueSellerStock(db: SoukDatabase, change: SellerStockChange, now: number = Date.now()): Promise<OutboxEntry> {
  positiveId(change.productId, 'productId');
  positiveId(change.variantId, 'variantId');
  if (!Number.isInteger(change.stock) || change.stock < 0) throw new RangeError(`stock must be a whole number ≥ 0, got ${change.stock}`);
  const entry = await newEntry(
    db,
    {
      method: 'PATCH',
      path: `/api/seller/products/${change.productId}/variants/${change.variantId}`,
      body: JSON.stringify({ stock: change.stock }),
      kind: 'seller_stock',
      target: String(change.productId),
      undo: null,
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  return entry;
}
