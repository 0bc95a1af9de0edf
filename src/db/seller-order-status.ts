/**
 * A seller moves an order to shipped as a queued write (issue 23, docs/SELLERS.md "Offline"): PATCH
 * /api/seller/orders/{id} {status: "shipped", tracking_number?} (kind seller_order_status), sent by the outbox
 * replayer with its Idempotency-Key, so a move made offline reaches the server once after reconnect. Nothing local
 * is written: the seller's mirror lays the unsettled entry over the order when read (seller-overlay.ts). The other
 * moves (processing, delivered, cancelled) stay online requests of the orders page.
 */
import { canMoveOrder } from '../domain/commerce';
import type { SoukDatabase } from './database';
import { newEntry } from './outbox';
import type { OutboxEntry } from './outbox-entry';
import { readSellerMirror } from './seller-mirror';
import { sellerOverlayEntries, withQueuedSellerChanges } from './seller-overlay';

/** The server's limit on a tracking number (src/server/routes/seller-orders.ts). */
export const SELLER_TRACKING_MAX = 100;

export interface SellerShipInput {
  /** The server's order id. */
  orderId: number;
  trackingNumber?: string;
}

/** Refused before queueing: the code as the server's. */
function refusal(code: 'VALIDATION' | 'ORDER_TRANSITION_INVALID', message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Queues the move; run it inside the database's LocalWriteLock. An order the mirror holds must be shown (with
 * what is queued) in a status that may move to shipped (ORDER_TRANSITIONS), so a second tap is refused; an order
 * it does not hold is left to the server.
 */
export async function queueSellerShip(db: SoukDatabase, input: SellerShipInput, now: number = Date.now()): Promise<OutboxEntry> {
  if (!Number.isInteger(input.orderId) || input.orderId < 1) throw refusal('VALIDATION', `orderId must be a positive whole number, got ${input.orderId}`);
  const tracking = (input.trackingNumber ?? '').trim();
  if (tracking.length > SELLER_TRACKING_MAX) throw refusal('VALIDATION', `The tracking number may not be greater than ${SELLER_TRACKING_MAX} characters.`);
  const mirror = await readSellerMirror(db);
  const entries = (await sellerOverlayEntries(db).exec()).map((e) => e.toMutableJSON());
  const shown = withQueuedSellerChanges(mirror, entries).orders.find((o) => o.order_id === input.orderId);
  if (shown && !canMoveOrder(shown.status, 'shipped')) {
    throw refusal('ORDER_TRANSITION_INVALID', `An order cannot move from ${shown.status} to shipped.`);
  }
  const entry = await newEntry(
    db,
    {
      method: 'PATCH',
      path: `/api/seller/orders/${input.orderId}`,
      body: JSON.stringify(tracking ? { status: 'shipped', tracking_number: tracking } : { status: 'shipped' }),
      kind: 'seller_order_status',
      target: String(input.orderId),
      undo: null,
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  return entry;
}
