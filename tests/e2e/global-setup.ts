/**
 * Playwright global setup: build the PWA once, start the real server on a free
 * loopback port with a fresh SQLite file in a temp dir, put a request-logging proxy
 * in front of it, and hand the URLs to the tests through the environment:
 *
 *   SOUK_E2E_URL      origin the browser uses (the proxy)
 *   SOUK_E2E_CONTROL  request log of the proxy (see request-log-proxy.ts)
 *   SOUK_E2E_SERVER_LOG  the server's log file (info level: the local SMS sender's codes are there)
 *   SOUK_E2E_SELLER_PASSWORD  the demo sellers' password ({shop-slug}@sellers.souk.test; SEED_SELLER_PASSWORD)
 *   SOUK_E2E_ADMIN_PASSWORD   the demo admin's password (admin@souk.test; SEED_ADMIN_PASSWORD)
 *
 * SOUK_E2E_SKIP_BUILD=1 reuses an existing dist/ (src/server/start.ts still rebuilds it if its
 * stamp says it is older than the sources). The returned function is the teardown.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../helpers/free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_CLOCK_SLACK_MS, writeBuildStamp } from '../../src/server/build/pwa-build';
import { startRequestLogProxy, type RequestLogProxy } from './request-log-proxy';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_START_TIMEOUT_MS = 90_000;
/** A catalogue big enough for several pages of cards, small enough for a quick first sync. */
const SEED_PRODUCTS = '120';
/** The demo sellers' password when SEED_SELLER_PASSWORD is not set (the order tests move orders as a seller). */
const E2E_SELLER_PASSWORD = 'souk-e2e-seller-password';
/** The demo admin's password when SEED_ADMIN_PASSWORD is not set (the seller journey activates a new shop as it). */
const E2E_ADMIN_PASSWORD = 'souk-e2e-admin-password';

function log(message: string): void {
  process.stdout.write(`[e2e setup] ${message}\n`);
}

function build(): void {
  if (process.env.SOUK_E2E_SKIP_BUILD === '1') {
    if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
      throw new Error('SOUK_E2E_SKIP_BUILD=1 but dist/index.html does not exist: run `npx vite build` first.');
    }
    log('SOUK_E2E_SKIP_BUILD=1: using the existing dist/');
    return;
  }
  const started = Date.now();
  const res = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) {
    process.stderr.write(res.stdout + res.stderr);
    throw new Error(`vite build failed (exit ${res.status ?? res.signal})`);
  }
  // Tell src/server/start.ts that dist/ is fresh, so it does not build a second time; dated at the build's
  // start, as npm start does, so a file saved during the build still counts as newer.
  writeBuildStamp(ROOT, new Date(started - FILE_CLOCK_SLACK_MS));
  log(`built the PWA in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForHealth(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n--- server log ---\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `GET ${base}/api/health not OK after ${SERVER_START_TIMEOUT_MS / 1000} s (${lastError}).\n--- server log ---\n${tail(logFile)}`,
  );
}

/** Ends the server's whole process group (tsx runs the server in a child of its own). */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  build();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'souk-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const serverUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // src/server/db/database-url.ts: sqlite:// + an absolute path is sqlite:///abs, a SQLite file.
    DATABASE_URL: `sqlite://${path.join(dataDir, 'souk.sqlite')}`,
    SEED_PRODUCTS,
    SEED_SELLER_PASSWORD: process.env.SEED_SELLER_PASSWORD || E2E_SELLER_PASSWORD,
    SEED_ADMIN_PASSWORD: process.env.SEED_ADMIN_PASSWORD || E2E_ADMIN_PASSWORD,
    // info: the default SMS sender writes verification codes to the log, and the phone test reads them there.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };

  const out = createWriteStream(logFile);
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server/start.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group, so teardown ends tsx and the server together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);

  let proxy: RequestLogProxy | undefined;
  const teardown = async (): Promise<void> => {
    await proxy?.close();
    await stopServer(child);
    out.end();
    if (process.env.SOUK_E2E_KEEP_DATA === '1') log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    await waitForHealth(serverUrl, child, logFile);
    log(`server healthy on ${serverUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${dataDir})`);
    proxy = await startRequestLogProxy(new URL(serverUrl));
  } catch (err) {
    await teardown();
    throw err;
  }

  process.env.SOUK_E2E_URL = proxy.url;
  process.env.SOUK_E2E_CONTROL = proxy.controlUrl;
  process.env.SOUK_E2E_SERVER_LOG = logFile;
  process.env.SOUK_E2E_SELLER_PASSWORD = env.SEED_SELLER_PASSWORD;
  process.env.SOUK_E2E_ADMIN_PASSWORD = env.SEED_ADMIN_PASSWORD;
  return teardown;
}
