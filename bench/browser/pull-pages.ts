/**
 * The benchmark's plain pager over the products pull endpoint (no RxDB): every batch in checkpoint order,
 * with its raw text (some measurements keep it) and parsed. Types come from the wire protocol.
 */
import type { ProductDoc } from '../../src/domain/catalog';
import type { Checkpoint, PullResponse } from '../../src/sync/protocol';

/** A products batch (the protocol's generic type leaves documents as a union over the collections). */
export type ProductBatch = Omit<PullResponse<'products'>, 'documents'> & {
  documents: Array<ProductDoc & { _deleted: boolean }>;
};

/** `lang`: pull the descriptions in that language alone, as the app does (none: every language held). */
export async function forEachPullBatch(
  apiBase: string,
  onBatch: (batch: ProductBatch, text: string) => Promise<void> | void,
  lang?: string,
): Promise<void> {
  let checkpoint: Checkpoint | null = null;
  for (;;) {
    const params = new URLSearchParams({ v: '1', limit: '2000' });
    if (lang !== undefined) params.set('lang', lang);
    if (checkpoint) {
      params.set('updatedAt', String(checkpoint.updatedAt));
      params.set('id', checkpoint.id);
    }
    const res = await fetch(`${apiBase}/api/sync/products/pull?${params}`);
    if (!res.ok) throw new Error(`pull failed: ${res.status}`);
    const text = await res.text();
    const batch = JSON.parse(text) as ProductBatch;
    if (batch.documents.length === 0) return;
    await onBatch(batch, text);
    checkpoint = batch.checkpoint;
  }
}
