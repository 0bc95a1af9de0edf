/** The staleness check behind `npm start`: rebuild the PWA when dist/ is missing or older than its sources. */
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BuildFailedError,
  checkBuildStaleness,
  ensurePwaBuilt,
  STAMP_FILE,
  WATCHED_PATHS,
  writeBuildStamp,
} from '../../src/server/build/pwa-build';

let root: string;

function touch(rel: string, secondsAgo: number): void {
  const path = join(root, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, rel);
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, t, t);
}

function stamp(secondsAgo: number): void {
  writeBuildStamp(root);
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(root, STAMP_FILE), t, t);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'souk-build-'));
  touch('index.html', 100);
  touch('vite.config.ts', 100);
  touch('src/app/main.tsx', 100);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('checkBuildStaleness', () => {
  it('is stale without dist/ or without a stamp', () => {
    expect(checkBuildStaleness(root)).toEqual({ stale: true, reason: 'dist/ is missing' });
    mkdirSync(join(root, 'dist'));
    expect(checkBuildStaleness(root).stale).toBe(true);
    expect(checkBuildStaleness(root).reason).toContain('.build-stamp');
  });

  it('is fresh when the stamp is newer than every watched file', () => {
    stamp(10);
    expect(checkBuildStaleness(root)).toEqual({ stale: false, reason: 'up to date' });
  });

  it.each(['src/app/pages/Home.tsx', 'src/workers/data-worker.ts', 'src/domain/money.ts', 'src/db/schema.ts', 'src/sync/replication.ts', 'src/machines/cart.ts', 'public/manifest.webmanifest', 'index.html', 'vite.config.ts',
    // Dependencies and compiler options shape the bundle too.
    'package.json', 'package-lock.json', 'tsconfig.json'])(
    'is stale when %s changed after the build',
    (file) => {
      stamp(50);
      touch(file, 5);
      const result = checkBuildStaleness(root);
      expect(result.stale).toBe(true);
      expect(result.reason).toContain(file);
    },
  );

  it('ignores files outside the watched paths (the server, tests)', () => {
    stamp(50);
    touch('src/server/app.ts', 1);
    touch('tests/server/x.test.ts', 1);
    expect(checkBuildStaleness(root).stale).toBe(false);
  });

  it('watches what vite reads', () => {
    expect([...WATCHED_PATHS]).toEqual(
      expect.arrayContaining(['src/app', 'src/workers', 'src/domain', 'src/db', 'src/sync', 'src/machines', 'public', 'index.html', 'vite.config.ts']),
    );
  });
});

describe('writeBuildStamp', () => {
  it('sets the stamp file time to the given build start', () => {
    const startedAt = new Date(Date.now() - 60_000);
    writeBuildStamp(root, startedAt);
    expect(Math.round(statSync(join(root, STAMP_FILE)).mtimeMs)).toBe(startedAt.getTime());
  });
});

describe('ensurePwaBuilt', () => {
  it('builds when stale and writes the stamp, then skips', async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      return 0;
    };
    expect((await ensurePwaBuilt(root, { build })).built).toBe(true);
    expect(builds).toBe(1);
    expect(checkBuildStaleness(root).stale).toBe(false);
    expect((await ensurePwaBuilt(root, { build })).built).toBe(false);
    expect(builds).toBe(1);
  });

  it('dates the stamp at the start of the build, so a file saved while vite runs still counts as newer', async () => {
    let savedAt = 0;
    const build = async () => {
      touch('src/app/pages/Home.tsx', 0);
      savedAt = statSync(join(root, 'src/app/pages/Home.tsx')).mtimeMs;
      return 0;
    };
    expect((await ensurePwaBuilt(root, { build })).built).toBe(true);
    expect(statSync(join(root, STAMP_FILE)).mtimeMs).toBeLessThan(savedAt);
    const result = checkBuildStaleness(root);
    expect(result).toEqual({ stale: true, reason: 'src/app/pages/Home.tsx changed since the last build' });
  });

  it('fails with the exit code and writes no stamp when the build fails', async () => {
    await expect(ensurePwaBuilt(root, { build: async () => 2 })).rejects.toBeInstanceOf(BuildFailedError);
    expect(checkBuildStaleness(root).stale).toBe(true);
  });
});
