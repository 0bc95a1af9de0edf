/**
 * The sections of `npm run bench` and which of them a run does (`--only a,b`; default all, in this order):
 *
 *   bundle     the first route's JavaScript, gzipped, against the 170 KB goal (bench/bundle.ts)
 *   catalogue  the API listing vs bare Fastify (also at a fixed rate), first sync, heap after browsing, offline cold
 *              start, worker cold start, listing query, index memory (bench/run.ts)
 *   languages  issue 22: the first sync with the six-language maps vs the same catalogue without them, storage
 *              (bench/first-sync-baseline.ts)
 *   firstsync  issue 25: the app's first sync against a raw Dexie bulkPut alone of the same documents (goal ≥ 0.6×)
 *              and the time until the catalogue opens offline, at 360, 5,000 and 50,000 products (bench/firstsync.ts)
 *   load       the shopper mix under load: SQLite 1 instance, PostgreSQL 1 and 2 instances (bench/load-mix.ts)
 *   checkout   COD orders per second on SQLite vs bare inserts and a no-op route (bench/checkout.ts)
 *   chat       1,000 sockets in one room, a message's send → receipt vs a bare ws broadcast (bench/chat-fanout.ts)
 *   seller     issue 23: a seller's CSV import of 5,000 rows on SQLite against the 10 s goal (bench/seller-import.ts)
 *   ledger     issue 24: a period of 100,000 delivered order lines booked and closed, on SQLite and PostgreSQL,
 *              against bare inserts of the same rows (bench/ledger-period.ts)
 *   firstvisit issue 25: Lighthouse mobile (median of 3 runs) on /, /products and a product page, first and repeat
 *              visit, against the goals; the bytes a first visit to / transfers before interactive and over 60 s
 *              and its main-thread long tasks, at 360 and 50,000 products (bench/firstvisit.ts)
 *
 * The load, checkout, chat and seller sections take their sizes from the environment (defaults in brackets):
 * BENCH_MIX_SECONDS [20], BENCH_MIX_CONNECTIONS [32], BENCH_MIX_BUYERS [200]; BENCH_CHECKOUT_ORDERS [5000],
 * BENCH_CHECKOUT_CONNECTIONS [50]; BENCH_CHAT_SOCKETS [1000], BENCH_CHAT_MESSAGES [100]; BENCH_SELLER_ROWS [5000]; BENCH_LEDGER_LINES [100000].
 * The firstsync section: BENCH_FIRSTSYNC_SIZES [360,5000,50000] (catalogue sizes, each its own server and profile).
 * The firstvisit section: BENCH_FIRSTVISIT_RUNS [3] (Lighthouse runs per page), BENCH_FIRSTVISIT_SECONDS [60] (each
 * byte-counting visit), BENCH_FIRSTVISIT_PRODUCTS [50000] (the larger catalogue); it starts servers of its own.
 * The load section seeds the run's product count (--products); checkout, chat and seller seed small catalogues
 * of their own.
 */
import { bundleSection } from './bundle';
import { checkoutSection } from './checkout';
import { chatFanoutSection } from './chat-fanout';
import { firstVisitSection } from './firstvisit';
import { ledgerPeriodSection } from './ledger-period';
import { loadMixSection } from './load-mix';
import { sellerImportSection } from './seller-import';
import { table } from './stats';

export interface SectionResult {
  title: string;
  /** A table: the first row is the header. */
  rows: string[][];
  /** Lines printed under the table (checks, skipped setups, what was measured). */
  notes: string[];
}

export const SECTIONS = ['bundle', 'catalogue', 'languages', 'firstsync', 'load', 'checkout', 'chat', 'seller', 'ledger', 'firstvisit'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** The sections named by `--only a,b` (all when absent); an unknown name is an error. */
export function selectedSections(argv: readonly string[]): Set<SectionName> {
  const flag = argv.indexOf('--only');
  if (flag < 0) return new Set(SECTIONS);
  const names = (argv[flag + 1] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(', ')}; got '${argv[flag + 1] ?? ''}'`);
  return new Set(names as SectionName[]);
}

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return n;
}

export function printSection(result: SectionResult): void {
  console.log(`\n${result.title}\n`);
  console.log(table(result.rows));
  for (const note of result.notes) console.log(note);
}

/** The bundle section, when selected (before the catalogue section, which needs the same build). */
export async function runBundleSection(selected: Set<SectionName>, root: string): Promise<void> {
  if (selected.has('bundle')) printSection(await bundleSection(root));
}

/** Runs the selected server sections (load, checkout, chat, seller, ledger), printing each as it ends. */
export async function runServerSections(selected: Set<SectionName>, products: number): Promise<void> {
  if (selected.has('load')) {
    printSection(
      await loadMixSection({
        products,
        seconds: envNumber('BENCH_MIX_SECONDS', 20),
        connections: envNumber('BENCH_MIX_CONNECTIONS', 32),
        buyers: envNumber('BENCH_MIX_BUYERS', 200),
      }),
    );
  }
  if (selected.has('checkout')) {
    printSection(await checkoutSection({ orders: envNumber('BENCH_CHECKOUT_ORDERS', 5_000), connections: envNumber('BENCH_CHECKOUT_CONNECTIONS', 50) }));
  }
  if (selected.has('chat')) {
    printSection(await chatFanoutSection({ sockets: envNumber('BENCH_CHAT_SOCKETS', 1_000), messages: envNumber('BENCH_CHAT_MESSAGES', 100) }));
  }
  if (selected.has('seller')) printSection(await sellerImportSection({ rows: envNumber('BENCH_SELLER_ROWS', 5_000) }));
  if (selected.has('ledger')) printSection(await ledgerPeriodSection({ lines: envNumber('BENCH_LEDGER_LINES', 100_000) }));
  if (selected.has('firstvisit')) {
    const firstVisit = await firstVisitSection({ runs: envNumber('BENCH_FIRSTVISIT_RUNS', 3), seconds: envNumber('BENCH_FIRSTVISIT_SECONDS', 60), bigProducts: envNumber('BENCH_FIRSTVISIT_PRODUCTS', 50_000) });
    for (const result of firstVisit) printSection(result);
  }
}
