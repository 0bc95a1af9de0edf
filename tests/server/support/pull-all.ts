/** Pulls a whole collection through the replication endpoint, validating every batch with the protocol schema. */
import {
  pullResponseSchema,
  type Checkpoint,
  type PullResponse,
  type ReplicatedCollection,
} from '../../../src/sync/protocol';

export interface PullAllResult<C extends ReplicatedCollection> {
  documents: PullResponse<C>['documents'];
  batches: PullResponse<C>[];
  checkpoint: Checkpoint | null;
}

export async function pullBatch<C extends ReplicatedCollection>(
  base: string,
  collection: C,
  after: Checkpoint | null,
  limit: number,
): Promise<PullResponse<C>> {
  const params = new URLSearchParams({ v: '1', limit: String(limit) });
  if (after) {
    params.set('updatedAt', String(after.updatedAt));
    params.set('id', after.id);
  }
  const res = await fetch(`${base}/api/sync/${collection}/pull?${params}`);
  if (res.status !== 200) throw new Error(`pull ${collection} → ${res.status}: ${await res.text()}`);
  return pullResponseSchema(collection).parse(await res.json()) as PullResponse<C>;
}

export async function pullAll<C extends ReplicatedCollection>(
  base: string,
  collection: C,
  limit = 500,
  from: Checkpoint | null = null,
): Promise<PullAllResult<C>> {
  const batches: PullResponse<C>[] = [];
  const documents: PullResponse<C>['documents'] = [];
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
