/**
 * Measurements, not a test: `npx tsx tests/sync/measure-sync.ts [products...]`.
 * For each catalogue size: time of the initial sync from a real test server
 * (loopback, SQLite) into RxDB on fake-indexeddb, and p50/p95 of listing
 * queries (page + total) over a set of typical filters and sorts.
 */
import 'fake-indexeddb/auto';
import { SORTS, type ProductQuery } from '../../src/domain/catalog';
import { DataService } from '../../src/workers/data-service';
import { startTestServer } from '../helpers/server';

const QUERIES: ProductQuery[] = [
  {},
  { category: 'women' },
  { category: 'men', colors: ['red', 'blue'] },
  { category: 'children', inStock: true },
  { minPrice: 200, maxPrice: 800 },
  { search: 'kaftan' },
  { category: 'women', page: 3 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

async function measure(products: number): Promise<void> {
  const server = await startTestServer({ products });
  const service = new DataService({});
  try {
    const t0 = performance.now();
    await service.init({ apiBase: server.url, dbName: `measure-${products}-${Date.now()}` });
    await service.awaitInitialSync();
    const syncMs = performance.now() - t0;
    const status = await service.syncStatus();

    const times: number[] = [];
    for (const sort of SORTS) {
      for (const q of QUERIES) {
        const t = performance.now();
        await service.query({ kind: 'products', query: { ...q, sort } });
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        products,
        pulled: status.collections.products.pulled,
        initialSyncMs: Math.round(syncMs),
        queries: times.length,
        queryP50Ms: +percentile(times, 0.5).toFixed(1),
        queryP95Ms: +percentile(times, 0.95).toFixed(1),
        queryMaxMs: +percentile(times, 1).toFixed(1),
      }),
    );
  } finally {
    await service.close();
    await server.close();
  }
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
for (const n of sizes.length ? sizes : [360, 5000]) await measure(n);
