/**
 * What a reload must know about past syncs, persisted in a local document of
 * the database (not a collection; see src/db/collections-plan.md): which
 * collections finished their first full pull, and when a pull last finished.
 * Keyed by the API base: another server means another replication.
 * (The checkpoints themselves are RxDB's, in its replication meta instances.)
 */
import { z } from 'zod';
import type { SoukDatabase } from '../db/database';
import { localDoc$ } from '../db/local-doc';
import { REPLICATED_COLLECTIONS, type ReplicatedCollection } from './protocol';

export const SYNC_META_ID = 'sync-meta';

const syncMetaSchema = z.object({
  apiBase: z.string(),
  initialDone: z.array(z.enum(REPLICATED_COLLECTIONS)),
  lastSyncedAt: z.number().nullable(),
});
export type SyncMeta = z.infer<typeof syncMetaSchema>;

export class SyncMetaStore {
  private queue: Promise<unknown> = Promise.resolve();
  private meta: SyncMeta;

  private constructor(
    private readonly db: SoukDatabase,
    initial: SyncMeta,
  ) {
    this.meta = initial;
  }

  static async open(db: SoukDatabase, apiBase: string): Promise<SyncMetaStore> {
    const doc = await db.getLocal(SYNC_META_ID);
    return new SyncMetaStore(db, SyncMetaStore.parse(doc?.toJSON().data, apiBase));
  }

  private static parse(data: unknown, apiBase: string): SyncMeta {
    const parsed = syncMetaSchema.safeParse(data);
    return parsed.success && parsed.data.apiBase === apiBase ? parsed.data : { apiBase, initialDone: [], lastSyncedAt: null };
  }

  /**
   * Follows the persisted meta, including writes by another instance of the
   * database (another tab's worker, when this one is not the replicating leader).
   */
  subscribe(listener: (meta: SyncMeta) => void): () => void {
    const sub = localDoc$(this.db, SYNC_META_ID).subscribe((doc) => {
      if (!doc) return;
      const next = SyncMetaStore.parse(doc.toJSON().data, this.meta.apiBase);
      this.meta = {
        ...next,
        initialDone: [...new Set([...this.meta.initialDone, ...next.initialDone])],
        lastSyncedAt: Math.max(this.meta.lastSyncedAt ?? 0, next.lastSyncedAt ?? 0) || null,
      };
      listener(this.meta);
    });
    return () => sub.unsubscribe();
  }

  get(): SyncMeta {
    return this.meta;
  }

  isInitialDone(collection: ReplicatedCollection): boolean {
    return this.meta.initialDone.includes(collection);
  }

  markInitialDone(collection: ReplicatedCollection): Promise<void> {
    if (this.isInitialDone(collection)) return Promise.resolve();
    return this.write({ ...this.meta, initialDone: [...this.meta.initialDone, collection] });
  }

  setLastSyncedAt(at: number): Promise<void> {
    return this.write({ ...this.meta, lastSyncedAt: at });
  }

  private write(next: SyncMeta): Promise<void> {
    this.meta = next;
    const run = this.queue.then(async () => {
      if (this.db.closed) return;
      await this.db.upsertLocal(SYNC_META_ID, { ...this.meta });
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
