/**
 * Issue 25's first-sync goals, at each of BENCH_FIRSTSYNC_SIZES (default 360, 5,000 and 50,000 products), each size
 * with a freshly seeded server of its own (in process, over its own SQLite file) and a fresh on-disk Chromium profile
 * (an installed app's kind of storage, as the catalogue section):
 *
 * - The app's first sync: from the first navigation to `/` until the sync indicator says live (bench/heap.ts LIVE),
 *   and its products per second, against the raw Dexie bulkPut alone of the same documents in the same profile (the
 *   pull pages fetched into memory first, with `lang` as the app pulls them, then only bulkPut into a fresh copy with
 *   the raw copy's listing indexes: bench/browser/raw-dexie.ts `parts`); the ratio app ÷ raw against the ≥ 0.6× goal.
 * - Time until offline-ready: from the same navigation until both the sync is live and the service worker controls
 *   the page (navigator.serviceWorker.controller set: the precache is installed), against the raw copy's fetch +
 *   bulkPut alone. It is then checked for real: the network off (context.setOffline), a new page of /products must
 *   be answered by the service worker and draw product cards (their count is printed), then the network back on.
 *
 * Figures only, beside the same run's baseline; nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { buildApp } from '../src/server/app';
import { ensurePwaBuilt } from '../src/server/build/pwa-build';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { bundleForBrowser } from './browser-bundle';
import { CARD_SELECTOR } from './browser/product-cards';
import { firstSyncFigures, firstSyncRows, FIRST_SYNC_GOAL, type FirstSyncMeasure } from './firstsync-figures';
import { LIVE } from './heap';
import type { SectionResult } from './sections';

/** The app's language on a first visit to `/` (no cookie, no Accept-Language match): Darija; its products pull asks for it. */
const APP_LANGUAGE = 'ma';
const TIMEOUT_MS = 30 * 60_000;

interface RawParts {
  docs: number;
  fetchMs: number;
  putMs: number;
  keyOnlyPutMs: number;
}

/** Navigation → live and navigation → controlled, on the bench's clock, both awaited together. */
async function firstVisit(page: Page, base: string): Promise<{ liveMs: number; controlledMs: number }> {
  const t0 = performance.now();
  await page.goto(base);
  const [liveMs, controlledMs] = await Promise.all([
    page.waitForSelector(LIVE, { timeout: TIMEOUT_MS, state: 'attached' }).then(() => performance.now() - t0),
    page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT_MS, polling: 50 })
      .then(() => performance.now() - t0),
  ]);
  return { liveMs, controlledMs };
}

/** With the network off, a new page of /products from the service worker: the product cards it draws. */
async function offlineCards(context: BrowserContext, base: string): Promise<number> {
  await context.setOffline(true);
  const page = await context.newPage();
  try {
    const response = await page.goto(`${base}/products`, { timeout: 120_000 });
    if (!response?.fromServiceWorker()) throw new Error('the offline navigation to /products was not answered by the service worker');
    await page.waitForSelector(CARD_SELECTOR, { state: 'attached', timeout: 120_000 });
    return await page.locator(CARD_SELECTOR).count();
  } finally {
    await page.close();
    await context.setOffline(false);
  }
}

/** The raw copy's halves in a same-origin page that does not boot the app. */
async function rawParts(context: BrowserContext, base: string): Promise<RawParts> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/api/health`);
    await page.addScriptTag({ content: await bundleForBrowser('bench/browser/raw-dexie.ts') });
    return await page.evaluate(
      async ({ apiBase, lang }) => {
        const bench = (globalThis as unknown as { __rawDexieBench: { parts(b: string, l: string): Promise<RawParts> } }).__rawDexieBench;
        return bench.parts(apiBase, lang);
      },
      { apiBase: base, lang: APP_LANGUAGE },
    );
  } finally {
    await page.close();
  }
}

/** One size: its own seeded server and fresh profile. */
async function measureSize(staticDir: string, products: number): Promise<FirstSyncMeasure & { seedSeconds: number; keyOnlyPutMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-firstsync-'));
  const db = openDatabase(join(dir, 'firstsync.sqlite'));
  const profile = mkdtempSync(join(tmpdir(), 'souk-bench-firstsync-profile-'));
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let context: BrowserContext | null = null;
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    await seedDemo(db, { products });
    const seedSeconds = (performance.now() - t0) / 1000;
    app = await buildApp({ db, staticDir, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
    const page = await context.newPage();
    const visit = await firstVisit(page, base);
    const cards = await offlineCards(context, base);
    await page.close();
    const raw = await rawParts(context, base);
    return {
      products,
      ...visit,
      rawPutMs: raw.putMs,
      rawFetchMs: raw.fetchMs,
      rawDocs: raw.docs,
      offlineCards: cards,
      seedSeconds,
      keyOnlyPutMs: raw.keyOnlyPutMs,
    };
  } finally {
    await context?.close();
    await app?.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The `firstsync` section. */
export async function firstSyncSection(root: string, sizes: readonly number[]): Promise<SectionResult> {
  await ensurePwaBuilt(root, { log: (line) => console.log(line) });
  const staticDir = join(root, 'dist');
  const rows: string[][] = [['figure', 'Souk', 'baseline', 'ratio (Souk / baseline)']];
  const notes: string[] = [];
  for (const products of sizes) {
    const m = await measureSize(staticDir, products);
    rows.push(...firstSyncRows(m));
    const f = firstSyncFigures(m);
    notes.push(
      `${products.toLocaleString('en')}: live ${(m.liveMs / 1000).toFixed(2)} s, service worker in control ${(m.controlledMs / 1000).toFixed(2)} s; ` +
        `raw pull (fetch + parse) ${(m.rawFetchMs / 1000).toFixed(2)} s, bulkPut alone ${(m.rawPutMs / 1000).toFixed(2)} s, primary key only ${(m.keyOnlyPutMs / 1000).toFixed(2)} s ` +
        `(${m.rawDocs.toLocaleString('en')} documents, lang=${APP_LANGUAGE}); ratio ${f.ratio.toFixed(2)} (goal ≥ ${FIRST_SYNC_GOAL}); seed ${m.seedSeconds.toFixed(1)} s`,
    );
  }
  return {
    title: `First sync (issue 25): the app against a raw Dexie bulkPut alone of the same documents, and the time until the catalogue opens offline, at ${sizes.map((n) => n.toLocaleString('en')).join(', ')} products (each its own server and fresh on-disk profile)`,
    rows,
    notes,
  };
}
