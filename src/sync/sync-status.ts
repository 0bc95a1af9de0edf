/**
 * The SyncStatus of data-api.ts, kept up to date by the replication and the
 * change stream. Phase, by priority: offline (the online signal says so) >
 * error (the last pull or stream connection failed and is being retried) >
 * initial (some catalogue collection never caught up) > live. 'starting' until
 * start(). Deferred collections (reviews, src/sync/collection-groups.ts) report
 * their progress and initialDone but never hold the phase in 'initial'. In the
 * 'viewed' catalogue mode (issue 25) the products do not replicate: the first
 * sync is the categories' and shops', and the phase follows them alone.
 */
import type { CatalogueMode, CollectionProgress, OutboxCounts, PersonalSyncState, SyncStatus } from '../workers/data-api';
import { CATALOGUE_COLLECTIONS } from './collection-groups';
import { REPLICATED_COLLECTIONS, type ReplicatedCollection } from './protocol';

type Listener = (status: SyncStatus) => void;

export class SyncStatusStore {
  private started = false;
  private offline = false;
  private lastSyncedAt: number | null = null;
  private personal: PersonalSyncState = 'off';
  private outbox: OutboxCounts = { pending: 0, failed: 0 };
  private catalogueMode: CatalogueMode = 'full';
  private readonly progress = new Map<ReplicatedCollection, CollectionProgress>(
    REPLICATED_COLLECTIONS.map((c) => [c, { pulled: 0, remaining: null, initialDone: false }]),
  );
  /** Current failures by source ('pull:products', 'stream'); cleared by the next success of that source. */
  private readonly errors = new Map<string, string>();
  private readonly listeners = new Set<Listener>();
  private snapshot: SyncStatus = this.compute();

  get(): SyncStatus {
    return this.snapshot;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  markStarted(): void {
    this.started = true;
    this.emit();
  }

  setOffline(offline: boolean): void {
    if (this.offline === offline) return;
    this.offline = offline;
    this.emit();
  }

  /** A successful pull of `count` documents; `remaining` as the server said. */
  recordPull(collection: ReplicatedCollection, count: number, remaining: number): void {
    const p = this.collection(collection);
    this.progress.set(collection, { ...p, pulled: p.pulled + count, remaining });
    this.clearError(`pull:${collection}`);
    this.emit();
  }

  /** initialDone from the persisted meta or from this session's first catch-up. */
  setInitialDone(collection: ReplicatedCollection, done: boolean): void {
    const p = this.collection(collection);
    if (p.initialDone === done) return;
    this.progress.set(collection, { ...p, initialDone: done });
    this.emit();
  }

  setLastSyncedAt(at: number | null): void {
    if (at === null || (this.lastSyncedAt !== null && at <= this.lastSyncedAt)) return;
    this.lastSyncedAt = at;
    this.emit();
  }

  setError(source: string, code: string): void {
    this.errors.delete(source);
    this.errors.set(source, code);
    this.emit();
  }

  clearError(source: string): void {
    if (!this.errors.delete(source)) return;
    this.emit();
  }

  /** The signed-in user's replication: off, active, or stopped by a 401 (not retried). */
  setPersonal(state: PersonalSyncState): void {
    this.personal = state;
    this.emit();
  }

  setOutbox(counts: OutboxCounts): void {
    this.outbox = { ...counts };
    this.emit();
  }

  /** The catalogue mode in effect (SyncStatus.catalogueMode). */
  setCatalogueMode(mode: CatalogueMode): void {
    this.catalogueMode = mode;
    this.emit();
  }

  /**
   * The catalogue caught up at least once: the first sync is done (reviews may still be pulling). In 'viewed'
   * mode the products are not replicated and do not count.
   */
  catalogueInitialDone(): boolean {
    return CATALOGUE_COLLECTIONS.every((c) => (c === 'products' && this.catalogueMode === 'viewed') || this.collection(c).initialDone);
  }

  private collection(c: ReplicatedCollection): CollectionProgress {
    return this.progress.get(c) ?? { pulled: 0, remaining: null, initialDone: false };
  }

  private compute(): SyncStatus {
    const phase: SyncStatus['phase'] = !this.started
      ? 'starting'
      : this.offline
        ? 'offline'
        : this.errors.size > 0
          ? 'error'
          : this.catalogueInitialDone()
            ? 'live'
            : 'initial';
    const collections = Object.fromEntries(
      REPLICATED_COLLECTIONS.map((c) => [c, { ...this.collection(c) }]),
    ) as Record<ReplicatedCollection, CollectionProgress>;
    const newest = [...this.errors.values()].at(-1) ?? null;
    return {
      phase,
      collections,
      lastSyncedAt: this.lastSyncedAt,
      error: phase === 'error' ? newest : null,
      personal: this.personal,
      outbox: { ...this.outbox },
      catalogueMode: this.catalogueMode,
    };
  }

  private emit(): void {
    const next = this.compute();
    if (JSON.stringify(next) === JSON.stringify(this.snapshot)) return;
    this.snapshot = next;
    for (const l of [...this.listeners]) l(next);
  }
}
