/**
 * The `firstvisit` section (issue 25's measurement): what a shopper's first visit costs, on the server `npm start`
 * runs (bench/firstvisit-server.ts), in Debian's Chromium.
 *
 * 1. Lighthouse 12 with its mobile defaults (emulated phone, simulated slow 4G, 4× CPU slowdown) on `/`,
 *    `/products` and a seeded product's page, at the demo's 360 products: a first visit with storage cleared
 *    (Lighthouse's own reset), BENCH_FIRSTVISIT_RUNS [3] runs each, the median and the spread of the performance
 *    score, TBT, LCP, CLS, FCP and the accessibility, best-practices and SEO scores beside the issue's goals. Then
 *    a repeat visit: one ordinary load of `/` in the same Chrome (Playwright over CDP) until the service worker
 *    controls the page and the sync is live, the two other pages opened once, then the same runs with
 *    `disableStorageReset` (service worker, caches and IndexedDB kept): LCP against the 1.0 s goal.
 * 2. Bytes a first visit to `/` transferred (a fresh on-disk profile, a phone's viewport, no throttling), counted
 *    by a proxy in front of the server (bench/firstvisit-proxy.ts): every response as sent, headers included,
 *    whoever asked (page, data worker, service worker). (a) Until the page is interactive: from the largest
 *    contentful paint (Chromium's "content painted"), the end of the last long task before 5 s without one
 *    (Lighthouse's TTI without its network condition); (b) over the first BENCH_FIRSTVISIT_SECONDS [60] s. At 360
 *    products and at BENCH_FIRSTVISIT_PRODUCTS [50000] (a second server seeded with SEED_PRODUCTS). The page
 *    target's own bytes (CDP Network.loadingFinished encodedDataLength) are printed beside, so the workers' share
 *    shows.
 * 3. Long tasks (> 50 ms, PerformanceObserver 'longtask' from an init script) on the main thread in the same
 *    visits: count, longest, and those while the first sync ran (from its first pulled byte until the sync
 *    indicator says live).
 *
 * One run per catalogue size for 2 and 3; the machine is shared, so every figure is noisy: the spreads say how much.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { bytesByKind, bytesUntil, changesWhile, goalMet, interactiveAt, kB, median, spread, type Goal, type Task } from './firstvisit-figures';
import { startCountingProxy } from './firstvisit-proxy';
import { firstProductId, launchLighthouseChrome, startSoukServer } from './firstvisit-server';
import { LIVE } from './heap';
import type { SectionResult } from './sections';

export interface FirstVisitOptions {
  /** Lighthouse runs per page and visit kind. */
  runs: number;
  /** How long each byte-counting visit lasts. */
  seconds: number;
  /** The larger catalogue of the byte and long-task figures. */
  bigProducts: number;
}

const DEMO_PRODUCTS = 360;
const QUIET_MS = 5_000;
/** Issue 25: a screen re-renders at most once per this while a sync runs. */
const CHANGE_WINDOW_MS = 500;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface Metric {
  label: string;
  goal: Goal | null;
  goalText: string;
  digits: number;
  read(lhr: LighthouseResult): number;
}

const score = (id: string) => (lhr: LighthouseResult) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
const audit = (id: string, scale = 1) => (lhr: LighthouseResult) => (lhr.audits[id]?.numericValue ?? NaN) / scale;

const METRICS: Metric[] = [
  { label: 'performance score', goal: { min: 95 }, goalText: '≥ 95', digits: 0, read: score('performance') },
  { label: 'total blocking time ms', goal: { below: 200 }, goalText: '< 200', digits: 0, read: audit('total-blocking-time') },
  { label: 'largest contentful paint s', goal: { below: 2 }, goalText: '< 2.0', digits: 2, read: audit('largest-contentful-paint', 1000) },
  { label: 'cumulative layout shift', goal: { below: 0.05 }, goalText: '< 0.05', digits: 3, read: audit('cumulative-layout-shift') },
  { label: 'first contentful paint s', goal: null, goalText: '-', digits: 2, read: audit('first-contentful-paint', 1000) },
  { label: 'accessibility score', goal: { min: 100 }, goalText: '100', digits: 0, read: score('accessibility') },
  { label: 'best practices score', goal: { min: 100 }, goalText: '100', digits: 0, read: score('best-practices') },
  { label: 'SEO score', goal: { min: 100 }, goalText: '100', digits: 0, read: score('seo') },
];
const REPEAT_LCP: Metric = { label: 'repeat visit: largest contentful paint s', goal: { below: 1 }, goalText: '< 1.0', digits: 2, read: audit('largest-contentful-paint', 1000) };

async function lighthouseRuns(url: string, port: number, runs: number, disableStorageReset: boolean, problems: string[]): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  // A run Lighthouse reports as failed (a runtime error: say, the page answered 404 while another process rebuilt
  // dist/) is left out and said in the notes; up to two such runs are made up for.
  for (let i = 0; results.length < runs && i < runs + 2; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) problems.push(`${url} run ${i + 1} left out: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    else results.push(result.lhr);
  }
  return results;
}

function metricRow(metric: Metric, page: string, lhrs: readonly LighthouseResult[]): string[] {
  const values = lhrs.map((lhr) => metric.read(lhr)).filter((v) => Number.isFinite(v));
  const m = median(values);
  const met = metric.goal === null ? '-' : goalMet(m, metric.goal) ? 'met' : 'missed';
  return [metric.label, page, Number.isFinite(m) ? m.toFixed(metric.digits) : 'n/a', `${spread(values, metric.digits)} (${values.length})`, metric.goalText, met];
}

/** Opens `/` in the Lighthouse Chrome until its service worker controls it and the sync is live, then `others`. */
async function installApp(chromePort: number, base: string, others: readonly string[], notes: string[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the Lighthouse Chrome has no browser context');
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    const live = await page
      .waitForSelector(LIVE, { state: 'attached', timeout: 300_000 })
      .then(() => true)
      .catch(() => false);
    if (!live) notes.push('repeat visit: the sync was not live within 5 min of the first load; the repeat runs went ahead');
    for (const other of others) await page.goto(`${base}${other}`, { waitUntil: 'load' });
    await page.close();
  } finally {
    await browser.close(); // over CDP: disconnects, the browser stays up for Lighthouse
  }
}

async function lighthouseTable(base: string, runs: number): Promise<SectionResult> {
  const pages = ['/', '/products', `/products/${await firstProductId(base)}`];
  const notes: string[] = [];
  const problems: string[] = [];
  let version = '?';
  const rows: string[][] = [['figure', 'page', 'median', 'spread (runs)', 'goal', 'met']];
  const load = loadavg()[0] ?? NaN;
  const chrome = await launchLighthouseChrome();
  try {
    const first = new Map<string, LighthouseResult[]>();
    for (const page of pages) {
      console.log(`firstvisit: Lighthouse, first visit to ${page} × ${runs}`);
      first.set(page, await lighthouseRuns(`${base}${page}`, chrome.port, runs, false, problems));
    }
    version = first.get('/')?.[0]?.lighthouseVersion ?? version;
    for (const metric of METRICS) for (const page of pages) rows.push(metricRow(metric, page, first.get(page) ?? []));
    await installApp(chrome.port, base, pages.slice(1), notes);
    for (const page of pages) {
      console.log(`firstvisit: Lighthouse, repeat visit to ${page} × ${runs}`);
      rows.push(metricRow(REPEAT_LCP, page, await lighthouseRuns(`${base}${page}`, chrome.port, runs, true, problems)));
    }
    const lcpElement = (first.get('/') ?? []).map((lhr) => {
      const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
      return details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
    });
    notes.push(`LCP element on / (first visits): ${[...new Set(lcpElement)].join(' | ')}`);
  } finally {
    chrome.kill();
  }
  notes.push(
    `Lighthouse ${version} mobile defaults (simulated slow 4G, 4× CPU), ${runs} runs per page and visit, at ${DEMO_PRODUCTS} products; median nearest-rank, spread min–max.`,
    `This machine's load average (1 min) when the runs began: ${load.toFixed(1)} on ${availableParallelism()} cores; Lighthouse's simulated times scale with the CPU time the page's tasks took.`,
    'First visits: storage cleared by Lighthouse before each run. Repeat visits: after one ordinary load of / (service worker in control, sync live) and of the other two pages, runs with disableStorageReset on the same Chrome.',
    ...problems.map((p) => `Lighthouse runtime error: ${p}`),
  );
  return { title: 'First visit (issue 25): Lighthouse mobile', rows, notes };
}

interface VisitFigures {
  products: number;
  dataSaver: boolean;
  /** The content's changes while the first sync ran (null: no sync ran). */
  syncChanges: ReturnType<typeof changesWhile> | null;
  interactive: number | null;
  content: number | null;
  bytesInteractive: number | null;
  bytesTotal: number;
  pageBytes: number;
  kinds: Array<[string, number]>;
  requests: Map<string, number>;
  liveAt: number | null;
  longTasks: Task[];
  syncTasks: Task[];
  seconds: number;
  /** Why the init script could not observe long tasks or LCP, if it could not. */
  observerError: string | null;
}

/** Runs in every document before its scripts: long tasks, LCP candidates and content changes, kept for the bench to read. */
const OBSERVE = `(() => {
  const seen = { longTasks: [], lcp: [], changes: [] };
  Object.defineProperty(window, '__firstVisit', { value: seen });
  // Each commit that changes the page's content (the DOM under <main>) is one MutationObserver callback.
  new MutationObserver((records) => {
    const inMain = (r) => { const el = r.target.nodeType === 1 ? r.target : r.target.parentElement; return el !== null && el.closest('main') !== null; };
    if (records.some(inMain)) seen.changes.push(performance.now());
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.lcp.push(e.startTime); }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) { seen.error = String(e); }
})();`;

/** A phone with data saving on (navigator.connection.saveData), as the app reads it at start. */
const DATA_SAVER = `Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }) });`;

async function visit(base: string, products: number, seconds: number, dataSaver = false): Promise<VisitFigures> {
  console.log(`firstvisit: a first visit to / at ${products.toLocaleString('en')} products${dataSaver ? ', data saving on' : ''}, ${seconds} s`);
  const proxy = await startCountingProxy(base);
  const profile = mkdtempSync(join(tmpdir(), 'souk-bench-firstvisit-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: OBSERVE });
    if (dataSaver) await context.addInitScript({ content: DATA_SAVER });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    let pageBytes = 0;
    cdp.on('Network.loadingFinished', (e) => {
      pageBytes += e.encodedDataLength;
    });
    await cdp.send('Network.enable');
    const live = page.waitForSelector(LIVE, { state: 'attached', timeout: seconds * 1000 + 5_000 }).then(
      () => Date.now(),
      () => null,
    );
    await page.goto(`${proxy.url}/`, { waitUntil: 'commit' });
    const origin = await page.evaluate(() => performance.timeOrigin);
    const until = origin + seconds * 1000;
    await page.waitForTimeout(Math.max(0, until - Date.now()));
    const seen = await page.evaluate(
      () => (window as unknown as { __firstVisit: { longTasks: Task[]; lcp: number[]; changes: number[]; error?: string } }).__firstVisit,
    );
    const liveAt = await Promise.race([live, Promise.resolve(null)]);
    const samples = proxy.samples();
    const longTasks = seen.longTasks.map((t) => ({ start: origin + t.start, duration: t.duration })).filter((t) => t.start <= until);
    const content = seen.lcp.length > 0 ? origin + Math.max(...seen.lcp) : null;
    const interactive = content === null ? null : interactiveAt(content, longTasks, QUIET_MS, until);
    const syncStart = Math.min(...samples.filter((s) => s.kind === 'sync (data worker)').map((s) => s.at));
    const syncEnd = liveAt ?? until;
    const changes = seen.changes.map((t) => origin + t);
    return {
      products,
      dataSaver,
      syncChanges: Number.isFinite(syncStart) ? changesWhile(changes, syncStart, syncEnd, CHANGE_WINDOW_MS) : null,
      content: content === null ? null : content - origin,
      interactive: interactive === null ? null : interactive - origin,
      bytesInteractive: interactive === null ? null : bytesUntil(samples, interactive),
      bytesTotal: bytesUntil(samples, until),
      pageBytes,
      kinds: bytesByKind(samples, until),
      requests: proxy.requests(),
      liveAt: liveAt === null || liveAt > until ? null : liveAt - origin,
      longTasks,
      syncTasks: longTasks.filter((t) => t.start + t.duration > syncStart && t.start < syncEnd),
      seconds,
      observerError: seen.error ?? null,
    };
  } finally {
    await context.close();
    await proxy.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const seconds = (ms: number | null) => (ms === null ? 'not reached' : `${(ms / 1000).toFixed(1)} s`);
const longest = (tasks: readonly Task[]) => (tasks.length === 0 ? '0' : Math.max(...tasks.map((t) => t.duration)).toFixed(0));

function bytesTable(visits: readonly VisitFigures[]): SectionResult {
  const s = visits[0]?.seconds ?? 0;
  const col = (f: (v: VisitFigures) => string) => visits.map(f);
  const rows: string[][] = [
    ['figure (a first visit to /, one run each)', ...visits.map((v) => `${v.products.toLocaleString('en')} products${v.dataSaver ? ', data saving' : ''}`), 'goal'],
    ['content painted (last LCP candidate), after navigation', ...col((v) => seconds(v.content)), '-'],
    [`interactive (content painted, then ${QUIET_MS / 1000} s without a long task)`, ...col((v) => seconds(v.interactive)), '-'],
    ['bytes transferred before interactive', ...col((v) => (v.bytesInteractive === null ? 'n/a' : kB(v.bytesInteractive))), '-'],
    [`bytes transferred over the first ${s} s`, ...col((v) => kB(v.bytesTotal)), '-'],
    [`  of which the sync (data worker; requests)`, ...col((v) => `${kB(v.kinds.find(([k]) => k === 'sync (data worker)')?.[1] ?? 0)} (${v.requests.get('sync (data worker)') ?? 0})`), '-'],
    [`  the page target's own (CDP encodedDataLength, no workers)`, ...col((v) => kB(v.pageBytes)), '-'],
    ['sync live, after navigation', ...col((v) => seconds(v.liveAt)), '-'],
    [`main-thread long tasks > 50 ms in ${s} s (longest ms)`, ...col((v) => `${v.longTasks.length} (${longest(v.longTasks)})`), '-'],
    ['  of them while the first sync ran (longest ms)', ...col((v) => `${v.syncTasks.length} (${longest(v.syncTasks)})`), '0'],
    [`  blocking time: the sum of each long task's time past 50 ms, ms`, ...col((v) => v.longTasks.reduce((sum, t) => sum + t.duration - 50, 0).toFixed(0)), '-'],
    [
      `content changes (commits under <main>) while the first sync ran: count, most in ${CHANGE_WINDOW_MS} ms, shortest gap ms`,
      ...col((v) => (v.syncChanges === null ? 'no sync' : `${v.syncChanges.count}, ${v.syncChanges.most}, ${v.syncChanges.shortestGap?.toFixed(0) ?? '-'}`)),
      `most ≤ 1`,
    ],
  ];
  const notes = visits.flatMap((v) => (v.observerError === null ? [] : [`${v.products} products: the long-task/LCP observer failed: ${v.observerError}`]));
  notes.push(...visits.map((v) => `${v.products.toLocaleString('en')} products, bytes by kind over ${s} s: ${v.kinds.map(([k, b]) => `${k} ${kB(b)} (${v.requests.get(k) ?? 0})`).join(', ')}`));
  notes.push(
    'Counted by a proxy in front of the server (every response as sent, compressed, headers included, whoever asked: page, data worker, service worker); a fresh on-disk profile, a 412×823 phone viewport, no network or CPU throttling (this shared machine\'s CPU).',
    `Interactive: from the largest contentful paint, the end of the last long task before ${QUIET_MS / 1000} s without one (Lighthouse's TTI without its network condition). "While the first sync ran": from its first pulled byte until the sync indicator said live (or the end).`,
  );
  return { title: 'First visit (issue 25): bytes and long tasks', rows, notes };
}

export async function firstVisitSection(opts: FirstVisitOptions): Promise<SectionResult[]> {
  const visits: VisitFigures[] = [];
  const demo = await startSoukServer({ products: DEMO_PRODUCTS });
  let lighthouseResult: SectionResult;
  try {
    lighthouseResult = await lighthouseTable(demo.base, opts.runs);
    visits.push(await visit(demo.base, DEMO_PRODUCTS, opts.seconds));
  } finally {
    await demo.stop();
  }
  const big = await startSoukServer({ products: opts.bigProducts });
  try {
    visits.push(await visit(big.base, opts.bigProducts, opts.seconds));
    // The same first visit on a phone with data saving on: the catalogue mode 'viewed' (only what is shown is stored).
    visits.push(await visit(big.base, opts.bigProducts, opts.seconds, true));
  } finally {
    await big.stop();
  }
  return [lighthouseResult, bytesTable(visits)];
}
