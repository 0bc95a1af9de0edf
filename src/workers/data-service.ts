/**
 * DataApi implemented on the RxDB database and the catalogue replication.
 * Plain class, no Worker or comlink here, so Node tests use it directly;
 * data-worker.ts exposes one instance through comlink.
 */
import type { RxStorage } from 'rxdb';
import { Subscription } from 'rxjs';
import { createSoukDatabase, DEFAULT_DB_NAME, type SoukDatabase } from '../db/database';
import { clearPersonalCollections } from '../db/personal-collections';
import { productListing, type ProductListing } from '../db/product-listing';
import { runDataQuery, watchDataQuery } from '../db/queries/query-api';
import type { BackoffOptions } from '../sync/backoff';
import type { OnlineSignal } from '../sync/online-signal';
import { startCatalogReplication, type CatalogReplication } from '../sync/replication';
import { MAX_PULL_LIMIT } from '../sync/protocol';
import { SyncStatusStore } from '../sync/sync-status';
import type { FetchLike } from '../sync/transport/fetch-type';
import type {
  DataApi,
  DataError,
  DataQuery,
  DataWorkerOptions,
  ListingIndexStatus,
  ResultOf,
  SyncStatus,
  Unsubscribe,
} from './data-api';
import { toDataError } from './data-error';

/** What the environment provides; tests inject a fake network, storage and online signal. */
export interface DataServiceDeps {
  storage?: RxStorage<unknown, unknown>;
  fetch?: FetchLike;
  online?: OnlineSignal;
  backoff?: Partial<BackoffOptions>;
  /** Documents per pull (default PULL_BATCH_SIZE). */
  pullBatchSize?: number;
  streamIdleTimeoutMs?: number;
  /** Tests only: RxDB dev-mode + ajv validation. */
  devMode?: boolean;
  /**
   * Share the database with other tabs' workers: change events cross over BroadcastChannel
   * and only the elected leader replicates. Default: true in browsers and workers, false in Node.
   */
  multiInstance?: boolean;
  /** Tests only (dev-mode): two instances of one database in one realm, as two tabs. */
  ignoreDuplicate?: boolean;
}

/**
 * Documents per pull: the protocol's maximum rather than its default (500). Fewer round trips and
 * fewer, larger RxDB write transactions: at 50,000 products in Chromium (npm run bench) the first
 * sync went from 29.9 s to 21.6 s (raw fetch + bulkPut of 2,000 at a time: about 11 s). The progress
 * bar moves every 2,000 documents, about once a second.
 */
export const PULL_BATCH_SIZE = MAX_PULL_LIMIT;

/** A browser window or a worker (Node 20 has BroadcastChannel but neither of these). */
function inBrowserScope(): boolean {
  return 'WorkerGlobalScope' in globalThis || 'document' in globalThis;
}

interface Started {
  options: DataWorkerOptions;
  db: SoukDatabase;
  /** The in-memory listing index, building from the moment the database is open. */
  listing: ProductListing;
  replication: CatalogReplication | null;
  /** Stands in for the replication's status when sync is off. */
  status: SyncStatusStore;
}

export class DataService implements DataApi {
  private started: Promise<Started> | null = null;
  private initOptions: DataWorkerOptions | null = null;
  private readonly watches = new Set<Subscription>();

  constructor(private readonly deps: DataServiceDeps = {}) {}

  init(options: DataWorkerOptions): Promise<void> {
    if (this.started && this.initOptions) {
      const same =
        this.initOptions.apiBase === options.apiBase &&
        (this.initOptions.dbName ?? DEFAULT_DB_NAME) === (options.dbName ?? DEFAULT_DB_NAME);
      if (!same) return Promise.reject(new Error('DataService: already initialised with another apiBase or dbName'));
      return this.started.then(() => undefined);
    }
    this.initOptions = { ...options };
    this.started = this.start(options);
    // A failed start may be retried by calling init again.
    this.started.catch(() => {
      this.started = null;
      this.initOptions = null;
    });
    return this.started.then(() => undefined);
  }

  private async start(options: DataWorkerOptions): Promise<Started> {
    const apiBase = options.apiBase.replace(/\/+$/, '');
    const db = await createSoukDatabase({
      name: options.dbName ?? DEFAULT_DB_NAME,
      storage: this.deps.storage,
      devMode: this.deps.devMode,
      multiInstance: this.deps.multiInstance ?? inBrowserScope(),
      ignoreDuplicate: this.deps.ignoreDuplicate,
    });
    // Start the listing index now: its build (one pass over the products in primary-key chunks)
    // overlaps with the replication's start, and listing queries wait for it.
    const listing = productListing(db.products);
    listing.whenReady().catch(() => undefined);
    const status = new SyncStatusStore();
    if (options.sync === false) return { options, db, listing, replication: null, status };
    try {
      const replication = await startCatalogReplication({
        db,
        apiBase,
        fetch: this.deps.fetch,
        online: this.deps.online,
        backoff: this.deps.backoff,
        batchSize: this.deps.pullBatchSize ?? PULL_BATCH_SIZE,
        streamIdleTimeoutMs: this.deps.streamIdleTimeoutMs,
      });
      return { options, db, listing, replication, status: replication.status };
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  private ready(): Promise<Started> {
    return this.started ?? Promise.reject(new Error('DataService: call init() first'));
  }

  async query<Q extends DataQuery>(q: Q): Promise<ResultOf<Q>> {
    const { db } = await this.ready();
    return runDataQuery(db, q);
  }

  async watch<Q extends DataQuery>(
    q: Q,
    onResult: (result: ResultOf<Q>) => void,
    onError?: (error: DataError) => void,
  ): Promise<Unsubscribe> {
    const { db } = await this.ready();
    // An unknown kind throws here: the watch() call itself rejects.
    const source = watchDataQuery(db, q);
    const watch = new Subscription(() => this.watches.delete(watch));
    this.watches.add(watch);
    watch.add(
      source.subscribe({
        next: (result) => onResult(result),
        // A query that cannot run ends the watch; the UI hears why (onError) and can offer a retry.
        error: (error: unknown) => {
          watch.unsubscribe();
          callSafely(onError, toDataError(error));
        },
      }),
    );
    return () => watch.unsubscribe();
  }

  async syncStatus(): Promise<SyncStatus> {
    return (await this.ready()).status.get();
  }

  async watchSyncStatus(onStatus: (status: SyncStatus) => void): Promise<Unsubscribe> {
    const { status } = await this.ready();
    onStatus(status.get());
    return status.subscribe(onStatus);
  }

  async listingIndexStatus(): Promise<ListingIndexStatus> {
    return (await this.ready()).listing.status();
  }

  async clearPersonalData(): Promise<{ cleared: string[] }> {
    const { db } = await this.ready();
    return { cleared: await clearPersonalCollections(db) };
  }

  /** With sync off there is nothing to wait for: resolves at once. */
  async awaitInitialSync(): Promise<void> {
    const { replication } = await this.ready();
    await replication?.awaitInitialSync();
  }

  async resync(): Promise<void> {
    const { replication } = await this.ready();
    replication?.resync();
  }

  /** Not part of DataApi: stops replication and closes the database (tests, worker shutdown). */
  async close(): Promise<void> {
    const started = this.started;
    if (!started) return;
    this.started = null;
    this.initOptions = null;
    const s = await started.catch(() => null);
    if (!s) return;
    for (const watch of [...this.watches]) watch.unsubscribe();
    await s.replication?.stop();
    await s.db.close();
  }

  /** Not part of DataApi: the open database (tests). */
  async database(): Promise<SoukDatabase> {
    return (await this.ready()).db;
  }
}

/** A callback of the UI (a comlink proxy across the worker boundary) must not break the worker if it fails. */
function callSafely<T>(callback: ((value: T) => unknown) | undefined, value: T): void {
  try {
    void Promise.resolve(callback?.(value)).catch(() => undefined);
  } catch {
    // The page went away or released the callback: nobody is listening.
  }
}
