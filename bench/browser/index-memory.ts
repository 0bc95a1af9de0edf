/**
 * Bundled with esbuild and injected into a same-origin page: a ListingIndex of
 * the whole catalogue, built the way the data worker builds it (one batch at a
 * time, each batch dropped afterwards, so the index keeps only its own copies of
 * ids and names). bench/run.ts reads the page's heap (DevTools protocol, after a
 * GC) between fetchAll() and build().
 */
import { ListingIndex } from '../../src/db/listing-index';
import { SORTS } from '../../src/domain/catalog';
import { forEachPullBatch, type ProductBatch } from './pull-pages';


let texts: string[] = [];

/** Fetches every batch as text (kept, so the transfer is not part of the measurement); their UTF-8 size. */
async function fetchAll(apiBase: string): Promise<number> {
  texts = [];
  await forEachPullBatch(apiBase, (_batch, text) => {
    texts.push(text);
  });
  const encoder = new TextEncoder();
  return texts.reduce((n, text) => n + encoder.encode(text).length, 0);
}

function build(): { entries: number; approxBytes: number } {
  const index = new ListingIndex();
  for (const text of texts) {
    // Documents reach the worker by structured clone (IndexedDB, events): every string its own copy,
    // where JSON.parse may share repeated short strings.
    const documents = structuredClone((JSON.parse(text) as ProductBatch).documents);
    for (const d of documents) if (!d._deleted) index.upsert(d);
  }
  index.trim();
  // The sort orders a listing builds on first use are part of the footprint.
  for (const sort of SORTS) index.query({ sort, page: 1, perPage: 24 });
  // Keep it reachable until the heap has been measured.
  (globalThis as { __listingIndex?: ListingIndex }).__listingIndex = index;
  return { entries: index.size, approxBytes: index.approxBytes() };
}

(globalThis as { __indexMemoryBench?: unknown }).__indexMemoryBench = { fetchAll, build };
