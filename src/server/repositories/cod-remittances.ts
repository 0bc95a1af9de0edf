/**
 * COD remittances (docs/OPERATOR.md "COD remittances"): a courier hands the platform the cash it collected on
 * delivery; the operator records the remittance with the orders it covers, and reads the reconciliation report.
 * An order belongs to one remittance at most (cod_remittance_orders.order_id is unique: a second claim, even a
 * concurrent one, inserts nothing and the whole remittance rolls back). Nothing here writes the sellers' ledger.
 */
import { fromCentimes } from '../../domain/money';
import { reconcileRemittance, remittanceTotals, type RemittanceBalance } from '../../domain/cod-remittance';
import type { Database } from '../db/database';
import { writeTransaction, type Tx } from '../db/write-transaction';
import { recordAudit, type AuditActor } from './audit';

export interface NewRemittance {
  courier: string;
  amountCents: number;
  receivedAt: number;
  orderIds: readonly number[];
}

export interface RemittanceOrderJson {
  order_id: number;
  order_number: string;
  /** MAD: the cash recorded as collected on delivery. */
  cod_collected: number;
  collected_at: number;
}

export interface RemittanceJson {
  id: number;
  courier: string;
  received_at: number;
  recorded_by: number | null;
  created_at: number;
  /** MAD: what the courier handed over. */
  remitted: number;
  /** MAD: the cash collected on its orders. */
  expected: number;
  /** MAD: remitted − expected (negative: short). */
  difference: number;
  orders: RemittanceOrderJson[];
}

export type RecordOutcome =
  | { kind: 'ok'; remittance: RemittanceJson }
  /** Orders that do not exist or have no cash collected on delivery. */
  | { kind: 'not_collected'; orderIds: number[] }
  /** Orders some remittance covers already. */
  | { kind: 'already_remitted'; orderIds: number[] };

/** Thrown inside the transaction to roll it back with an outcome. */
class Refused extends Error {
  constructor(readonly outcome: RecordOutcome) {
    super(outcome.kind);
  }
}

async function collectedOrders(tx: Tx, orderIds: readonly number[]): Promise<RemittanceOrderJson[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .selectFrom('cod_collections as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.order_id', 'o.order_number', 'c.amount_cents', 'c.collected_at'])
    .where('c.order_id', 'in', [...orderIds])
    .orderBy('c.order_id')
    .execute();
  return rows.map((r) => ({
    order_id: Number(r.order_id),
    order_number: r.order_number,
    cod_collected: fromCentimes(Number(r.amount_cents)),
    collected_at: Number(r.collected_at),
  }));
}

function remittanceJson(
  row: { id: number; courier: string; amount_cents: number; received_at: number; recorded_by: number | null; created_at: number },
  orders: RemittanceOrderJson[],
  balance: RemittanceBalance,
): RemittanceJson {
  return {
    id: Number(row.id),
    courier: row.courier,
    received_at: Number(row.received_at),
    recorded_by: row.recorded_by === null ? null : Number(row.recorded_by),
    created_at: Number(row.created_at),
    remitted: fromCentimes(balance.remittedCents),
    expected: fromCentimes(balance.expectedCents),
    difference: fromCentimes(balance.differenceCents),
    orders,
  };
}

export async function recordRemittance(db: Database, input: NewRemittance, actor: AuditActor, now: number): Promise<RecordOutcome> {
  try {
    return await writeTransaction(db, [], async (tx) => {
      const collected = await tx
        .selectFrom('cod_collections')
        .select(['order_id', 'amount_cents'])
        .where('order_id', 'in', [...input.orderIds])
        .execute();
      const found = new Set(collected.map((c) => Number(c.order_id)));
      const missing = input.orderIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw new Refused({ kind: 'not_collected', orderIds: missing });
      const taken = await tx.selectFrom('cod_remittance_orders').select('order_id').where('order_id', 'in', [...input.orderIds]).orderBy('order_id').execute();
      if (taken.length > 0) throw new Refused({ kind: 'already_remitted', orderIds: taken.map((t) => Number(t.order_id)) });

      const row = await tx
        .insertInto('cod_remittances')
        .values({ courier: input.courier, amount_cents: input.amountCents, received_at: input.receivedAt, recorded_by: actor.userId, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      const linked = await tx
        .insertInto('cod_remittance_orders')
        .values(input.orderIds.map((orderId) => ({ remittance_id: id, order_id: orderId })))
        .onConflict((oc) => oc.column('order_id').doNothing())
        .executeTakeFirst();
      if (Number(linked.numInsertedOrUpdatedRows ?? 0) !== input.orderIds.length) {
        // Another remittance took some of them meanwhile: refuse the whole one (rolled back).
        const others = await tx.selectFrom('cod_remittance_orders').select('order_id').where('order_id', 'in', [...input.orderIds]).where('remittance_id', '<>', id).execute();
        throw new Refused({ kind: 'already_remitted', orderIds: others.map((t) => Number(t.order_id)).sort((a, b) => a - b) });
      }
      const orders = await collectedOrders(tx, input.orderIds);
      const byOrder = new Map(collected.map((c) => [Number(c.order_id), Number(c.amount_cents)]));
      const balance = reconcileRemittance({ remittedCents: Number(row.amount_cents), collectedCents: input.orderIds.map((o) => byOrder.get(o) ?? 0) });
      const remittance = remittanceJson(row, orders, balance);
      await recordAudit(tx, {
        actor,
        action: 'remittance.record',
        objectType: 'remittance',
        objectId: id,
        before: null,
        after: { courier: remittance.courier, remitted: remittance.remitted, expected: remittance.expected, difference: remittance.difference, order_ids: [...input.orderIds] },
        now,
      });
      return { kind: 'ok', remittance };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

export interface RemittanceReport {
  remittances: RemittanceJson[];
  /** COD cash collected before the range's end that no remittance covers yet, oldest first. */
  not_remitted: (RemittanceOrderJson & { collected_by: number | null })[];
  totals: { expected: number; remitted: number; difference: number; not_remitted: number };
}

/** The remittances received in [from, to) with their orders, and the cash collected before `to` not remitted yet. */
export async function remittanceReport(db: Database, from: number, to: number): Promise<RemittanceReport> {
  const rows = await db.kysely
    .selectFrom('cod_remittances')
    .selectAll()
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  const links = rows.length === 0
    ? []
    : await db.kysely
        .selectFrom('cod_remittance_orders as l')
        .innerJoin('cod_collections as c', 'c.order_id', 'l.order_id')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.remittance_id', 'l.order_id', 'o.order_number', 'c.amount_cents', 'c.collected_at'])
        .where('l.remittance_id', 'in', rows.map((r) => Number(r.id)))
        .orderBy('l.order_id')
        .execute();
  const balances: RemittanceBalance[] = [];
  const remittances = rows.map((row) => {
    const mine = links.filter((l) => Number(l.remittance_id) === Number(row.id));
    const orders = mine.map((l) => ({
      order_id: Number(l.order_id),
      order_number: l.order_number,
      cod_collected: fromCentimes(Number(l.amount_cents)),
      collected_at: Number(l.collected_at),
    }));
    const balance = reconcileRemittance({ remittedCents: Number(row.amount_cents), collectedCents: mine.map((l) => Number(l.amount_cents)) });
    balances.push(balance);
    return remittanceJson(row, orders, balance);
  });
  const open = await db.kysely
    .selectFrom('cod_collections as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('cod_remittance_orders as l', 'l.order_id', 'c.order_id')
    .select(['c.order_id', 'o.order_number', 'c.amount_cents', 'c.collected_at', 'c.collected_by'])
    .where('l.order_id', 'is', null)
    .where('c.collected_at', '<', to)
    .orderBy('c.collected_at')
    .orderBy('c.order_id')
    .execute();
  const totals = remittanceTotals(balances, open.map((o) => Number(o.amount_cents)));
  return {
    remittances,
    not_remitted: open.map((o) => ({
      order_id: Number(o.order_id),
      order_number: o.order_number,
      cod_collected: fromCentimes(Number(o.amount_cents)),
      collected_at: Number(o.collected_at),
      collected_by: o.collected_by === null ? null : Number(o.collected_by),
    })),
    totals: {
      expected: fromCentimes(totals.expectedCents),
      remitted: fromCentimes(totals.remittedCents),
      difference: fromCentimes(totals.differenceCents),
      not_remitted: fromCentimes(totals.notRemittedCents),
    },
  };
}
