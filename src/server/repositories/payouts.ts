/**
 * Fortnightly payouts (docs/MONEY.md "Payouts"): closing a period, the shops' payouts and their statements, and
 * the operator's marks (paid with a reference, or failed).
 *
 * Closing the period that ends on E pays each shop what it is owed for deliveries older than the return window:
 * the sum of its entries made before payoutCutoff(E), plus every payout entry (and payout reversal) whenever
 * made, so what an earlier payout paid is never paid again and a negative balance carries forward. A shop with
 * a positive amount gets a pending payout (unique per shop and period end) and a payout entry (−net) in one
 * transaction; closing the same period again finds every payout there and writes nothing. A failed payout books
 * a reversal of its entry: the money is owed again and the next close pays it. The operator's close and marks
 * (issue 24) pass their AuditContext: the audit row is written in the same transaction (repositories/audit.ts).
 */
import { sql, type Selectable } from 'kysely';
import { payoutCutoff, periodEndingOn, periodOf, type LocalDate, type PayoutStatus } from '../../domain/ledger';
import { fromCentimes } from '../../domain/money';
import type { PayoutCsvRow } from '../../domain/payouts-csv';
import type { Database } from '../db/database';
import type { PayoutsTable } from '../db/schema';
import { writeTransaction, type Tx } from '../db/write-transaction';
import { recordAudit, type AuditContext } from './audit';
import { insertEntries } from './ledger-booking';

type PayoutRow = Selectable<PayoutsTable>;

export interface PayoutJson {
  id: number;
  shop_id: number;
  period_start: string;
  period_end: string;
  /** MAD: the sales covered. */
  gross: number;
  /** MAD: the commission kept on them (positive). */
  commission: number;
  /** MAD: what is paid (the balance owed, refunds and carried amounts included). */
  net: number;
  status: PayoutStatus;
  paid_at: number | null;
  reference: string | null;
  created_at: number;
}

export function payoutJson(row: PayoutRow): PayoutJson {
  return {
    id: Number(row.id),
    shop_id: Number(row.shop_id),
    period_start: row.period_start,
    period_end: row.period_end,
    gross: fromCentimes(Number(row.gross_cents)),
    commission: fromCentimes(Number(row.commission_cents)),
    net: fromCentimes(Number(row.net_cents)),
    status: row.status as PayoutStatus,
    paid_at: row.paid_at === null ? null : Number(row.paid_at),
    reference: row.reference,
    created_at: Number(row.created_at),
  };
}

/** The instant from which the payout of shop `shopId` for `periodEnd` covers entries: its previous payout's cutoff. */
async function coveredFrom(tx: Tx, shopId: number, periodEnd: LocalDate): Promise<number> {
  const previous = await tx
    .selectFrom('payouts')
    .select('period_end')
    .where('shop_id', '=', shopId)
    .where('period_end', '<', periodEnd)
    .orderBy('period_end', 'desc')
    .limit(1)
    .executeTakeFirst();
  return previous ? payoutCutoff(previous.period_end) : Number.MIN_SAFE_INTEGER;
}

/** Sales and commission (positive: what was kept) booked for shop `shopId` from `from` to `to`, reversals counted. */
async function grossAndCommission(tx: Tx, shopId: number, from: number, to: number): Promise<{ gross: number; commission: number }> {
  const rows = await tx
    .selectFrom('ledger_entries as e')
    .leftJoin('ledger_entries as r', 'r.id', 'e.reverses_entry_id')
    .select((eb) => [sql<string>`coalesce(${eb.ref('r.kind')}, ${eb.ref('e.kind')})`.as('kind'), eb.fn.sum<number | string>('e.amount_cents').as('cents')])
    .where('e.shop_id', '=', shopId)
    .where('e.payout_id', 'is', null)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy(sql`coalesce(${sql.ref('r.kind')}, ${sql.ref('e.kind')})`)
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.cents ?? 0);
  return { gross: of('sale'), commission: -of('commission') };
}

/** PostgreSQL: the transaction-scoped advisory lock every payout write holds (beside write-transaction.ts's clock keys). */
const PAYOUTS_LOCK_KEY = 7_310_401;

/**
 * Serialises the payout writers (closes of any period, marks): two closes of different periods read the same
 * unpaid entries, so without it both would pay them. SQLite: BEGIN IMMEDIATE already serialises every writer.
 */
async function lockPayouts(db: Database, tx: Tx): Promise<void> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PAYOUTS_LOCK_KEY})`.execute(tx);
}

export interface CloseResult {
  period_start: string;
  period_end: string;
  /** The payouts this close made (none when the period was closed already). */
  created: PayoutJson[];
}

export async function closePeriod(db: Database, periodEnd: LocalDate, now: number, audited?: AuditContext): Promise<CloseResult> {
  const period = periodEndingOn(periodEnd);
  const cutoff = payoutCutoff(periodEnd);
  return writeTransaction(db, [], async (tx) => {
    await lockPayouts(db, tx);
    const owed = await tx
      .selectFrom('ledger_entries')
      .select((eb) => ['shop_id', eb.fn.sum<number | string>('amount_cents').as('cents')])
      .where((eb) => eb.or([eb('payout_id', 'is not', null), eb('created_at', '<', cutoff)]))
      .groupBy('shop_id')
      .orderBy('shop_id')
      .execute();
    const created: PayoutJson[] = [];
    for (const row of owed) {
      const shopId = Number(row.shop_id);
      const net = Number(row.cents);
      if (net <= 0) continue;
      const { gross, commission } = await grossAndCommission(tx, shopId, await coveredFrom(tx, shopId, periodEnd), cutoff);
      const inserted = await tx
        .insertInto('payouts')
        .values({
          shop_id: shopId,
          period_start: period.start,
          period_end: period.end,
          gross_cents: gross,
          commission_cents: commission,
          net_cents: net,
          status: 'pending',
          paid_at: null,
          reference: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['shop_id', 'period_end']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) continue;
      await insertEntries(tx, [
        {
          shop_id: shopId,
          kind: 'payout',
          order_id: null,
          order_item_id: null,
          amount_cents: -net,
          period_start: periodOf(now).start,
          created_at: now,
          reverses_entry_id: null,
          payout_id: Number(inserted.id),
          booking_key: `payout:${inserted.id}`,
        },
      ]);
      created.push(payoutJson(inserted));
    }
    if (audited) {
      const after = { payouts: created.map((p) => ({ id: p.id, shop_id: p.shop_id, net: p.net })) };
      await recordAudit(tx, { ...audited, action: 'period.close', objectType: 'period', objectId: period.end, before: null, after });
    }
    return { period_start: period.start, period_end: period.end, created };
  });
}

export async function listShopPayouts(db: Database, shopId: number): Promise<PayoutJson[]> {
  const rows = await db.kysely.selectFrom('payouts').selectAll().where('shop_id', '=', shopId).orderBy('period_end', 'desc').orderBy('id', 'desc').execute();
  return rows.map(payoutJson);
}

export interface AdminPayoutFilters {
  status?: PayoutStatus;
  periodEnd?: LocalDate;
}

export async function listPayouts(db: Database, filters: AdminPayoutFilters): Promise<PayoutJson[]> {
  let query = db.kysely.selectFrom('payouts').selectAll();
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.periodEnd !== undefined) query = query.where('period_end', '=', filters.periodEnd);
  const rows = await query.orderBy('period_end', 'desc').orderBy('shop_id').limit(1000).execute();
  return rows.map(payoutJson);
}

/** The most rows the payouts CSV holds (GET /api/admin/payouts.csv), newest period first. */
export const PAYOUTS_CSV_MAX_ROWS = 50_000;

/** The payouts the filters keep, with their shop's name, as the CSV's rows (domain/payouts-csv.ts). */
export async function payoutCsvRows(db: Database, filters: AdminPayoutFilters): Promise<PayoutCsvRow[]> {
  let query = db.kysely
    .selectFrom('payouts')
    .innerJoin('shops', 'shops.id', 'payouts.shop_id')
    .selectAll('payouts')
    .select('shops.name as shop_name');
  if (filters.status !== undefined) query = query.where('payouts.status', '=', filters.status);
  if (filters.periodEnd !== undefined) query = query.where('payouts.period_end', '=', filters.periodEnd);
  const rows = await query.orderBy('payouts.period_end', 'desc').orderBy('payouts.shop_id').orderBy('payouts.id').limit(PAYOUTS_CSV_MAX_ROWS).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    shopId: Number(row.shop_id),
    shopName: row.shop_name,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    grossCents: Number(row.gross_cents),
    commissionCents: Number(row.commission_cents),
    netCents: Number(row.net_cents),
    status: row.status,
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    reference: row.reference,
  }));
}

/** One line of a statement: an entry the payout covers, or the payout itself. */
export interface StatementLine {
  date: number;
  kind: string;
  orderNumber: string | null;
  productName: string | null;
  quantity: number | null;
  amountCents: number;
}

/** A shop's payout with the entries it covers (null when the payout is not that shop's). */
export async function payoutStatement(db: Database, shopId: number, payoutId: number): Promise<{ payout: PayoutJson; lines: StatementLine[] } | null> {
  const row = await db.kysely.selectFrom('payouts').selectAll().where('id', '=', payoutId).where('shop_id', '=', shopId).executeTakeFirst();
  if (!row) return null;
  const from = await coveredFrom(db.kysely, shopId, row.period_end);
  const rows = await db.kysely
    .selectFrom('ledger_entries as e')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .leftJoin('order_items as i', 'i.id', 'e.order_item_id')
    .select(['e.created_at', 'e.kind', 'o.order_number', 'i.name', 'i.quantity', 'e.amount_cents'])
    .where('e.shop_id', '=', shopId)
    .where((eb) =>
      eb.or([
        eb.and([eb('e.payout_id', 'is', null), eb('e.created_at', '>=', from), eb('e.created_at', '<', payoutCutoff(row.period_end))]),
        eb('e.payout_id', '=', payoutId),
      ]),
    )
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return {
    payout: payoutJson(row),
    lines: rows.map((r) => ({
      date: Number(r.created_at),
      kind: r.kind,
      orderNumber: r.order_number ?? null,
      productName: r.name ?? null,
      quantity: r.quantity === null ? null : Number(r.quantity),
      amountCents: Number(r.amount_cents),
    })),
  };
}

export type MarkOutcome = { kind: 'ok'; payout: PayoutJson } | { kind: 'not_found' } | { kind: 'not_pending'; status: PayoutStatus };

/** pending → paid (with its reference) or failed (its entry reversed); a payout already decided is left as it is. */
export async function markPayout(
  db: Database,
  payoutId: number,
  to: 'paid' | 'failed',
  reference: string | null,
  now: number,
  audited?: AuditContext,
): Promise<MarkOutcome> {
  return writeTransaction(db, [], async (tx) => {
    await lockPayouts(db, tx);
    const row = await tx.selectFrom('payouts').selectAll().where('id', '=', payoutId).executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    if (row.status !== 'pending') return { kind: 'not_pending', status: row.status as PayoutStatus };
    const moved = await tx
      .updateTable('payouts')
      .set({ status: to, reference, paid_at: to === 'paid' ? now : null })
      .where('id', '=', payoutId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!moved) return { kind: 'not_pending', status: row.status as PayoutStatus };
    if (to === 'failed') {
      const entry = await tx.selectFrom('ledger_entries').select(['id', 'amount_cents']).where('booking_key', '=', `payout:${payoutId}`).executeTakeFirst();
      if (entry) {
        await insertEntries(tx, [
          {
            shop_id: Number(row.shop_id),
            kind: 'reversal',
            order_id: null,
            order_item_id: null,
            amount_cents: -Number(entry.amount_cents),
            period_start: periodOf(now).start,
            created_at: now,
            reverses_entry_id: Number(entry.id),
            payout_id: payoutId,
            booking_key: `reversal:${entry.id}`,
          },
        ]);
      }
    }
    if (audited) {
      const before = { status: row.status, reference: row.reference, paid_at: row.paid_at === null ? null : Number(row.paid_at) };
      const after = { status: moved.status, reference: moved.reference, paid_at: moved.paid_at === null ? null : Number(moved.paid_at) };
      await recordAudit(tx, { ...audited, action: 'payout.mark', objectType: 'payout', objectId: payoutId, before, after });
    }
    return { kind: 'ok', payout: payoutJson(moved) };
  });
}
