/**
 * Decides whether the PWA in dist/ is older than its sources, and rebuilds it.
 * The stamp file is written after a successful build; any watched file newer
 * than the stamp (or no stamp, or no dist/) means stale.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Everything vite build reads for the client bundle. */
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
] as const;

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

export function writeBuildStamp(root: string, now: Date = new Date()): void {
  mkdirSync(join(root, DIST_DIR), { recursive: true });
  writeFileSync(join(root, STAMP_FILE), `${now.toISOString()}\n`);
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

/** Builds when stale; returns what happened. Throws BuildFailedError when the build fails. */
export async function ensurePwaBuilt(
  root: string,
  options: { build?: (root: string) => Promise<number>; log?: (line: string) => void } = {},
): Promise<{ built: boolean; reason: string }> {
  const { stale, reason } = checkBuildStaleness(root);
  if (!stale) return { built: false, reason };
  options.log?.(`Building the PWA: ${reason}`);
  const code = await (options.build ?? runViteBuild)(root);
  if (code !== 0) throw new BuildFailedError(code);
  writeBuildStamp(root);
  return { built: true, reason };
}
