/** Security headers on every kind of reply: nosniff and referrer policy everywhere, a CSP for HTML and for SVG. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><title>Souk</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`);
  writeFileSync(join(dist, 'boot.js'), '(function () {})();');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'index-77ab02.css'), 'body{color:#222}');
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Souk', start_url: '/' }));
  writeFileSync(join(dist, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ products: 10, staticDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const HTML_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
  "worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const NAVIGATE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function headersOf(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers }> {
  const abort = new AbortController();
  const res = await fetch(`${server.url}${path}`, { headers, signal: abort.signal });
  if (path.startsWith('/api/sync/stream')) abort.abort();
  else await res.arrayBuffer();
  return { status: res.status, headers: res.headers };
}

function expectCommon(path: string, headers: Headers): void {
  expect(headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('HTML, from a file, the root or the navigation fallback, compressed or not: the PWA policy and no framing', async () => {
    for (const path of ['/', '/index.html', '/products/1', '/category/women']) {
      for (const headers of [NAVIGATE, { ...NAVIGATE, 'accept-encoding': 'gzip' }]) {
        const res = await headersOf(path, headers);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
        expectCommon(path, res.headers);
        expect(res.headers.get('content-security-policy'), path).toBe(HTML_CSP);
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      }
    }
  });

  it('SVG, generated or a static icon: a policy that lets it draw and nothing more', async () => {
    for (const path of ['/media/products/1/1.svg', '/media/categories/women.svg', '/media/shops/1/logo.svg', '/icons/icon.svg']) {
      const res = await headersOf(path, { 'accept-encoding': 'gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expectCommon(path, res.headers);
      expect(res.headers.get('content-security-policy'), path).toBe(SVG_CSP);
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('everything else: nosniff and the referrer policy, and no CSP (that is a policy for pages and pictures)', async () => {
    const paths: [string, number][] = [
      ['/api/products/all?per_page=30', 200],
      ['/api/health', 200],
      ['/api/products/all?sort=nope', 400],
      ['/api/products/987654/details', 404],
      ['/api/nothing', 404],
      ['/api/products/%E0%A4%A/details', 400],
      ['/media/products/1/9.svg', 404],
      ['/.build-stamp', 404],
      ['/boot.js', 200],
      ['/assets/index-3f9a1c.js', 200],
      ['/assets/index-77ab02.css', 200],
      ['/service-worker.js', 200],
      ['/manifest.webmanifest', 200],
      ['/api/sync/stream?v=1', 200],
    ];
    for (const [path, status] of paths) {
      const res = await headersOf(path);
      expect(res.status, path).toBe(status);
      expectCommon(path, res.headers);
      expect(res.headers.get('content-security-policy'), path).toBeNull();
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });
});
