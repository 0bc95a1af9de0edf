/**
 * npm run build [-- <vite options>]: builds the PWA into dist/ and writes dist/.build-stamp, so that
 * `npm start` (every instance of a release, docs/SCALING.md) finds dist/ up to date and does not build
 * again. Exits with vite's exit code; a failed build leaves no stamp.
 */
import { resolve } from 'node:path';
import { BuildFailedError, buildPwa, runViteBuild } from './pwa-build';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

async function main(): Promise<number> {
  try {
    await buildPwa(ROOT, (root) => runViteBuild(root, ['npx', 'vite', 'build', ...process.argv.slice(2)]));
    return 0;
  } catch (error) {
    if (error instanceof BuildFailedError) return error.exitCode;
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
