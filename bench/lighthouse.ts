/**
 * `npm run lighthouse`: Lighthouse (the npm package) against the built app, in Debian's Chromium.
 *
 * Starts the real server as `npm start` would (src/server/start.ts: builds dist/ when its stamp is stale,
 * seeds an empty SQLite file in a temp dir), then audits a few pages with Lighthouse's default mobile
 * settings (emulated phone, simulated slow 4G and 4× CPU slowdown) and prints the four category scores of
 * each: performance, accessibility, best practices, SEO. The full reports go to bench/results/.
 *
 * Options: LIGHTHOUSE_PAGES=/,/en/faq (paths to audit), CHROMIUM_PATH (the browser).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { firstProductId, launchLighthouseChrome, startSoukServer } from './firstvisit-server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function main(): Promise<void> {
  const { base, stop } = await startSoukServer();
  const chrome = await launchLighthouseChrome();
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/en/', '/en/products', `/en/products/${await firstProductId(base)}`, '/en/faq'];
  const rows: Record<string, string | number>[] = [];
  const reports: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      const row: Record<string, string | number> = { page };
      for (const c of CATEGORIES) row[c] = Math.round((categories[c]?.score ?? 0) * 100);
      row.FCP = audits['first-contentful-paint']?.displayValue ?? '';
      row.LCP = audits['largest-contentful-paint']?.displayValue ?? '';
      row.TBT = audits['total-blocking-time']?.displayValue ?? '';
      row.CLS = audits['cumulative-layout-shift']?.displayValue ?? '';
      rows.push(row);
      reports[page] = result.lhr;
      const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative');
      console.log(`${page}: below 0.9: ${failed.map((a) => a.id).join(', ') || 'none'}`);
    }
  } finally {
    chrome.kill();
    await stop();
  }
  console.table(rows);
  console.log(
    'Each page is a first visit (a new session): the initial loader covers it while its first screen is not ready (at most 3 s, src/app/layout/initial-loader.tsx).',
  );
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(reports));
  console.log(`full reports: ${path.relative(ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
