/** Pulls a whole collection through the replication endpoint, validating every batch with the protocol schema. */
import type { CategoryDoc, ProductDoc, ShopDoc } from '../../../src/domain/catalog';
import type { ReviewDoc } from '../../../src/domain/social';
import { pullResponseSchema, type Checkpoint, type ReplicatedCollection } from '../../../src/sync/protocol';

type DocOf<C extends ReplicatedCollection> = C extends 'products'
  ? ProductDoc
  : C extends 'categories'
    ? CategoryDoc
    : C extends 'reviews'
      ? ReviewDoc
      : ShopDoc;
export type PulledDoc<C extends ReplicatedCollection> = DocOf<C> & { _deleted: boolean };

export interface PullBatch<C extends ReplicatedCollection> {
  v: 1;
  documents: PulledDoc<C>[];
  checkpoint: Checkpoint | null;
  remaining: number;
}

export interface PullAllResult<C extends ReplicatedCollection> {
  documents: PulledDoc<C>[];
  batches: PullBatch<C>[];
  checkpoint: Checkpoint | null;
}

export async function pullBatch<C extends ReplicatedCollection>(
  base: string,
  collection: C,
  after: Checkpoint | null,
  limit: number,
): Promise<PullBatch<C>> {
  const params = new URLSearchParams({ v: '1', limit: String(limit) });
  if (after) {
    params.set('updatedAt', String(after.updatedAt));
    params.set('id', after.id);
  }
  const res = await fetch(`${base}/api/sync/${collection}/pull?${params}`);
  if (res.status !== 200) throw new Error(`pull ${collection} → ${res.status}: ${await res.text()}`);
  // Validated against the wire schema; the cast only narrows the union to this collection's document type.
  return pullResponseSchema(collection).parse(await res.json()) as unknown as PullBatch<C>;
}

export async function pullAll<C extends ReplicatedCollection>(
  base: string,
  collection: C,
  limit = 500,
  from: Checkpoint | null = null,
): Promise<PullAllResult<C>> {
  const batches: PullBatch<C>[] = [];
  const documents: PulledDoc<C>[] = [];
  let checkpoint = from;
  for (let guard = 0; guard < 100_000; guard++) {
    const batch = await pullBatch(base, collection, checkpoint, limit);
    batches.push(batch);
    if (batch.documents.length === 0) return { documents, batches, checkpoint };
    documents.push(...batch.documents);
    checkpoint = batch.checkpoint;
  }
  throw new Error('pull never caught up');
}
