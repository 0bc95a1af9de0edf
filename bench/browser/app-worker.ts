/**
 * Bundled with esbuild and injected into a same-origin page: starts the app's
 * own built data worker (dist/assets/data-worker-*.js) and reaches it through
 * comlink exactly as the UI does, so query timings include the worker hop.
 */
import { wrapDataApi, type DataClient } from '../../src/app/data/data-client';
import type { BenchListingQuery } from '../listing-query';

let api: DataClient | null = null;

async function start(workerUrl: string, dbName: string): Promise<void> {
  const { client, init } = wrapDataApi(new Worker(workerUrl, { type: 'module' }));
  await init({ apiBase: location.origin, dbName, sync: false });
  api = client;
}

async function query(q: BenchListingQuery): Promise<{ ids: string[]; total: number }> {
  if (!api) throw new Error('start() first');
  const result = await api.query({
    kind: 'products',
    query: {
      category: q.category,
      colors: q.colors,
      sizes: q.sizes,
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
      sort: 'price-low-high',
      page: q.page,
      perPage: q.perPage,
    },
  });
  return { ids: result.items.map((d) => d.id), total: result.total };
}

(globalThis as { __appWorkerBench?: unknown }).__appWorkerBench = { start, query };
