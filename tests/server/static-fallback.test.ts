/** The built PWA: cache headers per file kind, compression, and the navigation fallback to index.html. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let dist: string;
const INDEX = `<!doctype html><html><head><title>Souk</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'souk-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), `export const x = ${JSON.stringify('souk '.repeat(500))};`);
  writeFileSync(join(dist, 'assets', 'index-77ab02.css'), `body{color:#222}${'.a{margin:0}'.repeat(200)}`);
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Souk', start_url: '/' }));
  writeFileSync(join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // Build by-products that are not for browsers.
  writeFileSync(join(dist, '.build-stamp'), '2025-10-01T00:00:00.000Z\n');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js.map'), JSON.stringify({ version: 3, sources: ['src/app/main.tsx'] }));
  writeFileSync(join(dist, 'service-worker.js.map'), JSON.stringify({ version: 3, sources: [] }));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  server = await startTestServer({ products: 10, staticDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('static files', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/index-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html, the service worker and the manifest as no-cache', async () => {
    for (const path of ['/', '/index.html', '/service-worker.js', '/manifest.webmanifest']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('gives other files a short cache', async () => {
    const res = await get('/icon-192.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses JavaScript, CSS, HTML and JSON when asked', async () => {
    for (const path of ['/assets/index-3f9a1c.js', '/assets/index-77ab02.css', '/index.html']) {
      const res = await get(path, { 'accept-encoding': 'gzip' });
      expect(res.headers.get('content-encoding'), path).toBe('gzip');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const api = await get('/api/products/all?per_page=20', { 'accept-encoding': 'br' });
    expect(api.headers.get('content-encoding')).toBe('br');
    const svg = await get('/media/products/1/1.svg', { 'accept-encoding': 'gzip' });
    expect(svg.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('files of the build that are not for browsers', () => {
  it('404s dotfiles, such as the build stamp, and files in dot directories', async () => {
    for (const path of ['/.build-stamp', '/.vite/manifest.json', '/assets/../.build-stamp', '/%2Ebuild-stamp']) {
      for (const headers of [{ accept: '*/*' }, HTML]) {
        const res = await get(path, headers);
        expect(res.status, `${path} ${headers.accept}`).toBe(404);
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect(await res.text(), path).not.toContain('2025-10-01');
      }
    }
  });

  it('404s source maps, and still serves the files they map', async () => {
    for (const path of ['/assets/index-3f9a1c.js.map', '/service-worker.js.map', '/assets/index-3f9a1c.js%2Emap', '/assets/index-3f9a1c.js.MAP']) {
      for (const headers of [{ accept: '*/*' }, HTML]) {
        const res = await get(path, headers);
        expect(res.status, `${path} ${headers.accept}`).toBe(404);
        expect(await res.text(), path).not.toContain('sources');
      }
    }
    expect((await get('/assets/index-3f9a1c.js')).status).toBe(200);
    expect((await get('/service-worker.js')).status).toBe(200);
  });
});

describe('navigation fallback', () => {
  it('answers app routes with index.html for a browser navigation', async () => {
    for (const path of ['/products/12', '/shops/dar-lalla-kaftan', '/category/women', '/categories?locale=ar', '/ar/seller/community/posts/3/respond']) {
      const res = await get(path, HTML);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('never answers API or media paths with HTML', async () => {
    for (const path of ['/api/nope', '/api', '/media/nope.svg', '/media/products/999999/1.svg']) {
      const res = await get(path, HTML);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });

  it('404s a missing file that is not a navigation', async () => {
    const res = await get('/assets/missing-123.js', { accept: '*/*' });
    expect(res.status).toBe(404);
    const post = await fetch(`${server.url}/products/12`, { method: 'POST', headers: HTML });
    expect(post.status).toBe(404);
  });
});

describe('without a built PWA', () => {
  it('serves the API only and answers unknown paths with a JSON 404', async () => {
    const apiOnly = await startTestServer({ products: 0 });
    try {
      const res = await fetch(`${apiOnly.url}/products/12`, { headers: HTML });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, status: 'error', code: 'ROUTE_NOT_FOUND', message: 'Not found' });
    } finally {
      await apiOnly.close();
    }
  });
});
