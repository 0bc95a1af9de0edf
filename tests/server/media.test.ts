/** Generated pictures: valid SVG, deterministic, cached forever, drawn in the product's colour. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TONES } from '../../src/server/media/palette';
import { startTestServer, type TestServer } from '../helpers/server';
import { pullAll } from './support/pull-all';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 30 });
});
afterAll(async () => {
  await server?.close();
});

async function svg(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

describe('media', () => {
  it('draws every product picture the documents reference, in the product colour', async () => {
    const products = (await pullAll(server.url, 'products')).documents;
    for (const p of products.slice(0, 10)) {
      for (const url of p.images) {
        const res = await svg(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(res.body.endsWith('</svg>')).toBe(true);
      }
      const main = await svg(p.main_image);
      const color = p.variants[0]?.color;
      if (color) expect(main.body).toContain(TONES[color].base);
    }
  });

  it('is deterministic', async () => {
    const a = await svg('/media/products/3/2.svg');
    const b = await svg('/media/products/3/2.svg');
    expect(a.body).toBe(b.body);
    const other = await svg('/media/products/4/2.svg');
    expect(other.body).not.toBe(a.body);
  });

  it('draws categories and shop logos and covers', async () => {
    const categories = (await pullAll(server.url, 'categories')).documents;
    for (const c of categories) {
      const res = await svg(c.image);
      expect(res.status, c.image).toBe(200);
      expect(res.body).toContain('<svg');
    }
    const shops = (await pullAll(server.url, 'shops')).documents;
    for (const s of shops) {
      for (const url of [s.logo, s.cover]) {
        const res = await svg(url);
        expect(res.status, url).toBe(200);
        expect(res.body).toContain(`aria-label="${s.name}"`);
      }
    }
  });

  it('404s for pictures that do not exist', async () => {
    for (const path of ['/media/products/99999/1.svg', '/media/products/1/9.svg', '/media/products/1/0.svg', '/media/categories/nope.svg', '/media/shops/1/banner.svg', '/media/shops/999/logo.svg']) {
      const res = await svg(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
    }
  });

  it('has one URL per picture: numbers without leading zeros, slugs as stored', async () => {
    for (const path of ['/media/products/1/1.svg', '/media/shops/1/logo.svg', '/media/categories/women.svg']) {
      expect((await svg(path)).status, path).toBe(200);
    }
    for (const path of [
      '/media/products/1/01.svg',
      '/media/products/1/001.svg',
      '/media/products/01/1.svg',
      '/media/products/+1/1.svg',
      '/media/shops/01/logo.svg',
      '/media/shops/001/cover.svg',
      '/media/categories/women%00.svg',
      '/media/categories/wo%0Amen.svg',
      '/media/categories/WOMEN.svg',
    ]) {
      const res = await svg(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('immutable');
    }
  });
});
