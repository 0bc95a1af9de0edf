/**
 * Booking the sellers' ledger (docs/MONEY.md), inside the transaction that moves the order:
 * - a delivery books, per line of the order, the sale (what the buyer paid for the line's goods, after its share
 *   of the coupon) and the commission (−, at the rate frozen on the line when the order was placed);
 * - a cancellation or return after delivery books a reversal of each of those entries, in the current period;
 * - a COD delivery records the cash collected (cod_collections), which stays out of the sellers' ledger: the
 *   operator reconciles it against the couriers' remittances.
 * Every entry has a unique booking_key (`sale:{item}`, `commission:{item}`, `reversal:{entry}`) and is inserted
 * with ON CONFLICT DO NOTHING, so the same booking made twice (a retry, two deliveries racing) writes once.
 */
import { bookLines, DEFAULT_COMMISSION_RATE_BP, isCommissionRateBp, periodOf, type LedgerKind } from '../../domain/ledger';
import type { OrderItemRow, OrderRow } from '../db/schema';
import type { Tx } from '../db/write-transaction';

/** The money settings of an app (AppOptions.money). */
export interface MoneyOptions {
  /** The default commission in basis points (COMMISSION_RATE); absent: 10 %. */
  commissionRateBp?: number;
}

export interface MoneyRules {
  commissionRateBp: number;
}

export function resolveMoney(options: MoneyOptions | undefined): MoneyRules {
  const bp = options?.commissionRateBp ?? DEFAULT_COMMISSION_RATE_BP;
  if (!isCommissionRateBp(bp)) throw new RangeError(`commission rate must be 0–10000 basis points, got ${bp}`);
  return { commissionRateBp: bp };
}

interface NewEntry {
  shop_id: number;
  kind: LedgerKind;
  order_id: number | null;
  order_item_id: number | null;
  amount_cents: number;
  period_start: string;
  created_at: number;
  reverses_entry_id: number | null;
  payout_id: number | null;
  booking_key: string;
}

/** Inserts entries whose booking key is new; the ones already booked are left as they are. */
export async function insertEntries(tx: Tx, entries: readonly NewEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const result = await tx
    .insertInto('ledger_entries')
    .values([...entries])
    .onConflict((oc) => oc.column('booking_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The sale and commission entries of every line of a delivered order. */
export async function bookDelivery(tx: Tx, order: OrderRow, items: readonly OrderItemRow[], now: number, money: MoneyRules): Promise<number> {
  const ordered = [...items].sort((a, b) => Number(a.position) - Number(b.position));
  const booked = bookLines(
    ordered.map((item) => ({
      unitCents: Number(item.unit_cents),
      quantity: Number(item.quantity),
      rateBp: item.commission_rate_bp === null ? money.commissionRateBp : Number(item.commission_rate_bp),
    })),
    Number(order.discount_cents),
  );
  const period = periodOf(now).start;
  const entries: NewEntry[] = [];
  ordered.forEach((item, i) => {
    const line = booked[i];
    if (!line) return;
    const base = { shop_id: Number(item.shop_id), order_id: Number(order.id), order_item_id: Number(item.id), period_start: period, created_at: now, reverses_entry_id: null, payout_id: null };
    entries.push({ ...base, kind: 'sale', amount_cents: line.paidCents, booking_key: `sale:${item.id}` });
    entries.push({ ...base, kind: 'commission', amount_cents: -line.commissionCents, booking_key: `commission:${item.id}` });
  });
  return insertEntries(tx, entries);
}

/**
 * Reverses every sale and commission entry of an order not reversed yet (a cancellation or a return after
 * delivery): each reversal is the negated amount, in the period of `now`. Nothing to reverse: nothing written.
 */
export async function reverseOrder(tx: Tx, orderId: number, now: number): Promise<number> {
  const rows = await tx
    .selectFrom('ledger_entries')
    .select(['id', 'shop_id', 'order_id', 'order_item_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['sale', 'commission'])
    .orderBy('id')
    .execute();
  const period = periodOf(now).start;
  return insertEntries(
    tx,
    rows.map((row) => ({
      shop_id: Number(row.shop_id),
      kind: 'reversal',
      order_id: row.order_id === null ? null : Number(row.order_id),
      order_item_id: row.order_item_id === null ? null : Number(row.order_item_id),
      amount_cents: -Number(row.amount_cents),
      period_start: period,
      created_at: now,
      reverses_entry_id: Number(row.id),
      payout_id: null,
      booking_key: `reversal:${row.id}`,
    })),
  );
}

/** Records the cash collected on a COD delivery (once per order: a second record is ignored). */
export async function recordCodCollection(tx: Tx, orderId: number, amountCents: number, collectedBy: number, now: number): Promise<void> {
  await tx
    .insertInto('cod_collections')
    .values({ order_id: orderId, amount_cents: amountCents, collected_by: collectedBy, collected_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}
