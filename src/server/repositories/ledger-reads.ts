/**
 * Reading a shop's ledger (docs/MONEY.md, GET /api/seller/ledger): its entries made in a time range, oldest
 * first, with the totals of that range and the balance of the whole ledger up to the range's end. Amounts leave
 * here in MAD (the API's unit); the sums are made in integer centimes.
 */
import { ledgerTotals, type LedgerKind, type LedgerTotals } from '../../domain/ledger';
import { fromCentimes } from '../../domain/money';
import type { Database } from '../db/database';

/** Instants (ms): entries with from ≤ created_at < to. */
export interface LedgerRange {
  from: number;
  to: number;
}

export interface LedgerEntryJson {
  id: number;
  kind: LedgerKind;
  order_id: number | null;
  order_number: string | null;
  order_item_id: number | null;
  /** The line's product name when the entry is about a line. */
  product_name: string | null;
  quantity: number | null;
  /** MAD, signed: positive is owed to the shop. */
  amount: number;
  period_start: string;
  created_at: number;
  reverses_entry_id: number | null;
  payout_id: number | null;
}

export type LedgerTotalsJson = { [K in keyof LedgerTotals]: number };

export interface ShopLedger {
  entries: LedgerEntryJson[];
  totals: LedgerTotalsJson;
}

function totalsJson(t: LedgerTotals): LedgerTotalsJson {
  return { sales: fromCentimes(t.sales), commission: fromCentimes(t.commission), refunds: fromCentimes(t.refunds), net: fromCentimes(t.net), balance: fromCentimes(t.balance) };
}

export async function ledgerForShop(db: Database, shopId: number, range: LedgerRange): Promise<ShopLedger> {
  const rows = await db.kysely
    .selectFrom('ledger_entries as e')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('order_items as i', 'i.id', 'e.order_item_id')
    .leftJoin('ledger_entries as r', 'r.id', 'e.reverses_entry_id')
    .select([
      'e.id',
      'e.kind',
      'e.order_id',
      'o.order_number',
      'e.order_item_id',
      'i.name as product_name',
      'i.quantity',
      'e.amount_cents',
      'e.period_start',
      'e.created_at',
      'e.reverses_entry_id',
      'e.payout_id',
      'r.kind as reverses_kind',
    ])
    .where('e.shop_id', '=', shopId)
    .where('e.created_at', '>=', range.from)
    .where('e.created_at', '<', range.to)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  const balance = await db.kysely
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('cents'))
    .where('shop_id', '=', shopId)
    .where('created_at', '<', range.to)
    .executeTakeFirst();
  const totals = ledgerTotals(
    rows.map((r) => ({ kind: r.kind as LedgerKind, amountCents: Number(r.amount_cents), reversesKind: (r.reverses_kind ?? null) as LedgerKind | null })),
  );
  totals.balance = Number(balance?.cents ?? 0);
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind as LedgerKind,
      order_id: r.order_id === null ? null : Number(r.order_id),
      order_number: r.order_number ?? null,
      order_item_id: r.order_item_id === null ? null : Number(r.order_item_id),
      product_name: r.product_name ?? null,
      quantity: r.quantity === null ? null : Number(r.quantity),
      amount: fromCentimes(Number(r.amount_cents)),
      period_start: r.period_start,
      created_at: Number(r.created_at),
      reverses_entry_id: r.reverses_entry_id === null ? null : Number(r.reverses_entry_id),
      payout_id: r.payout_id === null ? null : Number(r.payout_id),
    })),
    totals: totalsJson(totals),
  };
}
