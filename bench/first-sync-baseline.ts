/**
 * Issue 22's first-sync goal, measured in the same run: the app's first sync of the catalogue as it is (every
 * text in six languages) against the same app syncing the same catalogue without the language maps — the
 * documents as they were before issue 22 (the spec's English/Arabic columns only). Both seeds are the same demo
 * seed of the same size; the baseline's copy then has its `names_json`/`descriptions_json` emptied, which is
 * exactly what the maps added to the pull (`names`, `descriptions`, `category_names`, and a shop's maps).
 *
 * Each side gets a server of its own over its own SQLite file; each first sync a fresh on-disk Chromium profile, and is
 * timed from the first navigation until the sync indicator says 'live'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { ensurePwaBuilt } from '../src/server/build/pwa-build';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { LIVE } from './heap';
import type { SectionResult } from './sections';
import { ratio } from './stats';

export interface FirstSyncRun {
  ms: number;
  /** navigator.storage.estimate() after the sync. */
  storageBytes: number;
}

/** The catalogue as it was before issue 22: no language maps, only the spec's English/Arabic columns. */
async function dropLanguageMaps(db: ReturnType<typeof openDatabase>): Promise<void> {
  await sql`update products set names_json = '{}', descriptions_json = '{}'`.execute(db.kysely);
  await sql`update categories set names_json = '{}'`.execute(db.kysely);
  await sql`update shops set names_json = '{}', descriptions_json = '{}'`.execute(db.kysely);
}

interface SeededServer {
  base: string;
  /** Bytes per product of a products pull page of 200 as JSON: in every language, and as the app pulls it (`lang`). */
  pullBytes: { all: number; app: number };
  close(): Promise<void>;
}

/** A freshly seeded catalogue of `products` on a server of its own (with or without the language maps). */
async function seededServer(staticDir: string, products: number, withLanguageMaps: boolean, appLanguage: string): Promise<SeededServer> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-sync-'));
  const db = openDatabase(join(dir, 'sync.sqlite'));
  await migrateToLatest(db);
  await seedDemo(db, { products });
  if (!withLanguageMaps) await dropLanguageMaps(db);
  const app = await buildApp({ db, staticDir, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const perProduct = async (query: string) => {
    const page = (await app.inject({ method: 'GET', url: `/api/sync/products/pull?v=1&limit=200${query}` })).body;
    return page.length / Math.max(1, (JSON.parse(page) as { documents: unknown[] }).documents.length);
  };
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    pullBytes: { all: await perProduct(''), app: await perProduct(`&lang=${appLanguage}`) },
    async close() {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One first sync of the app in a fresh on-disk profile, from the first navigation until 'live'. */
export async function timeFirstSync(base: string): Promise<FirstSyncRun> {
  const profile = mkdtempSync(join(tmpdir(), 'souk-bench-sync-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const tab = await context.newPage();
    const t0 = performance.now();
    await tab.goto(base);
    await tab.waitForSelector(LIVE, { timeout: 30 * 60_000, state: 'attached' });
    const ms = performance.now() - t0;
    const storageBytes = await tab.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    return { ms, storageBytes };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Storage before issue 22, printed by this benchmark then: 64 MB at 50,000 products. Issue 22's budget: ≤ 1.6× per product. */
export const STORAGE_BEFORE_TEXTS = { bytes: 64e6, products: 50_000, budget: 1.6 };
/** Issue 22's goal: the first sync with every language at most 1.2 times the first sync without them. */
const FIRST_SYNC_BUDGET = 1.2;

/** Rounds of the two first syncs (BENCH_LANGUAGE_ROUNDS, default 2), in the order A B B A … so drift cancels. */
const ROUNDS = Number(process.env.BENCH_LANGUAGE_ROUNDS ?? 2);
/** The app's language on a first visit to `/` (no cookie, no Accept-Language match): Darija. */
const APP_LANGUAGE = 'ma';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The `languages` section: the first sync with and without the language maps, each in a fresh profile. */
export async function languagesSection(root: string, products: number): Promise<SectionResult> {
  await ensurePwaBuilt(root, { log: (line) => console.log(line) });
  const staticDir = join(root, 'dist');
  const before = await seededServer(staticDir, products, false, APP_LANGUAGE);
  const after = await seededServer(staticDir, products, true, APP_LANGUAGE);
  const runs: { before: FirstSyncRun[]; after: FirstSyncRun[] } = { before: [], after: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const side of order) runs[side].push(await timeFirstSync(side === 'before' ? before.base : after.base));
    }
  } finally {
    await before.close();
    await after.close();
  }
  const ms = { before: mean(runs.before.map((r) => r.ms)), after: mean(runs.after.map((r) => r.ms)) };
  const stored = { before: mean(runs.before.map((r) => r.storageBytes)) / products, after: mean(runs.after.map((r) => r.storageBytes)) / products };
  const seconds = (rs: FirstSyncRun[]) => rs.map((r) => (r.ms / 1000).toFixed(1)).join(', ');
  return {
    title: `Catalogue texts in six languages (issue 22): first sync of ${products.toLocaleString('en')} products with the language maps vs without them (the documents before issue 22), same run, ${ROUNDS} round(s) each, alternating`,
    rows: [
      ['figure', 'six languages', 'before issue 22', 'ratio'],
      [`first sync s, mean (goal ≤ ${FIRST_SYNC_BUDGET}×)`, (ms.after / 1000).toFixed(2), (ms.before / 1000).toFixed(2), ratio(ms.after, ms.before)],
      [`pull bytes per product as the app pulls it (lang=${APP_LANGUAGE}; JSON, a page of 200)`, after.pullBytes.app.toFixed(0), before.pullBytes.app.toFixed(0), ratio(after.pullBytes.app, before.pullBytes.app)],
      ['  the same, every language (no lang)', after.pullBytes.all.toFixed(0), before.pullBytes.all.toFixed(0), ratio(after.pullBytes.all, before.pullBytes.all)],
      ['IndexedDB bytes per product', stored.after.toFixed(0), stored.before.toFixed(0), ratio(stored.after, stored.before)],
      [
        `IndexedDB bytes per product vs the figure printed before issue 22 (${STORAGE_BEFORE_TEXTS.bytes / 1e6} MB at ${STORAGE_BEFORE_TEXTS.products.toLocaleString('en')}; budget ${STORAGE_BEFORE_TEXTS.budget}×)`,
        stored.after.toFixed(0),
        (STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products).toFixed(0),
        ratio(stored.after, STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products),
      ],
    ],
    notes: [
      `first syncs, s: six languages ${seconds(runs.after)}; before issue 22 ${seconds(runs.before)}`,
      `first sync ${ms.after <= ms.before * FIRST_SYNC_BUDGET ? 'within' : 'OVER'} ${FIRST_SYNC_BUDGET}× of the same catalogue without the maps`,
    ],
  };
}
