/**
 * Bundled with esbuild and injected into a same-origin page: starts the app's
 * own built data worker (dist/assets/data-worker-*.js) and reaches it through
 * comlink exactly as the UI does, so query timings include the worker hop.
 */
import { wrap } from 'comlink';
import { wrapDataApi, type DataClient } from '../../src/app/data/data-client';
import type { ProductQuery } from '../../src/domain/catalog';
import type { DataApi, ListingIndexStatus } from '../../src/workers/data-api';
import type { BenchListingQuery } from '../listing-query';

let api: DataClient | null = null;
let status: (() => Promise<ListingIndexStatus>) | null = null;

function toProductQuery(q: BenchListingQuery): ProductQuery {
  return {
    category: q.category,
    colors: q.colors,
    sizes: q.sizes,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    sort: 'price-low-high',
    page: q.page,
    perPage: q.perPage,
  };
}

/**
 * Cold start: from `new Worker` until the first listing query has answered (worker script, RxDB
 * open, listing index build from the stored products, the query). Keeps the worker for query().
 */
async function coldStart(
  workerUrl: string,
  dbName: string,
  first: BenchListingQuery,
): Promise<{ ms: number; answer: { ids: string[]; total: number }; index: ListingIndexStatus }> {
  const t0 = performance.now();
  const worker = new Worker(workerUrl, { type: 'module' });
  const { client, init } = wrapDataApi(worker);
  await init({ apiBase: location.origin, dbName, sync: false });
  const page = await client.query({ kind: 'products', query: toProductQuery(first) });
  const ms = performance.now() - t0;
  api = client;
  // listingIndexStatus is not part of the UI's client: a second comlink wrapper of the same worker.
  const raw = wrap<DataApi>(worker);
  status = () => raw.listingIndexStatus();
  return { ms, answer: { ids: page.items.map((d) => d.id), total: page.total }, index: await status() };
}

async function query(q: BenchListingQuery): Promise<{ ids: string[]; total: number }> {
  if (!api) throw new Error('coldStart() first');
  const result = await api.query({ kind: 'products', query: toProductQuery(q) });
  return { ids: result.items.map((d) => d.id), total: result.total };
}

/** Any listing query (the mix of sorts and filters). */
async function queryAny(q: ProductQuery): Promise<{ total: number }> {
  if (!api) throw new Error('coldStart() first');
  const result = await api.query({ kind: 'products', query: q });
  return { total: result.total };
}

(globalThis as { __appWorkerBench?: unknown }).__appWorkerBench = { coldStart, query, queryAny };
