/**
 * DataApi implemented on the RxDB database and the catalogue replication.
 * Plain class, no Worker or comlink here, so Node tests use it directly;
 * data-worker.ts exposes one instance through comlink.
 */
import type { RxStorage } from 'rxdb';
import { Subscription } from 'rxjs';
import { createSoukDatabase, DEFAULT_DB_NAME, type SoukDatabase } from '../db/database';
import { queueFollowChange } from '../db/follows';
import { dismissEntry, LocalWriteLock, outboxCounts } from '../db/outbox';
import { clearPersonalCollections } from '../db/personal-collections';
import { productListing, type ProductListing } from '../db/product-listing';
import { runDataQuery, watchDataQuery } from '../db/queries/query-api';
import { DEFAULT_BACKOFF, type BackoffOptions } from '../sync/backoff';
import {
  browserOnlineSignal,
  ONLINE_SETTLE_MS,
  relayedOnlineSignal,
  type OnlineSignal,
  type RelayedOnlineSignal,
} from '../sync/online-signal';
import { startOutboxReplayer, type OutboxReplayer } from '../sync/outbox-replayer';
import { removePersonalCheckpoints, startPersonalReplication, type PersonalReplication } from '../sync/personal-replication';
import { bearer, tokenOwner } from '../sync/session-token';
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
  /** How long "online" must hold after "offline" before any loop uses the network (default ONLINE_SETTLE_MS). */
  onlineSettleMs?: number;
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

/** Local document naming whose personal data the database holds (tokenOwner of the session that wrote it). */
export const PERSONAL_OWNER_ID = 'personal-owner';

interface Started {
  options: DataWorkerOptions;
  apiBase: string;
  db: SoukDatabase;
  /** Serialises local write sequences (follow + outbox entry, settling an entry, the wipe). */
  lock: LocalWriteLock;
  /** Sends the outbox (null when sync is off). */
  replayer: OutboxReplayer | null;
  /** The signed-in user's replication, while there is a usable session. */
  personal: PersonalReplication | null;
  /** The in-memory listing index, building from the moment the database is open. */
  listing: ProductListing;
  replication: CatalogReplication | null;
  /** Stands in for the replication's status when sync is off. */
  status: SyncStatusStore;
  outboxWatch: Subscription | null;
}

export class DataService implements DataApi {
  private started: Promise<Started> | null = null;
  private initOptions: DataWorkerOptions | null = null;
  private readonly watches = new Set<Subscription>();
  /** The session the UI gave (setSession), and the token the server refused (401), if any. */
  private token: string | null = null;
  private refusedToken: string | null = null;
  /** setSession and clearPersonalData run one at a time, in call order. */
  private readonly sessionLock = new LocalWriteLock();

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
    const lock = new LocalWriteLock();
    const base = { options, apiBase, db, listing, lock, replayer: null, personal: null };
    if (options.sync === false) {
      const status = new SyncStatusStore();
      const started: Started = { ...base, replication: null, status, outboxWatch: null };
      started.outboxWatch = this.watchOutboxCounts(started);
      return started;
    }
    try {
      let started: Started | null = null;
      const replication = await startCatalogReplication({
        db,
        apiBase,
        fetch: this.deps.fetch,
        online: this.online(),
        backoff: this.deps.backoff,
        batchSize: this.deps.pullBatchSize ?? PULL_BATCH_SIZE,
        streamIdleTimeoutMs: this.deps.streamIdleTimeoutMs,
        // Signed in: the stream carries the pokes of the user's own collections too.
        streamHeaders: () => {
          const token = this.usableToken();
          return token === null ? {} : bearer(token);
        },
        onStreamConnected: () => started?.personal?.resync(),
        onPersonalChanged: () => started?.personal?.resync(),
      });
      const replayer = startOutboxReplayer({
        db,
        apiBase,
        lock,
        fetch: this.deps.fetch,
        online: this.online(),
        backoff: this.backoff(),
        onSent: () => started?.personal?.resync(),
        onUnauthorized: (token) => this.onUnauthorized(token),
        onError: (code) => (code === null ? replication.status.clearError('outbox') : replication.status.setError('outbox', code)),
      });
      started = { ...base, replication, status: replication.status, replayer, outboxWatch: null };
      started.outboxWatch = this.watchOutboxCounts(started);
      return started;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /**
   * The worker's own signal, plus what the page reports (networkChanged). Back online counts once it held
   * ONLINE_SETTLE_MS: an offline tab being navigated away can report a passing `online` while its worker
   * briefly has the network, and the stream and pulls must not reach the server then.
   */
  private online(): RelayedOnlineSignal {
    this.onlineSignal ??= relayedOnlineSignal(this.deps.online ?? browserOnlineSignal(), {
      settleMs: this.deps.onlineSettleMs ?? ONLINE_SETTLE_MS,
    });
    return this.onlineSignal;
  }
  private onlineSignal: RelayedOnlineSignal | null = null;

  private backoff(): BackoffOptions {
    return { ...DEFAULT_BACKOFF, ...this.deps.backoff };
  }

  /** The session token unless the server refused it. */
  private usableToken(): string | null {
    return this.token !== null && this.token !== this.refusedToken ? this.token : null;
  }

  /** Keeps SyncStatus.outbox in step with the collection (every instance: followers show it too). */
  private watchOutboxCounts(s: Started): Subscription {
    const refresh = () => {
      outboxCounts(s.db)
        .then((counts) => s.status.setOutbox(counts))
        .catch(() => undefined);
    };
    refresh();
    return s.db.outbox.$.subscribe(refresh);
  }

  /** A personal pull or a queued write was answered 401: stop using this token until another comes. */
  private onUnauthorized(token: string): void {
    if (this.token !== token || this.refusedToken === token) return;
    this.refusedToken = token;
    void this.started?.then(async (s) => {
      s.status.setPersonal('unauthorized');
      const personal = s.personal;
      s.personal = null;
      await personal?.stop();
      await s.replayer?.setToken(null);
      // Reopen the stream without the refused token.
      s.replication?.reconnectStream();
    });
  }

  /** Stops the personal replication and the replayer (their in-flight work has ended when this resolves). */
  private async pausePersonal(s: Started): Promise<void> {
    const personal = s.personal;
    s.personal = null;
    await personal?.stop();
    await s.replayer?.setToken(null);
  }

  /** Starts the personal replication and the replayer with the usable token, if any. */
  private async resumePersonal(s: Started): Promise<void> {
    const token = this.usableToken();
    if (token === null) {
      s.status.setPersonal(this.token === null ? 'off' : 'unauthorized');
      return;
    }
    if (s.replication) {
      s.personal = startPersonalReplication({
        db: s.db,
        apiBase: s.apiBase,
        token,
        owner: tokenOwner(token),
        fetch: this.deps.fetch,
        online: this.online(),
        backoff: this.backoff(),
        batchSize: this.deps.pullBatchSize ?? PULL_BATCH_SIZE,
        status: s.status,
        onUnauthorized: () => this.onUnauthorized(token),
      });
    }
    s.status.setPersonal('active');
    await s.replayer?.setToken(token);
  }

  /** Empties the personal collections and forgets the owner's checkpoints (personal sync paused by the caller). */
  private async wipePersonal(s: Started): Promise<string[]> {
    return s.lock.runExclusive(async () => {
      const cleared = await clearPersonalCollections(s.db);
      const owner = await this.storedOwner(s);
      if (owner !== null) await removePersonalCheckpoints(s.db, s.apiBase, owner);
      await s.db.upsertLocal(PERSONAL_OWNER_ID, { owner: null });
      return cleared;
    });
  }

  private async storedOwner(s: Started): Promise<string | null> {
    const doc = await s.db.getLocal<{ owner: string | null }>(PERSONAL_OWNER_ID);
    const owner = doc?.get('owner') as unknown;
    return typeof owner === 'string' ? owner : null;
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
    const s = await this.ready();
    return this.sessionLock.runExclusive(async () => {
      await this.pausePersonal(s);
      try {
        return { cleared: await this.wipePersonal(s) };
      } finally {
        if (this.usableToken() !== null) {
          await s.db.upsertLocal(PERSONAL_OWNER_ID, { owner: tokenOwner(this.token ?? '') });
          await this.resumePersonal(s);
        }
      }
    });
  }

  async setSession(token: string | null): Promise<void> {
    const s = await this.ready();
    await this.sessionLock.runExclusive(async () => {
      if (token === this.token) return;
      await this.pausePersonal(s);
      this.token = token;
      if (token !== null && token !== this.refusedToken) this.refusedToken = null;
      if (token !== null) {
        // Another user's data must never show or replay under this session: wipe it first.
        const owner = tokenOwner(token);
        const stored = await this.storedOwner(s);
        if (stored !== null && stored !== owner) await this.wipePersonal(s);
        await s.db.upsertLocal(PERSONAL_OWNER_ID, { owner });
      }
      await this.resumePersonal(s);
      // The stream's headers changed: reopen it (signed in, it also pokes the personal collections).
      s.replication?.reconnectStream();
    });
  }

  async follow(shopId: string): Promise<{ entryId: string }> {
    return this.queueFollow(shopId, true);
  }

  async unfollow(shopId: string): Promise<{ entryId: string }> {
    return this.queueFollow(shopId, false);
  }

  private async queueFollow(shopId: string, follow: boolean): Promise<{ entryId: string }> {
    const s = await this.ready();
    // A guest cannot follow (the server answers 401): the UI asks to sign in instead of queueing.
    if (this.token === null) throw new Error('Authentication required');
    const entry = await s.lock.runExclusive(() => queueFollowChange(s.db, shopId, follow));
    s.replayer?.kick();
    return { entryId: entry.id };
  }

  async dismissOutboxEntry(id: string): Promise<void> {
    const s = await this.ready();
    await s.lock.runExclusive(() => dismissEntry(s.db, id));
  }

  networkChanged(online: boolean): Promise<void> {
    this.online().report(online);
    return Promise.resolve();
  }

  /** With sync off there is nothing to wait for: resolves at once. */
  async awaitInitialSync(): Promise<void> {
    const { replication } = await this.ready();
    await replication?.awaitInitialSync();
  }

  async resync(): Promise<void> {
    const { replication, personal, replayer } = await this.ready();
    replication?.resync();
    personal?.resync();
    replayer?.kick();
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
    s.outboxWatch?.unsubscribe();
    await s.replayer?.stop();
    await s.personal?.stop();
    await s.replication?.stop();
    await s.db.close();
    this.token = null;
    this.refusedToken = null;
  }

  /** Not part of DataApi: resolves when the outbox has nothing left to send now (tests). */
  async outboxIdle(): Promise<void> {
    await (await this.ready()).replayer?.whenIdle();
  }

  /** Not part of DataApi: resolves when the personal replication has caught up once (tests). */
  async awaitPersonalSync(): Promise<void> {
    await (await this.ready()).personal?.awaitInitialSync();
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
