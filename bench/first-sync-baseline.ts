/**
 * Issue 22's first-sync goal, measured in the same run: the app's first sync of the catalogue as it is (every
 * text in six languages) against the same app syncing the same catalogue without the language maps — the
 * documents as they were before issue 22 (the spec's English/Arabic columns only). Both seeds are the same demo
 * seed of the same size; the baseline's copy then has its `names_json`/`descriptions_json` emptied, which is
 * exactly what the maps added to the pull (`names`, `descriptions`, `category_names`, and a shop's maps).
 *
 * Each side gets a server of its own over its own SQLite file and a fresh on-disk Chromium profile, and is
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
  /** Bytes of one products pull page of 200 as JSON, divided by its documents. */
  pullBytesPerProduct: number;
}

/** The catalogue as it was before issue 22: no language maps, only the spec's English/Arabic columns. */
async function dropLanguageMaps(db: ReturnType<typeof openDatabase>): Promise<void> {
  await sql`update products set names_json = '{}', descriptions_json = '{}'`.execute(db.kysely);
  await sql`update categories set names_json = '{}'`.execute(db.kysely);
  await sql`update shops set names_json = '{}', descriptions_json = '{}'`.execute(db.kysely);
}

/** One first sync of a freshly seeded catalogue of `products` in a fresh profile (with or without the maps). */
export async function timeFirstSync(staticDir: string, products: number, withLanguageMaps: boolean): Promise<FirstSyncRun> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-sync-'));
  const profile = mkdtempSync(join(tmpdir(), 'souk-bench-sync-profile-'));
  const db = openDatabase(join(dir, 'sync.sqlite'));
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | null = null;
  try {
    await migrateToLatest(db);
    await seedDemo(db, { products });
    if (!withLanguageMaps) await dropLanguageMaps(db);
    app = await buildApp({ db, staticDir, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const page = (await app.inject({ method: 'GET', url: '/api/sync/products/pull?v=1&limit=200' })).body;
    const pullBytesPerProduct = page.length / Math.max(1, (JSON.parse(page) as { documents: unknown[] }).documents.length);

    context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS });
    const tab = await context.newPage();
    const t0 = performance.now();
    await tab.goto(base);
    await tab.waitForSelector(LIVE, { timeout: 30 * 60_000, state: 'attached' });
    const ms = performance.now() - t0;
    const storageBytes = await tab.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    return { ms, storageBytes, pullBytesPerProduct };
  } finally {
    await context?.close();
    await app?.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Storage before issue 22, printed by this benchmark then: 64 MB at 50,000 products. Issue 22's budget: ≤ 1.6× per product. */
export const STORAGE_BEFORE_TEXTS = { bytes: 64e6, products: 50_000, budget: 1.6 };
/** Issue 22's goal: the first sync with every language at most 1.2 times the first sync without them. */
const FIRST_SYNC_BUDGET = 1.2;

/** The `languages` section: the first sync with and without the language maps, each in a fresh profile. */
export async function languagesSection(root: string, products: number): Promise<SectionResult> {
  await ensurePwaBuilt(root, { log: (line) => console.log(line) });
  const staticDir = join(root, 'dist');
  // Without the maps first, then with them: a cold disk cache favours neither (each seeds and syncs afresh).
  const before = await timeFirstSync(staticDir, products, false);
  const after = await timeFirstSync(staticDir, products, true);
  return {
    title: `Catalogue texts in six languages (issue 22): first sync of ${products.toLocaleString('en')} products with the language maps vs without them (the documents before issue 22), same run`,
    rows: [
      ['figure', 'six languages', 'before issue 22', 'ratio'],
      [`first sync s (goal ≤ ${FIRST_SYNC_BUDGET}×)`, (after.ms / 1000).toFixed(2), (before.ms / 1000).toFixed(2), ratio(after.ms, before.ms)],
      ['pull bytes per product (JSON, a page of 200)', after.pullBytesPerProduct.toFixed(0), before.pullBytesPerProduct.toFixed(0), ratio(after.pullBytesPerProduct, before.pullBytesPerProduct)],
      ['IndexedDB bytes per product', (after.storageBytes / products).toFixed(0), (before.storageBytes / products).toFixed(0), ratio(after.storageBytes, before.storageBytes)],
      [
        `IndexedDB bytes per product vs the figure printed before issue 22 (${STORAGE_BEFORE_TEXTS.bytes / 1e6} MB at ${STORAGE_BEFORE_TEXTS.products.toLocaleString('en')}; budget ${STORAGE_BEFORE_TEXTS.budget}×)`,
        (after.storageBytes / products).toFixed(0),
        (STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products).toFixed(0),
        ratio(after.storageBytes / products, STORAGE_BEFORE_TEXTS.bytes / STORAGE_BEFORE_TEXTS.products),
      ],
    ],
    notes: [`first sync ${after.ms <= before.ms * FIRST_SYNC_BUDGET ? 'within' : 'OVER'} ${FIRST_SYNC_BUDGET}× of the same catalogue without the maps`],
  };
}
