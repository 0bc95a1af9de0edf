/**
 * The `bundle` section of `npm run bench`: the JavaScript the first route downloads and parses (issue 8's
 * goal: under 170 KB gzipped), read from the built dist/index.html: its entry script and every chunk it
 * preloads (`<link rel="modulepreload">`). The data worker and the pages loaded on demand load separately and
 * are listed apart. Sizes are gzip level 9, as the server's compression sends them at most.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensurePwaBuilt } from '../src/server/build/pwa-build';
import type { SectionResult } from './sections';

export const FIRST_ROUTE_BUDGET_KB = 170;

interface Chunk {
  file: string;
  raw: number;
  gz: number;
}

function measure(dist: string, file: string): Chunk {
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
}

/** The entry script and the chunks index.html preloads, as paths under dist/ ('assets/…'). */
export function firstRouteScripts(indexHtml: string): string[] {
  const scripts = [...indexHtml.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  return [...new Set([...scripts, ...preloads])].filter((f) => f !== '');
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

export async function bundleSection(root: string): Promise<SectionResult> {
  await ensurePwaBuilt(root, { log: (line) => console.log(line) });
  const dist = path.join(root, 'dist');
  const first = firstRouteScripts(readFileSync(path.join(dist, 'index.html'), 'utf8')).map((f) => measure(dist, f));
  const firstSet = new Set(first.map((c) => c.file));
  const rest = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !firstSet.has(`assets/${f}`))
    .map((f) => measure(dist, `assets/${f}`));
  const worker = rest.filter((c) => c.file.includes('data-worker'));
  const later = rest.filter((c) => !c.file.includes('data-worker'));
  const sum = (chunks: Chunk[], key: 'raw' | 'gz') => chunks.reduce((n, c) => n + c[key], 0);
  const firstGz = sum(first, 'gz');
  const largest = [...first].sort((a, b) => b.gz - a.gz).slice(0, 3);
  return {
    title: 'Bundle: JavaScript of the first route (entry + preloaded chunks), gzipped',
    rows: [
      ['What', 'Files', 'Raw KB', 'Gzip KB', 'vs budget 170 KB'],
      ['First route', String(first.length), kb(sum(first, 'raw')), kb(firstGz), `${(firstGz / 1024 / FIRST_ROUTE_BUDGET_KB).toFixed(2)}×`],
      ['Data worker (separate thread)', String(worker.length), kb(sum(worker, 'raw')), kb(sum(worker, 'gz')), '-'],
      ['Loaded on demand (pages, catalogues, push)', String(later.length), kb(sum(later, 'raw')), kb(sum(later, 'gz')), '-'],
    ],
    notes: [
      `Largest first-route chunks: ${largest.map((c) => `${c.file} ${kb(c.gz)} KB`).join(', ')}.`,
      firstGz / 1024 < FIRST_ROUTE_BUDGET_KB ? 'Goal met: under 170 KB gzipped.' : 'Goal MISSED: 170 KB gzipped or more.',
    ],
  };
}
