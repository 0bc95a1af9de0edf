/**
 * The `bundle` section of `npm run bench`: the JavaScript the first route downloads and parses (issue 8's
 * goal: under 170 KB gzipped), read from the built dist/index.html: its entry script and every chunk it
 * preloads (`<link rel="modulepreload">`). The data worker and the pages loaded on demand load separately and
 * are listed apart. Before the first render the app also loads the start-up catalogues (i18n NAMESPACES) of
 * the active language (its fallback chain follows once the first screen is up: src/app/i18n/startup.ts):
 * counted here for the default language, from the catalogue files minified (Vite turns each into a chunk of
 * the same text). Sizes are gzip level 9.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensurePwaBuilt } from '../src/server/build/pwa-build';
import { DEFAULT_LANGUAGE } from '../src/app/i18n/languages';
import { NAMESPACES } from '../src/app/i18n/namespaces';
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

/** The start-up catalogues of `language`, minified as Vite emits them. */
export function startupCatalogues(root: string, language: string): Chunk[] {
  return NAMESPACES.map((ns) => {
    const file = `src/app/i18n/locales/${language}/${ns}.json`;
    const bytes = Buffer.from(JSON.stringify(JSON.parse(readFileSync(path.join(root, file), 'utf8'))));
    return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
}

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
  const catalogues = startupCatalogues(root, DEFAULT_LANGUAGE);
  const withCatalogues = firstGz + sum(catalogues, 'gz');
  const largest = [...first].sort((a, b) => b.gz - a.gz).slice(0, 3);
  return {
    title: 'Bundle: JavaScript of the first route (entry + preloaded chunks), gzipped',
    rows: [
      ['What', 'Files', 'Raw KB', 'Gzip KB', 'vs budget 170 KB'],
      ['First route: scripts', String(first.length), kb(sum(first, 'raw')), kb(firstGz), `${(firstGz / 1024 / FIRST_ROUTE_BUDGET_KB).toFixed(2)}×`],
      [`  + start-up catalogues (${DEFAULT_LANGUAGE}; its fallbacks load after the first render)`, String(catalogues.length), kb(sum(catalogues, 'raw')), kb(sum(catalogues, 'gz')), '-'],
      ['  = first route with catalogues', String(first.length + catalogues.length), kb(sum(first, 'raw') + sum(catalogues, 'raw')), kb(withCatalogues), `${(withCatalogues / 1024 / FIRST_ROUTE_BUDGET_KB).toFixed(2)}×`],
      ['Data worker (separate thread)', String(worker.length), kb(sum(worker, 'raw')), kb(sum(worker, 'gz')), '-'],
      ['Loaded on demand (pages, catalogues, push)', String(later.length), kb(sum(later, 'raw')), kb(sum(later, 'gz')), '-'],
    ],
    notes: [
      `Largest first-route chunks: ${largest.map((c) => `${c.file} ${kb(c.gz)} KB`).join(', ')}.`,
      `Scripts alone: ${firstGz / 1024 < FIRST_ROUTE_BUDGET_KB ? 'under' : 'NOT under'} 170 KB gzipped; with the start-up catalogues: ${withCatalogues / 1024 < FIRST_ROUTE_BUDGET_KB ? 'under' : 'NOT under'} 170 KB (the goal counts what the first route loads: ${withCatalogues / 1024 < FIRST_ROUTE_BUDGET_KB ? 'met' : 'MISSED'}).`,
    ],
  };
}
