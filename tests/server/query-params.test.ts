/**
 * One rule for empty query values on every route: `x=` (or only spaces) is the same as leaving x out. The
 * UI's forms send empty inputs that way (an empty price field means "no bound"). And bad values are refused
 * with the message that says what is allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutEmptyValues } from '../../src/server/http/query-params';
import { startTestServer, type TestServer } from '../helpers/server';
import { QUERY_ROUTES } from './support/query-routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 40 });
});
afterAll(async () => {
  await server?.close();
});

async function answer(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
}

const join = (route: string, query: string) => `${route}${route.includes('?') ? '&' : '?'}${query}`;

describe('withoutEmptyValues', () => {
  it('drops empty and blank values, and the empty ones among repeated values', () => {
    expect(withoutEmptyValues({ a: '', b: '  ', c: 'x', d: ['', 'y'], e: ['', ' '], f: ['p', '', 'q'] })).toEqual({
      c: 'x',
      d: 'y',
      f: ['p', 'q'],
    });
    expect(withoutEmptyValues(undefined)).toBeUndefined();
  });
});

describe('an empty query value', () => {
  it.each(QUERY_ROUTES)('%s: x= answers exactly as no x, for every parameter', async (route, params) => {
    const absent = await answer(route);
    expect(absent.status, route).toBe(200);
    for (const name of params) {
      for (const empty of [`${name}=`, `${name}=%20%20`, `${name}=&${name}=`]) {
        const path = join(route, empty);
        expect(await answer(path), path).toEqual(absent);
      }
    }
  });

  it('leaves the other values of the query in force', async () => {
    const cases: [string, string][] = [
      ['/api/products/all?minPrice=&maxPrice=500', '/api/products/all?maxPrice=500'],
      ['/api/products/all?gender=&gender=men', '/api/products/all?gender=men'],
      ['/api/products/all?minPrice=200&maxPrice=', '/api/products/all?minPrice=200'],
      ['/api/categories/getAllCategories?gender=&locale=ar', '/api/categories/getAllCategories?locale=ar'],
      ['/api/shops?store_type=&featured=true', '/api/shops?featured=true'],
      ['/api/sync/products/pull?v=1&updatedAt=&id=&limit=3', '/api/sync/products/pull?v=1&limit=3'],
    ];
    for (const [withEmpty, without] of cases) {
      const expected = await answer(without);
      expect(expected.status, without).toBe(200);
      expect(await answer(withEmpty), withEmpty).toEqual(expected);
    }
  });

  it('is still missing where a parameter is required', async () => {
    for (const path of ['/api/sync/stream?v=', '/api/sync/products/pull?v=']) {
      const res = await answer(path);
      expect(res.status, path).toBe(400);
      expect((res.body as { message: string }).message, path).toContain("'v'");
    }
  });
});

describe('a bad query value', () => {
  it('is refused with a message that says what is allowed, on every route', async () => {
    const cases: [string, string][] = [
      ['/api/categories/getAllCategories?gender=foo', "Invalid query parameter 'gender': must be one of men, women, children"],
      ['/api/products/all?gender=foo', "Invalid query parameter 'gender': must be one of men, women, children"],
      ['/api/shops/1/products?sort=cheapest', "Invalid query parameter 'sort': must be one of newest, price-low-high"],
      ['/api/shops?store_type=boutique', "Invalid query parameter 'store_type': must be one of individual, company"],
      ['/api/shops?status=closed', "Invalid query parameter 'status': must be one of active, suspended"],
      ['/api/stock/1/availability?variant_id=abc', "Invalid query parameter 'variant_id': must be a variant id (a positive integer)"],
    ];
    for (const [path, message] of cases) {
      const res = await answer(path);
      expect(res.status, path).toBe(400);
      expect((res.body as { message: string }).message, path).toContain(message);
    }
  });
});
