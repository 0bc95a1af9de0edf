/**
 * Browser-side bench code (bench/browser/*.ts) bundled with esbuild into one classic script, to be injected into
 * a page (page.addScriptTag, page.addInitScript). No named functions are passed to page.evaluate from tsx code
 * instead: tsx's keepNames would reference a __name helper the page lacks.
 */
import { join, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

/** `entry` is relative to the repository root, e.g. 'bench/browser/raw-dexie.ts'. */
export async function bundleForBrowser(entry: string): Promise<string> {
  const out = await esbuild({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
