/**
 * Load test of a shopper mix (issue 8, "Scale path"): autocannon connections each play shoppers one after
 * another. A shopper is a signed-in buyer (a pool made through the repositories, bearer tokens) whose visit is
 * SEQUENCE: browse pages, filter (category + colours + sizes + price range, sorted), product pages, add a
 * variant to the cart, change its quantity, and place a cash-on-delivery order of it (with an Idempotency-Key;
 * one order in four adds a unit of a scarce variant). Per visit: 3 browse, 2 filter, 2 product, 2 cart and 1
 * order request.
 *
 * Setups, each through the same round-robin proxy (bench/instance.ts) so that 1 and 2 instances differ only in
 * the instances: SQLite with 1 instance; a throwaway PostgreSQL with 1, then 2 instances (skipped, with the
 * reason, when no PostgreSQL can be started). Every server is a process of its own.
 *
 * Printed per setup: requests/s, p50/p99 latency, non-2xx, 5xx and connection errors, orders placed per second;
 * then the checks: zero 5xx, and zero oversell (no variant below zero; each pool variant's ordered units within
 * its stock and equal to the stock it lost). Orders refused for stock (422 OUT_OF_STOCK_ITEMS, the scarce
 * variants run out) are the expected non-2xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { SORTS } from '../src/domain/catalog-constants';
import { benchQuery } from './listing-query';
import { resetStatementStats, topStatements } from './pg-profile';
import { BENCH_SCRYPT_LOG2N, PG_PROFILE, startBehindProxy, startBenchPostgres } from './servers';
import { codOrder, createBuyers, describeOversell, liveProductIds, oversellCheck, oversellOk, pick, variantPool, type Buyer, type OversellReport, type PoolVariant } from './shoppers';
import { ratio } from './stats';
import type { SectionResult } from './sections';

export interface LoadMixOptions {
  products: number;
  /** Measured seconds per setup (after a warm-up of a fifth of it, at least 1 s). */
  seconds: number;
  connections: number;
  buyers: number;
}

const STEPS = ['browse', 'filter', 'product', 'browse', 'product', 'cart-add', 'cart-update', 'filter', 'browse', 'order'] as const;
type Step = (typeof STEPS)[number];

/** Variants the orders buy (ample stock) and the scarce ones every fourth order adds (they sell out). */
const POOL_SIZE = 200;
const POOL_STOCK = 5_000;
const SCARCE_SIZE = 5;
const SCARCE_STOCK = 10;

interface World {
  buyers: Buyer[];
  pool: PoolVariant[];
  scarce: PoolVariant[];
  productIds: number[];
  pages: number;
}

interface Visit {
  buyer: Buyer;
  variant: PoolVariant;
}

interface MixFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  s5xx: number;
  errors: number;
  ordersPerSecond: number;
  /** step → status → count */
  statuses: Map<Step, Map<number, number>>;
}

function listingPath(i: number): string {
  const q = benchQuery(i);
  const params = new URLSearchParams({
    category: q.category,
    colors: q.colors.join(','),
    sizes: q.sizes.join(','),
    minPrice: String(q.minPrice),
    maxPrice: String(Math.max(q.minPrice, q.maxPrice)),
    sort: 'price-low-high',
    page: String(q.page),
    per_page: String(q.perPage),
  });
  return `/api/products/all?${params}`;
}

function requestsFor(world: World, refPrefix: string, statuses: MixFigures['statuses']): autocannon.Request[] {
  let visits = 0;
  let filters = 0;
  return STEPS.map((step, index) => ({
    setupRequest: (request: autocannon.Request, context: object): autocannon.Request => {
      const visit = context as Partial<Visit>;
      if (index === 0) {
        visit.buyer = world.buyers[visits++ % world.buyers.length];
        visit.variant = pick(world.pool);
      }
      const { buyer, variant } = visit as Visit;
      const auth = { authorization: `Bearer ${buyer.token}` };
      const json = { ...auth, 'content-type': 'application/json' };
      switch (step) {
        case 'browse':
          return { ...request, method: 'GET', headers: auth, path: `/api/products/all?page=${1 + Math.floor(Math.random() * world.pages)}&per_page=24&sort=${pick(SORTS)}` };
        case 'filter':
          return { ...request, method: 'GET', headers: auth, path: listingPath(filters++) };
        case 'product':
          // The visit's second product page is the one it buys.
          return { ...request, method: 'GET', headers: auth, path: `/api/products/${index > 3 ? variant.productId : pick(world.productIds)}/details` };
        case 'cart-add':
          return { ...request, method: 'POST', headers: json, path: '/api/cart/items', body: JSON.stringify({ product_id: variant.productId, variant_id: variant.variantId, quantity: 1 }) };
        case 'cart-update':
          return { ...request, method: 'PUT', headers: json, path: `/api/cart/items/${variant.variantId}`, body: JSON.stringify({ quantity: 2 }) };
        case 'order': {
          const lines = [{ v: variant, quantity: 2 }];
          if (Math.random() < 0.25) lines.push({ v: pick(world.scarce), quantity: 1 });
          const body = codOrder(lines, refPrefix);
          return { ...request, method: 'POST', headers: { ...json, 'idempotency-key': body.client_ref }, path: '/api/orders', body: JSON.stringify(body) };
        }
      }
    },
    onResponse: (status: number) => {
      const byStatus = statuses.get(step) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(step, byStatus);
    },
  }));
}

async function mix(url: string, world: World, seconds: number, connections: number, refPrefix: string): Promise<MixFigures> {
  const statuses: MixFigures['statuses'] = new Map();
  const result = await autocannon({ url, connections, duration: seconds, workers: 0, requests: requestsFor(world, refPrefix, statuses) });
  const orders = statuses.get('order')?.get(201) ?? 0;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    s5xx: result['5xx'],
    errors: result.errors + result.timeouts,
    ordersPerSecond: orders / result.duration,
    statuses,
  };
}

async function prepare(db: Database, products: number, buyers: number, tag: string): Promise<World> {
  await migrateToLatest(db);
  await seedDemo(db, { products, sellerPassword: null, scryptLog2N: BENCH_SCRYPT_LOG2N });
  return {
    buyers: await createBuyers(db, buyers, tag),
    pool: await variantPool(db, POOL_SIZE, POOL_STOCK),
    scarce: await variantPool(db, SCARCE_SIZE, SCARCE_STOCK, POOL_SIZE),
    productIds: await liveProductIds(db),
    pages: Math.max(1, Math.min(40, Math.floor(products / 24))),
  };
}

interface SetupOutcome {
  name: string;
  figures: MixFigures;
  oversell: OversellReport;
}

/** Warm-up, then the measured run, on `instances` instances of `database` behind the proxy; then the checks. */
async function runSetup(name: string, database: string, db: Database, world: World, instances: number, opts: LoadMixOptions, run: string): Promise<SetupOutcome> {
  const refPrefix = `bench-${run}-`;
  const group = await startBehindProxy(database, instances);
  let figures: MixFigures;
  try {
    await mix(group.url, world, Math.max(1, Math.round(opts.seconds / 5)), opts.connections, refPrefix);
    figures = await mix(group.url, world, opts.seconds, opts.connections, refPrefix);
  } finally {
    // Stopped before the checks: an order still in flight when the load ends (p99 can be seconds on a slow
    // database) would otherwise commit between reading the stock and reading the orders, and look like a lost update.
    await group.stop();
  }
  return { name, figures, oversell: await oversellCheck(db, [...world.pool, ...world.scarce], refPrefix) };
}

function statusLine(o: SetupOutcome): string {
  const parts = [...o.figures.statuses].map(([step, byStatus]) => `${step} ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(' ')}`);
  return `${o.name}: ${parts.join('; ')}`;
}

export async function loadMixSection(opts: LoadMixOptions): Promise<SectionResult> {
  const outcomes: SetupOutcome[] = [];
  const notes: string[] = [];

  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-load-'));
  const file = join(dir, 'load.sqlite');
  const sqlite = openDatabase(file);
  try {
    const world = await prepare(sqlite, opts.products, opts.buyers, 'sqlite');
    outcomes.push(await runSetup('SQLite, 1 instance', file, sqlite, world, 1, opts, 'sqlite1'));
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const pg = await startBenchPostgres();
  if ('skipped' in pg) {
    notes.push(`PostgreSQL rows skipped: ${pg.skipped}`);
  } else {
    const db = openDatabase(pg.url);
    try {
      const world = await prepare(db, opts.products, opts.buyers, 'pg');
      if (PG_PROFILE) await resetStatementStats(db);
      outcomes.push(await runSetup('PostgreSQL, 1 instance', pg.url, db, world, 1, opts, 'pg1'));
      if (PG_PROFILE) notes.push('PostgreSQL 1 instance, statements by total time (BENCH_PG_PROFILE=1):', ...(await topStatements(db)));
      // The same stock again for the second run.
      const again: World = { ...world, pool: await variantPool(db, POOL_SIZE, POOL_STOCK), scarce: await variantPool(db, SCARCE_SIZE, SCARCE_STOCK, POOL_SIZE) };
      outcomes.push(await runSetup('PostgreSQL, 2 instances', pg.url, db, again, 2, opts, 'pg2'));
    } finally {
      await db.close();
      await pg.stop();
    }
  }

  const pg1 = outcomes.find((o) => o.name === 'PostgreSQL, 1 instance');
  const rows = [
    ['setup (all behind the round-robin proxy)', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', '5xx', 'conn errors', 'orders/s', 'zero 5xx', 'zero oversell', 'req/s vs PG 1 instance'],
    ...outcomes.map((o) => [
      o.name,
      o.figures.rps.toFixed(0),
      String(o.figures.p50),
      String(o.figures.p99),
      String(o.figures.non2xx),
      String(o.figures.s5xx),
      String(o.figures.errors),
      o.figures.ordersPerSecond.toFixed(1),
      o.figures.s5xx === 0 ? 'yes' : 'NO',
      oversellOk(o.oversell) ? 'yes' : 'NO',
      pg1 !== undefined && o.name.startsWith('PostgreSQL') ? ratio(o.figures.rps, pg1.figures.rps) : '-',
    ]),
  ];
  for (const o of outcomes) notes.push(`${o.name} oversell check: ${describeOversell(o.oversell)}`);
  notes.push('statuses per step (warm-up excluded):', ...outcomes.map(statusLine));
  notes.push(
    `${opts.connections} connections, ${opts.seconds} s each after a warm-up, ${opts.buyers} buyers, ${opts.products.toLocaleString('en')} products; a visit is ${STEPS.join(' → ')}`,
  );
  return { title: 'Load: shopper mix (browse, filter, product, cart, COD order)', rows, notes };
}
