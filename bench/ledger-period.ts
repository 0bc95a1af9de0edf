/**
 * Issue 24's bench: a fortnight of 100,000 delivered order lines booked into the sellers' ledger and closed into
 * payouts, on SQLite and on PostgreSQL (docs/MONEY.md).
 *
 * Setup (not timed): a small demo catalogue; BENCH_LEDGER_LINES [100000] order lines in orders of LINES_PER_ORDER,
 * each line a variant of a different shop, written as shipped COD orders by plain inserts (a copy of a demo order's
 * row with new numbers). Timed, in the same run and on the same database:
 *   1. delivery: every order moved to delivered through moveOrder (the route's code: its lock, the buyer's
 *      verified purchases, the sale and commission of each line, the COD cash, the order's history and clock), one
 *      transaction per order, dated inside one period;
 *   2. close: closePeriod for that period (a payout per shop with a positive balance);
 *   3. baseline: the same number of ledger rows (two per line) inserted bare into a scratch copy of ledger_entries,
 *      one transaction per order, so the ratio shows what booking costs beyond writing its rows.
 * Checks printed: every line booked once (2 × lines entries), and the payouts' net equals the ledger's sum.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { writeTransaction } from '../src/server/db/write-transaction';
import { moveOrder } from '../src/server/repositories/order-writes';
import { closePeriod } from '../src/server/repositories/payouts';
import { resolveMoney } from '../src/server/repositories/ledger-booking';
import { seedDemo } from '../src/server/seed/seed-demo';
import { BENCH_SCRYPT_LOG2N, startBenchPostgres } from './servers';
import type { SectionResult } from './sections';

const LINES_PER_ORDER = 5;
/** Deliveries happen on 3 October 2026 (Casablanca), so the period 1–15 October covers them after its 7-day window. */
const DELIVERED_AT = Date.UTC(2026, 9, 3, 10, 0, 0);
const PERIOD_END = '2026-10-15';
const CLOSED_AT = Date.UTC(2026, 9, 23, 9, 0, 0);

export interface LedgerBenchOptions {
  lines: number;
}

interface Figures {
  name: string;
  deliverSeconds: number;
  closeSeconds: number;
  bareSeconds: number;
  entries: number;
  payouts: number;
  netMatches: boolean;
}

/** Shipped COD orders holding `lines` lines, each line of another shop when there are enough. */
async function writeOrders(db: Database, lines: number): Promise<{ orderIds: number[]; adminId: number }> {
  const template = await db.kysely.selectFrom('orders').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const variants = await db.kysely
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id as variant_id', 'v.product_id', 'p.shop_id', 'p.name', 'p.name_ar', 'v.color', 'v.size', 'v.fabric', 'v.price_cents'])
    .orderBy('p.shop_id')
    .orderBy('v.id')
    .execute();
  const byShop = new Map<number, typeof variants>();
  for (const v of variants) byShop.set(Number(v.shop_id), [...(byShop.get(Number(v.shop_id)) ?? []), v]);
  const shops = [...byShop.values()];
  // The demo admin (seedDemo makes admin@souk.test) moves the orders, as the operator would.
  const admin = await db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirstOrThrow();

  const orders = Math.ceil(lines / LINES_PER_ORDER);
  const orderIds: number[] = [];
  const { id: _id, ...row } = template;
  const BATCH = 200;
  for (let start = 0; start < orders; start += BATCH) {
    await writeTransaction(db, [], async (tx) => {
      for (let o = start; o < Math.min(orders, start + BATCH); o++) {
        const count = Math.min(LINES_PER_ORDER, lines - o * LINES_PER_ORDER);
        const picked = Array.from({ length: count }, (_, i) => {
          const shop = shops[(o * LINES_PER_ORDER + i) % shops.length] ?? [];
          return shop[o % shop.length];
        }).filter((v) => v !== undefined);
        const subtotal = picked.reduce((sum, v) => sum + Number(v.price_cents) * (1 + (o % 2)), 0);
        const inserted = await tx
          .insertInto('orders')
          .values({
            ...row,
            client_ref: null,
            order_number: `BENCH-${o}-${start}`,
            status: 'shipped',
            payment_method: 'cod',
            payment_status: 'pending',
            coupon_code: null,
            subtotal_cents: subtotal,
            discount_cents: o % 10 === 0 ? Math.floor(subtotal / 10) : 0,
            total_cents: subtotal,
            history_json: '[]',
            created_at: DELIVERED_AT - 86_400_000,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const orderId = Number(inserted.id);
        orderIds.push(orderId);
        await tx
          .insertInto('order_items')
          .values(
            picked.map((v, position) => ({
              order_id: orderId,
              position,
              product_id: Number(v.product_id),
              variant_id: Number(v.variant_id),
              shop_id: Number(v.shop_id),
              name: v.name,
              name_ar: v.name_ar,
              image: '',
              color: v.color,
              size: v.size,
              fabric: v.fabric,
              quantity: 1 + (o % 2),
              unit_cents: Number(v.price_cents),
            })),
          )
          .execute();
      }
    });
  }
  return { orderIds, adminId: Number(admin.id) };
}

async function measure(name: string, db: Database, lines: number): Promise<Figures> {
  await migrateToLatest(db);
  await seedDemo(db, { products: 200, scryptLog2N: BENCH_SCRYPT_LOG2N });
  const { orderIds, adminId } = await writeOrders(db, lines);
  const money = resolveMoney(undefined);
  const mover = { kind: 'staff', userId: adminId, role: 'admin' } as const;

  let started = performance.now();
  for (const id of orderIds) {
    const outcome = await moveOrder(db, mover, { key: String(id), to: 'delivered', now: DELIVERED_AT }, money);
    if (outcome.kind !== 'ok') throw new Error(`delivering order ${id}: ${outcome.kind}`);
  }
  const deliverSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const closed = await closePeriod(db, PERIOD_END as Parameters<typeof closePeriod>[1], CLOSED_AT);
  const closeSeconds = (performance.now() - started) / 1000;

  const booked = await db.kysely
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', 'in', ['sale', 'commission'])
    .where('created_at', '=', DELIVERED_AT)
    .executeTakeFirstOrThrow();
  const sums = await db.kysely
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number | string>('amount_cents').as('cents'))
    .where('created_at', '=', DELIVERED_AT)
    .executeTakeFirstOrThrow();
  const paidNet = closed.created.reduce((sum, p) => sum + Math.round(p.net * 100), 0);

  // The baseline: the same rows, bare, in a scratch table, one transaction per order.
  await sql`create table bench_ledger_rows (id integer primary key, shop_id integer not null, order_item_id integer not null, amount_cents integer not null, booking_key text not null unique)`.execute(db.kysely);
  started = performance.now();
  let next = 1;
  for (const id of orderIds) {
    await writeTransaction(db, [], async (tx) => {
      const lines = await tx.selectFrom('order_items').select(['id', 'shop_id', 'unit_cents', 'quantity']).where('order_id', '=', id).execute();
      const rows = lines.flatMap((l) => [
        { id: next++, shop_id: Number(l.shop_id), order_item_id: Number(l.id), amount_cents: Number(l.unit_cents) * Number(l.quantity), booking_key: `s:${l.id}` },
        { id: next++, shop_id: Number(l.shop_id), order_item_id: Number(l.id), amount_cents: -Number(l.unit_cents), booking_key: `c:${l.id}` },
      ]);
      await sql`insert into bench_ledger_rows (id, shop_id, order_item_id, amount_cents, booking_key) values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.shop_id}, ${r.order_item_id}, ${r.amount_cents}, ${r.booking_key})`))}`.execute(tx);
    });
  }
  const bareSeconds = (performance.now() - started) / 1000;

  return {
    name,
    deliverSeconds,
    closeSeconds,
    bareSeconds,
    entries: Number(booked.n),
    payouts: closed.created.length,
    netMatches: paidNet === Number(sums.cents),
  };
}

export async function ledgerPeriodSection(opts: LedgerBenchOptions): Promise<SectionResult> {
  const results: Figures[] = [];
  const notes: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-ledger-'));
  try {
    const db = openDatabase(join(dir, 'souk.db'));
    try {
      results.push(await measure('SQLite', db, opts.lines));
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = await startBenchPostgres();
  if ('skipped' in pg) {
    notes.push(`PostgreSQL row skipped: ${pg.skipped}`);
  } else {
    const db = openDatabase(pg.url);
    try {
      results.push(await measure('PostgreSQL', db, opts.lines));
    } finally {
      await db.close();
      await pg.stop();
    }
  }
  const lines = opts.lines.toLocaleString('en');
  return {
    title: `Ledger: a period of ${lines} delivered order lines booked and closed (issue 24, docs/MONEY.md)`,
    rows: [
      ['database', 'deliver + book s', 'lines/s', 'close period s', 'bare rows s (baseline)', 'booking vs bare', 'entries (2 per line)', 'payouts', 'payouts = ledger'],
      ...results.map((r) => [
        r.name,
        r.deliverSeconds.toFixed(1),
        (opts.lines / r.deliverSeconds).toFixed(0),
        r.closeSeconds.toFixed(2),
        r.bareSeconds.toFixed(1),
        `${(r.deliverSeconds / r.bareSeconds).toFixed(2)}x`,
        `${r.entries.toLocaleString('en')}${r.entries === 2 * opts.lines ? '' : ' (WRONG)'}`,
        String(r.payouts),
        r.netMatches ? 'yes' : 'NO',
      ]),
    ],
    notes: [
      ...notes,
      `Orders of ${LINES_PER_ORDER} lines from different shops (10% of them with a coupon), COD, moved to delivered one transaction each through moveOrder (the route's code), then closePeriod(${PERIOD_END}).`,
      'Baseline: the same number of rows (two per line) inserted bare into a scratch table, one transaction per order, same database, same run.',
    ],
  };
}
