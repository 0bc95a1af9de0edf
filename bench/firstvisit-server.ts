/**
 * The server `npm run lighthouse` and the bench's `firstvisit` section audit: the real one, started as `npm start`
 * starts it (src/server/start.ts in a child process: builds dist/ when its stamp is stale, migrates and seeds an
 * empty SQLite file in a temp dir, SEED_PRODUCTS products), production mode, and the Chrome Lighthouse drives.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { freePort } from '../tests/helpers/free-port';
import { findChromium } from '../tests/e2e/chromium';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface StartedServer {
  /** e.g. http://127.0.0.1:40123 */
  base: string;
  stop(): Promise<void>;
}

/** `npm start` on a fresh SQLite file seeded with `products` demo products (the demo's 360 when absent). */
export async function startSoukServer(options: { products?: number } = {}): Promise<StartedServer> {
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
      ...(options.products === undefined ? {} : { SEED_PRODUCTS: String(options.products) }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000; // a first start may build the PWA, and seeding 50,000 products takes a while
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the server did not answer /api/health in time');
}

/** The id of the first product the sync pull gives (a seeded product). */
export async function firstProductId(base: string): Promise<string> {
  const res = await fetch(`${base}/api/sync/products/pull?v=1&limit=1`);
  const body = (await res.json()) as { documents?: { id: string }[] };
  const id = body.documents?.[0]?.id;
  if (id === undefined) throw new Error('the seeded server has no products');
  return id;
}

/** Debian's Chromium, headless, for Lighthouse (a profile of its own in a temp dir, removed by kill()). */
export function launchLighthouseChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
