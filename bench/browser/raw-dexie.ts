/**
 * Baseline for the benchmark, bundled with esbuild and injected into the page:
 * the same catalogue in a plain Dexie database (no RxDB, no worker), loaded
 * straight from the pull endpoint, and the listing query written by hand
 * against a compound index. bench/run.ts compares the app's figures with these.
 */
import Dexie, { type Table } from 'dexie';
import type { ProductDoc } from '../../src/domain/catalog';
import type { BenchListingQuery } from '../listing-query';
import { forEachPullBatch } from './pull-pages';

class RawDb extends Dexie {
  products!: Table<ProductDoc, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({
      products: 'id, [gender+effective_price+id], [category_slug+effective_price+id]',
    });
  }
}

let db: RawDb | null = null;
let dbName = '';

async function load(apiBase: string): Promise<{ docs: number; ms: number }> {
  const started = performance.now();
  dbName = `souk-bench-raw-${Date.now()}`;
  db = new RawDb(dbName);
  let docs = 0;
  const target = db;
  await forEachPullBatch(apiBase, async (batch) => {
    await target.products.bulkPut(batch.documents.filter((d) => !d._deleted));
    docs += batch.documents.length;
  });
  return { docs, ms: performance.now() - started };
}

/** The same documents with only their primary key: what any store of them must at least pay. */
class KeyOnlyDb extends Dexie {
  products!: Table<ProductDoc, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ products: 'id' });
  }
}

/** Every batch bulkPut into `copy` (fresh, then deleted), timed. */
async function timePuts(copy: Dexie & { products: Table<ProductDoc, string> }, batches: ProductDoc[][]): Promise<number> {
  await copy.open();
  const t0 = performance.now();
  for (const batch of batches) await copy.products.bulkPut(batch);
  const ms = performance.now() - t0;
  copy.close();
  await copy.delete();
  return ms;
}

/**
 * The two halves of load() apart, for the first sync's ceiling on this machine: every pull page fetched and
 * parsed into memory (timed), then the same documents bulkPut batch by batch into a fresh copy (timed): once
 * with load()'s two listing indexes, once with the primary key alone (the app's products store no index that
 * its first sync pays for, so this is the tight bound). Neither the app nor load() can be faster than the
 * fetch and the key-only put together. `lang`: the documents as the app pulls them (descriptions in that language).
 */
async function parts(apiBase: string, lang?: string): Promise<{ docs: number; fetchMs: number; putMs: number; keyOnlyPutMs: number }> {
  const batches: ProductDoc[][] = [];
  const t0 = performance.now();
  await forEachPullBatch(
    apiBase,
    (batch) => {
      batches.push(batch.documents.filter((d) => !d._deleted));
    },
    lang,
  );
  const fetchMs = performance.now() - t0;
  const putMs = await timePuts(new RawDb(`souk-bench-put-${Date.now()}`), batches);
  const keyOnlyPutMs = await timePuts(new KeyOnlyDb(`souk-bench-key-put-${Date.now()}`), batches);
  return { docs: batches.reduce((n, b) => n + b.length, 0), fetchMs, putMs, keyOnlyPutMs };
}

/** Category + colors + sizes + price range, sorted by price ascending, one page, with the total. */
async function query(q: BenchListingQuery): Promise<{ ids: string[]; total: number }> {
  if (!db) throw new Error('load() first');
  const byGender = ['men', 'women', 'children'].includes(q.category);
  const index = byGender ? '[gender+effective_price+id]' : '[category_slug+effective_price+id]';
  const offset = (q.page - 1) * q.perPage;
  // One index range read (getAll under the hood), then the facet filters in memory; the index keeps price order.
  const inRange = await db.products
    .where(index)
    .between([q.category, q.minPrice, Dexie.minKey], [q.category, q.maxPrice, Dexie.maxKey], true, true)
    .toArray();
  const matching = inRange.filter(
    (d) => q.colors.some((c) => d.colors.includes(c)) && q.sizes.some((s) => d.sizes.includes(s)),
  );
  const total = matching.length;
  const page = matching.slice(offset, offset + q.perPage);
  return { ids: page.map((d) => d.id), total };
}

/** Cold start: close the database, then open it again and answer the first query. */
async function coldStart(first: BenchListingQuery): Promise<{ ms: number; answer: { ids: string[]; total: number } }> {
  if (!db) throw new Error('load() first');
  db.close();
  const t0 = performance.now();
  db = new RawDb(dbName);
  await db.open();
  const answer = await query(first);
  return { ms: performance.now() - t0, answer };
}

(globalThis as { __rawDexieBench?: unknown }).__rawDexieBench = { load, parts, query, coldStart };
