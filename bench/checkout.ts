/**
 * Checkout throughput on SQLite (issue 8 goal: at least 300 orders a second on this machine, no oversell).
 *
 * Souk: many concurrent buyers (autocannon connections, each request the next buyer of a pool made through the
 * repositories) each place a cash-on-delivery order of 1–2 items through the real route, POST /api/orders with
 * an Idempotency-Key and a client_ref, on one instance over an SQLite file (a process of its own). Half the
 * orders have a second line; one in ten of those takes a scarce variant, which sells out (422 refusals, the
 * stock guard at work). Orders per second counts the placed ones (201) over the run's time.
 *
 * Baselines in the same run, the same number of orders:
 * - bare inserts: one transaction per order on the same SQLite file straight through better-sqlite3 (the guarded
 *   stock decrement per line, the order row, its item rows; no HTTP, no session, no idempotency, no totals):
 *   the floor the database itself sets;
 * - a no-op route: a bare Fastify POST answering {ok: true} to the same requests from the same load generator:
 *   the ceiling HTTP on this machine sets.
 * Then the oversell check (bench/shoppers.ts) over the run's orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { toCentimes } from '../src/domain/money';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { BENCH_SCRYPT_LOG2N, startInstance } from './servers';
import { BENCH_SHIPPING, codOrder, createBuyers, describeOversell, oversellCheck, oversellOk, pick, variantPool, type Buyer, type PoolVariant } from './shoppers';
import { ratio } from './stats';
import type { SectionResult } from './sections';

export interface CheckoutOptions {
  /** Orders per run (Souk, and each baseline). */
  orders: number;
  connections: number;
}

const PRODUCTS = 1_000;
const BUYERS = 500;
const POOL_SIZE = 300;
const SCARCE_SIZE = 5;
const SCARCE_STOCK = 10;
const WARMUP_ORDERS = 200;

interface Figures {
  perSecond: number;
  placed: number;
  refused: number;
  s5xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/** The request of the i-th order: the next buyer, 1–2 lines. */
function orderRequests(buyers: readonly Buyer[], pool: readonly PoolVariant[], scarce: readonly PoolVariant[], path: string, refPrefix: string): autocannon.Request[] {
  let n = 0;
  return [
    {
      setupRequest: (request: autocannon.Request): autocannon.Request => {
        const buyer = buyers[n++ % buyers.length] as Buyer;
        const first = pick(pool);
        const lines = [{ v: first, quantity: 1 }];
        if (Math.random() < 0.5) {
          const second = Math.random() < 0.1 ? pick(scarce) : pick(pool.filter((v) => v !== first));
          lines.push({ v: second, quantity: 1 });
        }
        const body = codOrder(lines, refPrefix);
        return {
          ...request,
          method: 'POST',
          path,
          headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', 'idempotency-key': body.client_ref },
          body: JSON.stringify(body),
        };
      },
    },
  ];
}

/** `orders` requests; those answered `placedStatus` (201 for an order, 200 from the no-op route) count as placed. */
async function place(url: string, orders: number, connections: number, requests: autocannon.Request[], placedStatus: 200 | 201): Promise<Figures> {
  const result = await autocannon({ url, connections, amount: orders, workers: 0, timeout: 30, requests });
  const placed = Number(result.statusCodeStats?.[`${placedStatus}`]?.count ?? 0);
  return {
    perSecond: placed / result.duration,
    placed,
    refused: Number(result.statusCodeStats?.['422']?.count ?? 0),
    s5xx: result['5xx'],
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

class OutOfStock extends Error {}

/** The baseline: `orders` transactions straight on the file, each the order's bare writes. */
function bareInserts(file: string, orders: number, userIds: readonly number[], pool: readonly PoolVariant[]): { perSecond: number; placed: number } {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  try {
    const take = sqlite.prepare('update product_variants set stock = stock - ? where id = ? and stock >= ?');
    const insertOrder = sqlite.prepare(
      `insert into orders (user_id, client_ref, order_number, status, payment_method, payment_status, shipping_json, country, subtotal_cents,
        discount_cents, shipping_cents, tax_cents, total_cents, coupon_code, tracking_number, estimated_delivery, history_json, created_at, updated_at)
       values (?, ?, ?, 'pending', 'cod', 'pending', ?, 'MA', ?, 0, 0, 0, ?, null, ?, ?, ?, ?, ?)`,
    );
    const insertItem = sqlite.prepare(
      `insert into order_items (order_id, position, product_id, variant_id, shop_id, name, name_ar, image, color, size, fabric, quantity, unit_cents)
       values (?, ?, ?, ?, 0, 'Bench', 'Bench', '', '', '', '', ?, ?)`,
    );
    const shipping = JSON.stringify(BENCH_SHIPPING);
    const one = sqlite.transaction((i: number, lines: { v: PoolVariant; quantity: number }[]) => {
      for (const { v, quantity } of lines) if (take.run(quantity, v.variantId, quantity).changes === 0) throw new OutOfStock();
      const now = Date.now();
      const subtotal = lines.reduce((sum, l) => sum + toCentimes(l.v.unitPrice) * l.quantity, 0);
      const { lastInsertRowid } = insertOrder.run(userIds[i % userIds.length], `bare-${i}`, `BARE-${i}`, shipping, subtotal, subtotal, `T${i}`, now, '[]', now, now);
      lines.forEach((l, position) => insertItem.run(lastInsertRowid, position, l.v.productId, l.v.variantId, l.quantity, toCentimes(l.v.unitPrice)));
    });
    const plans = Array.from({ length: orders }, () => {
      const first = pick(pool);
      return Math.random() < 0.5 ? [{ v: first, quantity: 1 }, { v: pick(pool.filter((v) => v !== first)), quantity: 1 }] : [{ v: first, quantity: 1 }];
    });
    let placed = 0;
    const t0 = performance.now();
    plans.forEach((lines, i) => {
      try {
        one.immediate(i, lines);
        placed++;
      } catch (error) {
        if (!(error instanceof OutOfStock)) throw error;
      }
    });
    return { perSecond: placed / ((performance.now() - t0) / 1000), placed };
  } finally {
    sqlite.close();
  }
}

export async function checkoutSection(opts: CheckoutOptions): Promise<SectionResult> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-checkout-'));
  const file = join(dir, 'checkout.sqlite');
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    await seedDemo(db, { products: PRODUCTS, sellerPassword: null, scryptLog2N: BENCH_SCRYPT_LOG2N });
    const buyers = await createBuyers(db, BUYERS, 'checkout');
    // Enough for every order of the warm-up, the run and the bare inserts to take two units of one variant.
    const stock = Math.ceil((4 * (opts.orders + WARMUP_ORDERS)) / POOL_SIZE) + 10;
    const pool = await variantPool(db, POOL_SIZE, stock);
    const scarce = await variantPool(db, SCARCE_SIZE, SCARCE_STOCK, POOL_SIZE);

    const server = await startInstance({ kind: 'souk', database: file });
    let souk: Figures;
    try {
      await place(server.url, WARMUP_ORDERS, opts.connections, orderRequests(buyers, pool, scarce, '/api/orders', 'checkout-warm-'), 201);
      souk = await place(server.url, opts.orders, opts.connections, orderRequests(buyers, pool, scarce, '/api/orders', 'checkout-run-'), 201);
    } finally {
      await server.stop();
    }
    const oversell = await oversellCheck(db, [...pool, ...scarce], 'checkout-');

    const noop = await startInstance({ kind: 'bare-fastify' });
    let route: Figures;
    try {
      await place(noop.url, WARMUP_ORDERS, opts.connections, orderRequests(buyers, pool, scarce, '/bare', 'noop-'), 200);
      route = await place(noop.url, opts.orders, opts.connections, orderRequests(buyers, pool, scarce, '/bare', 'noop-'), 200);
    } finally {
      await noop.stop();
    }
    const bare = bareInserts(file, opts.orders, buyers.map((b) => b.userId), pool);

    return {
      title: `Checkout: COD orders on SQLite, ${opts.orders.toLocaleString('en')} orders from ${opts.connections} connections (goal ≥ 300 orders/s, no oversell)`,
      rows: [
        ['figure', 'Souk', 'baseline', 'ratio (Souk / baseline)'],
        ['orders/s: POST /api/orders vs bare inserts (one transaction per order, same file)', souk.perSecond.toFixed(0), bare.perSecond.toFixed(0), ratio(souk.perSecond, bare.perSecond)],
        ['orders/s: POST /api/orders vs a no-op Fastify POST (same requests)', souk.perSecond.toFixed(0), route.perSecond.toFixed(0), ratio(souk.perSecond, route.perSecond)],
        ['latency p50 ms (vs the no-op route)', String(souk.p50), String(route.p50), ratio(souk.p50, route.p50)],
        ['latency p99 ms (vs the no-op route)', String(souk.p99), String(route.p99), ratio(souk.p99, route.p99)],
      ],
      notes: [
        `bare inserts placed ${bare.placed} of ${opts.orders}; Souk placed ${souk.placed}, refused for stock (422) ${souk.refused}, 5xx ${souk.s5xx}, connection errors ${souk.errors}; zero 5xx: ${souk.s5xx === 0 ? 'yes' : 'NO'}`,
        `oversell check (warm-up and run): ${describeOversell(oversell)}; zero oversell: ${oversellOk(oversell) ? 'yes' : 'NO'}`,
        `${BUYERS} buyers, ${POOL_SIZE} variants of ${stock} units and ${SCARCE_SIZE} scarce ones of ${SCARCE_STOCK}; ${WARMUP_ORDERS} warm-up orders before each timed run`,
      ],
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
