/**
 * Bundled with esbuild and injected into a same-origin page: a ListingIndex of
 * the whole catalogue, built the way the data worker builds it (one batch at a
 * time, each batch dropped afterwards, so the index keeps only its own copies of
 * ids and names). bench/run.ts reads the page's heap (DevTools protocol, after a
 * GC) between fetchAll() and build().
 */
import { ListingIndex } from '../../src/db/listing-index';
import { SORTS, type ProductDoc } from '../../src/domain/catalog';

interface PullBatch {
  documents: Array<ProductDoc & { _deleted: boolean }>;
  checkpoint: { updatedAt: number; id: string } | null;
}

let texts: string[] = [];

/** Fetches every batch as text (kept, so the transfer is not part of the measurement); their UTF-8 size. */
async function fetchAll(apiBase: string): Promise<number> {
  texts = [];
  let checkpoint: PullBatch['checkpoint'] = null;
  for (;;) {
    const params = new URLSearchParams({ v: '1', limit: '2000' });
    if (checkpoint) {
      params.set('updatedAt', String(checkpoint.updatedAt));
      params.set('id', checkpoint.id);
    }
    const res = await fetch(`${apiBase}/api/sync/products/pull?${params}`);
    if (!res.ok) throw new Error(`pull failed: ${res.status}`);
    const text = await res.text();
    const batch = JSON.parse(text) as PullBatch;
    if (batch.documents.length === 0) break;
    texts.push(text);
    checkpoint = batch.checkpoint;
  }
  const encoder = new TextEncoder();
  return texts.reduce((n, text) => n + encoder.encode(text).length, 0);
}

function build(): { entries: number; approxBytes: number } {
  const index = new ListingIndex();
  for (const text of texts) {
    // Documents reach the worker by structured clone (IndexedDB, events): every string its own copy,
    // where JSON.parse may share repeated short strings.
    const documents = structuredClone((JSON.parse(text) as PullBatch).documents);
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
