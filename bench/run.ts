/**
 * npm run bench — Souk's speed and memory figures, each beside a baseline
 * measured in the same run, printed as ratios (no timed assertions anywhere).
 *
 *   BENCH_PRODUCTS=50000 npm run bench      (or: npm run bench -- --products 5000)
 *   npm run bench -- --only load,checkout,chat     (some sections only; see bench/sections.ts)
 *
 * Sections: `catalogue` (1–8 below), `languages` and `firstsync` (bench/first-sync-baseline.ts, bench/firstsync.ts),
 * then `load` (a shopper mix on 1 and 2 instances, bench/load-mix.ts),
 * `checkout` (COD orders per second on SQLite, bench/checkout.ts) and `chat` (1,000 sockets in one room,
 * bench/chat-fanout.ts); each server section says in its own header what it measures.
 *
 * 1. API throughput: GET /api/products/all (a filtered, sorted page) against a
 *    bare Fastify route on the same machine, same load generator, each server a
 *    process of its own (bench/api-load.ts), without and with a browser's
 *    Accept-Encoding.
 * 2. API at a fixed rate (BENCH_FIXED_RATE, default 1,000 req/s, open loop, each
 *    server a process of its own, the lean client of bench/lean-http-client.ts):
 *    achieved rate, p50, p99, failures, and the CPU the hypervisor took during
 *    the run (bench/cpu-steal.ts), listing vs bare route (bench/fixed-rate.ts;
 *    goal: p99 under 20 ms).
 * Every browser figure comes from one on-disk Chromium profile (an installed app's kind of storage).
 *
 * 3. First sync in Chromium: the real app, from first navigation until its sync
 *    indicator says 'live', against a raw fetch + Dexie bulkPut of the same
 *    documents in the same browser; then that baseline's halves apart (every
 *    page fetched into memory, then only the bulkPut, with the raw copy's
 *    indexes and with the primary key alone), the ceiling of any IndexedDB
 *    store on this machine.
 * 4. Memory after browsing: in the page that synced, then in a new tab (the
 *    catalogue stored), home, listings, filters, sorts, page 2, a search, a
 *    product, categories and back, then the JS heap of the page and of its data
 *    worker after a GC, against the 100 MB goal (bench/heap.ts).
 * 5. Offline cold start: the service worker installed, the network off,
 *    navigation start until /en/products holds 24 product cards, median and p95
 *    of BENCH_OFFLINE_RUNS (7), against the same offline navigation to the
 *    precached shell with scripts off (bench/offline-start.ts; goal: median
 *    under 500 ms).
 * 6. Worker cold start: from starting the app's data worker until its first
 *    listing query answers (worker script, RxDB open, the in-memory listing
 *    index built from the stored products), against reopening the raw Dexie
 *    copy and answering the same query.
 * 7. Listing query (category + colours + sizes + price range, sorted, page of
 *    24) through the app's data worker (comlink → listing index → documents by
 *    id), against the same query hand-written on raw Dexie over the same data:
 *    p50 and p95. Then a mix of 35 typical listings (every sort × home rows,
 *    categories, facets, search, a deep page) through the worker alone: raw
 *    Dexie has no hand-written answer for most of them.
 * 8. Memory of the listing index at this catalogue size: Chromium's heap after a
 *    GC, the index built the way the worker builds it (batch by batch from the
 *    pull endpoint, each batch dropped), against the documents' size as JSON
 *    (what keeping the documents themselves in memory would start at).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../src/server/app';
import { ensurePwaBuilt } from '../src/server/build/pwa-build';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { DEFAULT_DB_NAME } from '../src/db/database';
import type { ProductQuery } from '../src/domain/catalog';
import type { ListingIndexStatus } from '../src/workers/data-api';
import { bundleForBrowser as bundle } from './browser-bundle';
import { apiLoadNote, apiLoadRows, apiLoadRun } from './api-load';
import { browseAndMeasureHeap, heapInNewTab, heapNote, heapRows, LIVE } from './heap';
import { benchQuery, LISTING_MIX, type BenchListingQuery } from './listing-query';
import { measureOfflineStart, offlineStartRows } from './offline-start';
import { printSection, runBundleSection, runServerSections, selectedSections } from './sections';
import { languagesSection, STORAGE_BEFORE_TEXTS } from './first-sync-baseline';
import { firstSyncSection } from './firstsync';
import { parseSizes } from './firstsync-figures';
import { percentile, ratio, table } from './stats';

const root = resolve(import.meta.dirname, '..');
const products = readProductCount();
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 60);
const WARMUPS = 6;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE ?? 1_000);
const OFFLINE_RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 7);

function readProductCount(): number {
  const flag = process.argv.indexOf('--products');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_PRODUCTS;
  const n = Number(raw ?? 50_000);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--products must be a positive whole number, got ${raw}`);
  return n;
}

function dataWorkerAsset(): string {
  const assets = readdirSync(join(root, 'dist', 'assets'));
  const worker = assets.find((f) => /^data-worker[-.].*\.js$/.test(f));
  if (!worker) throw new Error(`no data-worker bundle in dist/assets (have: ${assets.join(', ')})`);
  return `/assets/${worker}`;
}

async function timeQueries(
  page: Page,
  target: '__appWorkerBench' | '__rawDexieBench',
  warmups: number,
): Promise<{ p50: number; p95: number; results: Array<{ ids: string[]; total: number }> }> {
  // No named functions inside evaluate: tsx's keepNames would reference a __name helper the page lacks.
  const queries: BenchListingQuery[] = Array.from({ length: warmups + QUERY_RUNS }, (_, i) => benchQuery(i));
  const { times, results } = await page.evaluate(
    async ({ target, queries, warmups }) => {
      const api = (globalThis as unknown as Record<string, { query(q: unknown): Promise<{ ids: string[]; total: number }> }>)[
        target
      ];
      if (!api) throw new Error(`${target} missing`);
      const results = [];
      const times: number[] = [];
      for (let i = 0; i < queries.length; i++) {
        const t0 = performance.now();
        const result = await api.query(queries[i]);
        if (i < warmups) results.push(result);
        else times.push(performance.now() - t0);
      }
      return { times, results };
    },
    { target, queries, warmups },
  );
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), results };
}

type Answer = { ids: string[]; total: number };

/** p50/p95 of the listing mix through the app's worker (after one untimed pass). */
async function timeMix(page: Page): Promise<{ p50: number; p95: number }> {
  const queries: ProductQuery[] = [...LISTING_MIX, ...LISTING_MIX];
  const times = await page.evaluate(
    async ({ queries, untimed }) => {
      const api = (globalThis as unknown as { __appWorkerBench: { queryAny(q: unknown): Promise<unknown> } }).__appWorkerBench;
      const times: number[] = [];
      for (let i = 0; i < queries.length; i++) {
        const t0 = performance.now();
        await api.queryAny(queries[i]);
        if (i >= untimed) times.push(performance.now() - t0);
      }
      return times;
    },
    { queries, untimed: LISTING_MIX.length },
  );
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function catalogue(): Promise<void> {
  console.log(`Souk benchmark: ${products.toLocaleString('en')} products\n`);
  await ensurePwaBuilt(root, { log: (line) => console.log(line) });

  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-'));
  const dbFile = join(dir, 'bench.sqlite');
  const db = openDatabase(dbFile);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  // One on-disk profile, as an installed PWA has. Not an incognito context (browser.newContext()): Chromium
  // 150's in-memory IndexedDB slows down as it fills (500-document put transactions: 2,196 docs/s for the
  // first 10,000, 554 for the fourth 10,000), which no installed app meets; an on-disk profile on the same
  // machine held 5,029 → 3,788. App and baselines share the profile, so their ratios stay like for like.
  const profile = mkdtempSync(join(tmpdir(), 'souk-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    await migrateToLatest(db);
    let t0 = performance.now();
    const seeded = await seedDemo(db, { products });
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`seeded ${JSON.stringify(seeded)} in ${seedSeconds.toFixed(1)} s\n`);

    app = await buildApp({ db, staticDir: join(root, 'dist'), logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // 1. API throughput (closed loop), each after a short warm-up; 2. the same listing at a fixed rate.
    const listingPath = '/api/products/all?category=women&colors=red,blue&sizes=M,L&minPrice=200&maxPrice=1500&sort=price-low-high&per_page=24';
    const api = await apiLoadRun(dbFile, listingPath, FIXED_RATE, LOAD_SECONDS);

    // 3. First sync through the real app.
    const appPage = await context.newPage();
    t0 = performance.now();
    await appPage.goto(base);
    await appPage.waitForSelector(LIVE, { timeout: 30 * 60_000, state: 'attached' });
    const syncMs = performance.now() - t0;
    const appStorage = await appPage.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    // Memory after browsing in the page that synced, then the offline cold start (same context: its service worker).
    const heap = [await browseAndMeasureHeap(context, appPage, 'the tab that synced')];
    await appPage.close();
    heap.push(await heapInNewTab(context, base));
    const offline = await measureOfflineStart(context, base, OFFLINE_RUNS);

    // Baseline: raw fetch + Dexie on a same-origin page that doesn't boot the app.
    const benchPage = await context.newPage();
    await benchPage.goto(`${base}/api/health`);
    await benchPage.addScriptTag({ content: await bundle('bench/browser/raw-dexie.ts') });
    await benchPage.addScriptTag({ content: await bundle('bench/browser/app-worker.ts') });
    const raw = await benchPage.evaluate(async (apiBase) => {
      const bench = (globalThis as unknown as { __rawDexieBench: { load(b: string): Promise<{ docs: number; ms: number }> } })
        .__rawDexieBench;
      return bench.load(apiBase);
    }, base);
    const totalStorage = await benchPage.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const rawParts = await benchPage.evaluate(async (apiBase) => {
      const bench = (
        globalThis as unknown as { __rawDexieBench: { parts(b: string): Promise<{ docs: number; fetchMs: number; putMs: number; keyOnlyPutMs: number }> } }
      ).__rawDexieBench;
      return bench.parts(apiBase);
    }, base);

    // 6. Cold start, raw Dexie first (its copy is open in this page), then the app's worker on the database the app synced.
    const first = benchQuery(0);
    const rawCold = await benchPage.evaluate(async (q) => {
      const bench = (globalThis as unknown as { __rawDexieBench: { coldStart(q: unknown): Promise<{ ms: number; answer: Answer }> } })
        .__rawDexieBench;
      return bench.coldStart(q);
    }, first);
    const appCold = await benchPage.evaluate(
      async ({ url, name, q }) => {
        const bench = (
          globalThis as unknown as {
            __appWorkerBench: { coldStart(u: string, n: string, q: unknown): Promise<{ ms: number; answer: Answer; index: ListingIndexStatus }> };
          }
        ).__appWorkerBench;
        return bench.coldStart(url, name, q);
      },
      { url: dataWorkerAsset(), name: DEFAULT_DB_NAME, q: first },
    );

    // 7. The listing query on both, then the mix on the app's worker.
    const appQuery = await timeQueries(benchPage, '__appWorkerBench', WARMUPS);
    const rawQuery = await timeQueries(benchPage, '__rawDexieBench', WARMUPS);
    const sameAnswers =
      JSON.stringify(appQuery.results) === JSON.stringify(rawQuery.results) &&
      JSON.stringify(appCold.answer) === JSON.stringify(rawCold.answer);
    const mix = await timeMix(benchPage);

    // 8. Memory of the listing index in Chromium: heap after a GC around build(), in a fresh page.
    const memoryPage = await context.newPage();
    await memoryPage.goto(`${base}/api/health`);
    await memoryPage.addScriptTag({ content: await bundle('bench/browser/index-memory.ts') });
    type MemoryBench = { fetchAll(b: string): Promise<number>; build(): { entries: number; approxBytes: number } };
    const jsonBytes = await memoryPage.evaluate(
      (apiBase) => (globalThis as unknown as { __indexMemoryBench: MemoryBench }).__indexMemoryBench.fetchAll(apiBase),
      base,
    );
    const cdp = await context.newCDPSession(memoryPage);
    const heapUsed = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const heapBefore = await heapUsed();
    const built = await memoryPage.evaluate(() => (globalThis as unknown as { __indexMemoryBench: MemoryBench }).__indexMemoryBench.build());
    const memory = { ...built, jsonBytes, indexBytes: (await heapUsed()) - heapBefore };

    const serverDocs = raw.docs;
    console.log(
      table([
        ['figure', 'Souk', 'baseline', 'ratio (Souk / baseline)'],
        ...apiLoadRows(api),
        ['first sync s (app) vs raw fetch+Dexie load', (syncMs / 1000).toFixed(2), (raw.ms / 1000).toFixed(2), ratio(syncMs, raw.ms)],
        ['first sync products/s', (serverDocs / (syncMs / 1000)).toFixed(0), (serverDocs / (raw.ms / 1000)).toFixed(0), ratio(raw.ms, syncMs)],
        ['  the ceiling, products/s: the pull alone (fetch + parse, in memory) vs raw Dexie bulkPut alone', (rawParts.docs / (rawParts.fetchMs / 1000)).toFixed(0), (rawParts.docs / (rawParts.putMs / 1000)).toFixed(0), 'n/a'],
        // The goal's other reading: the app's whole first sync (fetch included) against the bulkPut alone.
        ['  first sync products/s vs raw Dexie bulkPut alone (no fetch)', (serverDocs / (syncMs / 1000)).toFixed(0), (rawParts.docs / (rawParts.putMs / 1000)).toFixed(0), ratio(rawParts.putMs / rawParts.docs, syncMs / serverDocs)],
        ['  first sync products/s vs raw Dexie bulkPut alone, primary key only (no index, no fetch)', (serverDocs / (syncMs / 1000)).toFixed(0), (rawParts.docs / (rawParts.keyOnlyPutMs / 1000)).toFixed(0), ratio(rawParts.keyOnlyPutMs / rawParts.docs, syncMs / serverDocs)],
        ['listing query p50 ms (worker: listing index + page by id, vs raw Dexie)', appQuery.p50.toFixed(2), rawQuery.p50.toFixed(2), ratio(appQuery.p50, rawQuery.p50)],
        ['listing query p95 ms', appQuery.p95.toFixed(2), rawQuery.p95.toFixed(2), ratio(appQuery.p95, rawQuery.p95)],
        ['cold start ms: worker start → first listing (index build) vs Dexie reopen → same query', appCold.ms.toFixed(0), rawCold.ms.toFixed(0), ratio(appCold.ms, rawCold.ms)],
        ...offlineStartRows(offline),
        ['listing mix p50 ms (35: 5 sorts × 7 filters, search incl.), worker only', mix.p50.toFixed(2), '-', 'n/a'],
        ['listing mix p95 ms', mix.p95.toFixed(2), '-', 'n/a'],
        ['listing index memory MB (Chromium heap) vs the documents as JSON', (memory.indexBytes / 1e6).toFixed(1), (memory.jsonBytes / 1e6).toFixed(1), ratio(memory.indexBytes, memory.jsonBytes)],
        ...heap.flatMap(heapRows),
        ['IndexedDB storage MB (app vs raw copy)', (appStorage / 1e6).toFixed(1), ((totalStorage - appStorage) / 1e6).toFixed(1), ratio(appStorage, totalStorage - appStorage)],
        [
          `  IndexedDB bytes per product (app) vs before issue 22 (${STORAGE_BEFORE_TEXTS.bytes / 1e6} MB at ${STORAGE_BEFORE_TEXTS.products.toLocaleString('en')}; budget ${STORAGE_BEFORE_TEXTS.budget}×)`,
          (appStorage / serverDocs).toFixed(0),
          (STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products).toFixed(0),
          ratio(appStorage / serverDocs, STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products),
        ],
      ]),
    );
    console.log(`\nlisting answers agree (ids and totals of the cold and warm-up queries, app vs raw Dexie): ${sameAnswers ? 'yes' : 'NO'} ${JSON.stringify(appQuery.results.map((r) => r.total))}`);
    const idx = appCold.index;
    console.log(
      `listing index in the worker at its first answer: ${idx.state}, ${idx.entries.toLocaleString('en')} entries, ready by ${idx.readyBy ?? '?'} in ${idx.readyMs?.toFixed(0) ?? '?'} ms${idx.snapshotNote ? ` (snapshot ${idx.snapshotNote})` : ''}, last build ${idx.buildMs?.toFixed(0) ?? '?'} ms (${idx.buildReadMs?.toFixed(0) ?? '?'} ms of it reading storage), its own estimate ${(idx.approxBytes / 1e6).toFixed(1)} MB; measured in Chromium: ${memory.entries.toLocaleString('en')} entries, ${Math.round(memory.indexBytes / memory.entries)} bytes each (estimate ${(memory.approxBytes / 1e6).toFixed(1)} MB)`,
    );
    console.log(`offline runs, ms (app; shell): ${offline.app.map((ms) => ms.toFixed(0)).join(' ')}; ${offline.baseline.map((ms) => ms.toFixed(0)).join(' ')}; the sync indicator said '${offline.phase}'`);
    for (const h of heap) console.log(heapNote(h));
    console.log(apiLoadNote(api));
    console.log(`bench process RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB; seed ${seedSeconds.toFixed(1)} s; query runs ${QUERY_RUNS}`);
  } finally {
    await context.close();
    await app?.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const selected = selectedSections(process.argv);
  await runBundleSection(selected, root);
  if (selected.has('catalogue')) await catalogue();
  if (selected.has('languages')) printSection(await languagesSection(root, products));
  if (selected.has('firstsync')) printSection(await firstSyncSection(root, parseSizes(process.env.BENCH_FIRSTSYNC_SIZES)));
  await runServerSections(selected, products);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
