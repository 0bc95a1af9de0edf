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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../tests/helpers/free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../tests/e2e/chromium';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-lighthouse-'));
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite://${path.join(dataDir, 'souk.sqlite')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a first start may build the PWA
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not answer /api/health in time');
}

async function firstProductPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/sync/products/pull?v=1&limit=1`);
  const body = (await res.json()) as { documents?: { id: string }[] };
  const id = body.documents?.[0]?.id;
  if (id === undefined) throw new Error('the seeded server has no products');
  return `/en/products/${id}`;
}

async function main(): Promise<void> {
  const { base, child, dataDir } = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/en/', '/en/products', await firstProductPath(base), '/en/faq'];
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
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(rows);
  console.log(
    'Each page is a first visit (a new session): the 3 s initial loader covers it, so LCP is when the content was painted under the loader, not when the loader went.',
  )
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
