/**
 * Decides whether the PWA in dist/ is older than its sources, and rebuilds it.
 * The stamp file is written after a successful build, with the time the build
 * started as its mtime: a watched file changed at or after that time (saved
 * while vite was reading the sources) still counts as newer. Any such file (or
 * no stamp, or no dist/) means stale.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Everything vite build reads for the client bundle: sources, their config, and the installed dependencies' versions. */
export const WATCHED_PATHS = [
  'src/app',
  'src/workers',
  'src/domain',
  'src/db',
  'src/sync',
  'src/machines',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
] as const;

/**
 * How much earlier than the build's start the stamp is dated. File times come from the kernel's coarse clock
 * (a tick, a few ms, behind the one Date.now() reads), and some file systems keep 1 or 2 s: a file saved just
 * after the build started could otherwise look older than it. Dating the stamp early costs at worst one
 * extra build.
 */
export const FILE_CLOCK_SLACK_MS = 2_000;

export const DIST_DIR = 'dist';
export const STAMP_FILE = 'dist/.build-stamp';

export interface Staleness {
  stale: boolean;
  /** Why, for the log: 'dist/ is missing', 'src/app/App.tsx changed', 'up to date'. */
  reason: string;
}

interface Newest {
  path: string;
  mtimeMs: number;
}

function newestUnder(path: string, best: Newest | null): Newest | null {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return best;
  }
  if (stat.isDirectory()) {
    let result = best;
    for (const entry of readdirSync(path)) result = newestUnder(join(path, entry), result);
    return result;
  }
  return best === null || stat.mtimeMs > best.mtimeMs ? { path, mtimeMs: stat.mtimeMs } : best;
}

export function checkBuildStaleness(root: string, watched: readonly string[] = WATCHED_PATHS): Staleness {
  if (!existsSync(join(root, DIST_DIR))) return { stale: true, reason: `${DIST_DIR}/ is missing` };
  const stampPath = join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return { stale: true, reason: `${STAMP_FILE} is missing` };
  const stampTime = statSync(stampPath).mtimeMs;
  let newest: Newest | null = null;
  for (const p of watched) newest = newestUnder(join(root, p), newest);
  if (newest !== null && newest.mtimeMs > stampTime) {
    return { stale: true, reason: `${relative(root, newest.path)} changed since the last build` };
  }
  return { stale: false, reason: 'up to date' };
}

/** Marks dist/ as built from the sources as they were at `startedAt` (default: now). */
export function writeBuildStamp(root: string, startedAt: Date = new Date()): void {
  mkdirSync(join(root, DIST_DIR), { recursive: true });
  const path = join(root, STAMP_FILE);
  writeFileSync(path, `${startedAt.toISOString()}\n`);
  utimesSync(path, startedAt, startedAt);
}

/** Runs `npx vite build` in root with the terminal attached; resolves with the exit code. */
export function runViteBuild(root: string, command: readonly string[] = ['npx', 'vite', 'build']): Promise<number> {
  const [bin, ...args] = command;
  if (bin === undefined) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export class BuildFailedError extends Error {
  readonly code = 'PWA_BUILD_FAILED';
  constructor(readonly exitCode: number) {
    super(`vite build failed (exit code ${exitCode})`);
  }
}

/**
 * Builds the PWA now (`npm run build`, and npm start when stale) and, when the build succeeds, writes the
 * stamp dated at its start: instances started afterwards find dist/ up to date and do not build again.
 * Throws BuildFailedError when the build fails (no stamp then).
 */
export async function buildPwa(root: string, build: (root: string) => Promise<number> = runViteBuild): Promise<void> {
  const startedAt = new Date(Date.now() - FILE_CLOCK_SLACK_MS);
  const code = await build(root);
  if (code !== 0) throw new BuildFailedError(code);
  writeBuildStamp(root, startedAt);
}

/** Builds when stale; returns what happened. Throws BuildFailedError when the build fails. */
export async function ensurePwaBuilt(
  root: string,
  options: { build?: (root: string) => Promise<number>; log?: (line: string) => void } = {},
): Promise<{ built: boolean; reason: string }> {
  const { stale, reason } = checkBuildStaleness(root);
  if (!stale) return { built: false, reason };
  options.log?.(`Building the PWA: ${reason}`);
  await buildPwa(root, options.build);
  return { built: true, reason };
}
