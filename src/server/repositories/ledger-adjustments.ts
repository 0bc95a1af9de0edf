/**
 * The operator's adjustments (docs/MONEY.md "Adjustments"): a signed amount booked as an `adjustment` entry of a
 * shop's ledger in the current period, with its audit row (the reason) in the same transaction. Like every
 * entry it is never edited: a wrong adjustment is corrected by another.
 */
import { randomUUID } from 'node:crypto';
import { periodOf } from '../../domain/ledger';
import { fromCentimes } from '../../domain/money';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { recordAudit, type AuditActor } from './audit';
import { insertEntries } from './ledger-booking';

export interface AdjustmentJson {
  id: number;
  shop_id: number;
  kind: 'adjustment';
  /** MAD, signed: positive is owed to the shop. */
  amount: number;
  reason: string;
  period_start: string;
  created_at: number;
}

export type AdjustOutcome = { kind: 'ok'; adjustment: AdjustmentJson } | { kind: 'shop_not_found' };

export async function bookAdjustment(db: Database, shopId: number, amountCents: number, reason: string, actor: AuditActor, now: number): Promise<AdjustOutcome> {
  return writeTransaction(db, [], async (tx) => {
    const shop = await tx.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst();
    if (!shop) return { kind: 'shop_not_found' };
    const key = `adjustment:${randomUUID()}`;
    const period = periodOf(now).start;
    await insertEntries(tx, [
      {
        shop_id: shopId,
        kind: 'adjustment',
        order_id: null,
        order_item_id: null,
        amount_cents: amountCents,
        period_start: period,
        created_at: now,
        reverses_entry_id: null,
        payout_id: null,
        booking_key: key,
      },
    ]);
    const entry = await tx.selectFrom('ledger_entries').select('id').where('booking_key', '=', key).executeTakeFirstOrThrow();
    const adjustment: AdjustmentJson = {
      id: Number(entry.id),
      shop_id: shopId,
      kind: 'adjustment',
      amount: fromCentimes(amountCents),
      reason,
      period_start: period,
      created_at: now,
    };
    await recordAudit(tx, {
      actor,
      action: 'shop.adjust',
      objectType: 'shop',
      objectId: shopId,
      before: null,
      after: { entry_id: adjustment.id, amount: adjustment.amount, period_start: period },
      reason,
      now,
    });
    return { kind: 'ok', adjustment };
  });
}
