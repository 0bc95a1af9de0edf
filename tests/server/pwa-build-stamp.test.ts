/**
 * `npm run build` writes dist/.build-stamp (docs/SCALING.md): buildPwa (src/server/build/pwa-build.ts, run by
 * build-cli.ts) always builds, then stamps dist/ at the build's start, so instances started afterwards with
 * `npm start` find it up to date instead of each building into the same dist/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildFailedError, buildPwa, checkBuildStaleness, ensurePwaBuilt, FILE_CLOCK_SLACK_MS, STAMP_FILE, writeBuildStamp } from '../../src/server/build/pwa-build';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'souk-build-stamp-'));
  const old = new Date(Date.now() - 100_000);
  for (const file of ['index.html', 'src/app/main.tsx']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), file);
    utimesSync(join(root, file), old, old);
  }
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('buildPwa (npm run build)', () => {
  it('builds and stamps dist/ at the build’s start: npm start then finds it up to date and does not build', async () => {
    expect(checkBuildStaleness(root).stale).toBe(true);
    const before = Date.now();
    let builds = 0;
    await buildPwa(root, async () => {
      builds++;
      mkdirSync(join(root, 'dist'), { recursive: true });
      writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html>');
      return 0;
    });
    expect(builds).toBe(1);
    const stampTime = statSync(join(root, STAMP_FILE)).mtimeMs;
    expect(stampTime).toBeLessThanOrEqual(before - FILE_CLOCK_SLACK_MS + 5);
    expect(checkBuildStaleness(root)).toEqual({ stale: false, reason: 'up to date' });
    const start = await ensurePwaBuilt(root, { build: async () => ++builds });
    expect(start).toEqual({ built: false, reason: 'up to date' });
    expect(builds).toBe(1);
  });

  it('builds even when dist/ looks up to date (an explicit build is asked for)', async () => {
    writeBuildStamp(root);
    let builds = 0;
    await buildPwa(root, async () => {
      builds++;
      return 0;
    });
    expect(builds).toBe(1);
  });

  it('a failed build throws with vite’s exit code and leaves no stamp', async () => {
    const failed = buildPwa(root, async () => 3);
    await expect(failed).rejects.toBeInstanceOf(BuildFailedError);
    await expect(failed).rejects.toMatchObject({ exitCode: 3 });
    expect(checkBuildStaleness(root).stale).toBe(true);
  });

  it('is what package.json’s build script runs', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe('tsx src/server/build/build-cli.ts');
  });
});
