/**
 * DataApi implemented on the RxDB database and the catalogue replication.
 * Plain class, no Worker or comlink here, so Node tests use it directly;
 * data-worker.ts exposes one instance through comlink.
 */
import type { RxStorage } from 'rxdb';
import { Subscription, type Observable } from 'rxjs';
import type { ProductDoc } from '../domain/catalog';
import { createSoukDatabase, DEFAULT_DB_NAME, type SoukDatabase } from '../db/database';
import {
  CART_META_ID,
  queueCartAdd,
  queueCartClear,
  queueCartMerge,
  queueCartRemove,
  queueCartSet,
  queueCouponApply,
  queueCouponRemove,
} from '../db/cart';
import { queueFollowChange } from '../db/follows';
import {
  CART_KINDS,
  dismissEntry,
  listOutbox,
  LocalWriteLock,
  outboxCounts,
  retryEntry,
  SEND_STATES,
  unsettledEntries,
  type OutboxEntry,
} from '../db/outbox';
import type { OutboxAuth } from '../db/outbox-entry';
import { queueSellerPrice, queueSellerStock } from '../db/seller-stock';
import { queueSellerShip } from '../db/seller-order-status';
import { openOutboxFiles, type OutboxFiles } from '../db/outbox-blobs';
import {
  queueSellerProductDraft,
  readSellerProductDraft,
  SELLER_PRODUCT_CREATE,
  sweepDraftFiles,
  type SellerProductDraft,
  type SellerProductDraftInput,
} from '../db/seller-product-draft';
import { SELLER_MIRROR_ID } from '../db/seller-mirror';
import { SELLER_OVERLAY_KINDS } from '../db/seller-overlay';
import { startSellerMirrorRefresher, type SellerMirrorRefresher } from '../sync/seller-mirror-refresh';
import { KIND_HANDLERS } from '../db/outbox-kinds';
import { queueCancelOrder, queuePlaceOrder } from '../db/orders';
import { queuePostCreate, queueResponseAnswer } from '../db/community';
import { queueBooking } from '../db/bookings';
import { readTailorsCache, tailorIn } from '../db/tailors-cache';
import { localDoc$ } from '../db/local-doc';
import { tailorsRefresher } from '../sync/tailors-refresh';
import { queuePostClose, queueResponseCreate } from '../db/community-responses';
import { markConversationReadLocally, queueMessageSend, storeReceivedMessage } from '../db/messages';
import { queueWishlistAdd, queueWishlistRemove, queueWishlistUpdate } from '../db/wishlist';
import { clearPersonalCollections, PERSONAL_OWNER_ID } from '../db/personal-collections';
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
import { startCartRefresher, type CartRefresher } from '../sync/cart-refresh';
import { GUEST_TOKEN_ID, readGuestToken } from '../sync/guest-token';
import { startOutboxReplayer, type OutboxReplayer } from '../sync/outbox-replayer';
import { removePersonalCheckpoints, startPersonalReplication, type PersonalReplication } from '../sync/personal-replication';
import { bearer, tokenOwner } from '../sync/session-token';
import { startCatalogReplication, type CatalogReplication } from '../sync/replication';
import { initialCatalogueMode, startCatalogueViews, type CatalogueViews } from '../sync/catalogue-views';
import { isViewedQuery } from '../sync/catalogue-reads';
import { MAX_PULL_LIMIT } from '../sync/protocol';
import { SyncMetaStore } from '../sync/sync-meta';
import { SyncStatusStore } from '../sync/sync-status';
import type { FetchLike } from '../sync/transport/fetch-type';
import { isTextLanguage } from '../domain/catalog-text';
import type { Message } from '../domain/community-schemas';
import type {
  CartChangeResult,
  CatalogueMode,
  CatalogueStorage,
  DataApi,
  DataError,
  DataQuery,
  DataWorkerOptions,
  ListingIndexStatus,
  NewBookingInput,
  NewPostInput,
  TailorsRefresh,
  PlaceOrderInput,
  RespondInput,
  SendMessageInput,
  ResultOf,
  SellerMirrorRefresh,
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
  /**
   * Where the files of queued writes are kept (a seller's draft photos, src/db/outbox-blobs.ts); default the
   * realm's indexedDB, null for none (a draft with photos is then refused).
   */
  indexedDB?: IDBFactory | null;
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

/**
 * Local document naming whose personal data the database holds (tokenOwner of the session that wrote it):
 * `{owner, heldUntil?}`. `heldUntil` (a createdAt) is set when that session ended involuntarily (expiry, a
 * 401, another tab) and its queued writes were kept: the entries up to it wait, are sent when the same owner
 * signs in again and are discarded when another one does.
 */
export { PERSONAL_OWNER_ID } from '../db/personal-collections';

interface PersonalOwner {
  owner: string | null;
  heldUntil: number | null;
}

interface Started {
  options: DataWorkerOptions;
  apiBase: string;
  db: SoukDatabase;
  /** Serialises local write sequences (follow + outbox entry, settling an entry, the wipe). */
  lock: LocalWriteLock;
  /** Sends the outbox (null when sync is off). */
  replayer: OutboxReplayer | null;
  /** The files of queued writes (a seller's draft photos), null without IndexedDB. */
  files: OutboxFiles | null;
  /** The signed-in user's replication, while there is a usable session. */
  personal: PersonalReplication | null;
  /** Replaces the local cart with the server's when nothing is queued (null when sync is off). */
  cartRefresh: CartRefresher | null;
  /** Fetches the seller's mirror (null when sync is off). */
  sellerMirror: SellerMirrorRefresher | null;
  /** The in-memory listing index, building from the moment the database is open. */
  listing: ProductListing;
  replication: CatalogReplication | null;
  /** Stands in for the replication's status when sync is off. */
  status: SyncStatusStore;
  outboxWatch: Subscription | null;
  /** Issue 25: the catalogue mode, product reads from the view endpoint, storage figures. */
  views: CatalogueViews;
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
  /** How the cart refreshes of this session ended (diagnostics and tests: cartRefreshLog). */
  private readonly cartRefreshResults: string[] = [];
  /** What the page said of the Background Sync API (setBackgroundSyncSupport); sent with every queued write. */
  private backgroundSync = false;
  /** The stored owner's heldUntil (PERSONAL_OWNER_ID), mirrored for the replayer's picks. */
  private heldUntil: number | null = null;

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
    this.heldUntil = (await readPersonalOwner(db)).heldUntil;
    const files = await this.openFiles(options.dbName ?? DEFAULT_DB_NAME);
    // Files no live entry names (a crash between a draft's photos and its entry, a settlement missed): gone.
    if (files) await lock.runExclusive(() => sweepDraftFiles(db, files)).catch(() => 0);
    const base = { options, apiBase, db, listing, lock, files, replayer: null, personal: null, cartRefresh: null, sellerMirror: null };
    const language = isTextLanguage(options.language) ? options.language : undefined;
    const dataSaver = options.dataSaver === true;
    const catalogueMode = await initialCatalogueMode(db, dataSaver);
    // A first sync's full pull starts when the page says its first screen is idle, or after CATALOGUE_HOLD_MAX_MS.
    // A device whose products are stored already pulls at once (a catch-up, or a language's descriptions again).
    const hold =
      options.holdCatalogue === true && options.sync !== false && !(await SyncMetaStore.open(db, apiBase)).isInitialDone('products');
    const views = (status: SyncStatusStore, replication: CatalogReplication | null) =>
      startCatalogueViews({
        db,
        apiBase,
        fetch: this.deps.fetch,
        online: this.online(),
        status,
        replication,
        chosen: catalogueMode.chosen,
        dataSaver,
        held: hold,
        language,
        sync: replication !== null,
      });
    if (options.sync === false) {
      const status = new SyncStatusStore();
      const started: Started = { ...base, replication: null, status, outboxWatch: null, views: views(status, null) };
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
        descriptionLanguage: language,
        productsEnabled: catalogueMode.mode === 'full' && !hold,
        streamIdleTimeoutMs: this.deps.streamIdleTimeoutMs,
        // Signed in: the stream carries the pokes of the user's own collections too.
        streamHeaders: () => {
          const token = this.usableToken();
          return token === null ? {} : bearer(token);
        },
        onStreamConnected: () => {
          started?.personal?.resync();
          started?.cartRefresh?.refresh();
        },
        onPersonalChanged: (collection) => {
          if (collection === 'cart') started?.cartRefresh?.refresh();
          else started?.personal?.resync(collection);
        },
      });
      const cartRefresh = startCartRefresher({
        db,
        apiBase,
        lock,
        online: this.online(),
        fetch: this.deps.fetch,
        token: () => this.usableToken(),
        onResult: (result) => this.cartRefreshResults.push(result),
      });
      const sellerMirror = startSellerMirrorRefresher({
        db,
        apiBase,
        lock,
        online: this.online(),
        fetch: this.deps.fetch,
        token: () => this.usableToken(),
      });
      const afterSettled = (entry: OutboxEntry, sent: boolean) => {
        // The server's documents replace the optimistic ones: the cart by its snapshot, the rest by the pull.
        if (CART_KINDS.includes(entry.kind)) started?.cartRefresh?.refresh();
        // The seller's mirror by a new fetch (its overlay shows the accepted write until then).
        if (sent && (SELLER_OVERLAY_KINDS as readonly string[]).includes(entry.kind)) started?.sellerMirror?.refreshIfWanted();
        if (sent && !CART_KINDS.includes(entry.kind)) started?.personal?.resync();
        if (sent && entry.kind === 'order_place') started?.personal?.resync('orders');
        // A sent draft's photos are not needed any more (a refused one keeps them: it may be opened again).
        if (sent && entry.kind === SELLER_PRODUCT_CREATE && files) void lock.runExclusive(() => sweepDraftFiles(db, files)).catch(() => 0);
      };
      const replayer = startOutboxReplayer({
        db,
        apiBase,
        lock,
        fetch: this.deps.fetch,
        online: this.online(),
        backoff: this.backoff(),
        backgroundSync: () => this.backgroundSync,
        heldUntil: () => this.heldUntil,
        files,
        onSent: (entry) => afterSettled(entry, true),
        onRefused: (entry) => afterSettled(entry, false),
        onUnauthorized: (token) => this.onUnauthorized(token),
        onError: (code) => (code === null ? replication.status.clearError('outbox') : replication.status.setError('outbox', code)),
      });
      started = {
        ...base,
        replication,
        status: replication.status,
        replayer,
        cartRefresh,
        sellerMirror,
        outboxWatch: null,
        views: views(replication.status, replication),
      };
      started.outboxWatch = this.watchOutboxCounts(started);
      // App start: the guest's cart as the server has it (signed in, setSession asks).
      cartRefresh.refresh();
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
      Promise.all([outboxCounts(s.db), readPersonalOwner(s.db), listOutbox(s.db)])
        .then(([counts, { heldUntil }, entries]) => {
          const held =
            heldUntil === null
              ? 0
              : entries.filter((e) => e.createdAt <= heldUntil && (SEND_STATES as readonly string[]).includes(e.state)).length;
          s.status.setOutbox(held > 0 ? { ...counts, held } : counts);
        })
        .catch(() => undefined);
    };
    refresh();
    const watch = s.db.outbox.$.subscribe(refresh);
    // The owner document says which entries are held (a session that ended involuntarily).
    watch.add(localDoc$(s.db, PERSONAL_OWNER_ID).subscribe(refresh));
    return watch;
  }

  /** A personal pull or a queued write was answered 401: stop using this token until another comes. */
  private onUnauthorized(token: string): void {
    if (this.token !== token || this.refusedToken === token) return;
    this.refusedToken = token;
    void this.started?.then(async (s) => {
      s.status.setPersonal('unauthorized');
      // Reopen the stream without the refused token (its headers read usableToken(), null from now on).
      s.replication?.reconnectStream();
      const personal = s.personal;
      s.personal = null;
      await personal?.stop();
      await s.replayer?.setToken(null);
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

  /**
   * Empties the personal collections and forgets the owner's checkpoints (personal sync paused by the caller).
   * keepOutbox (a session that ended involuntarily): the outbox's unsettled entries stay, held for the stored
   * owner (PERSONAL_OWNER_ID.heldUntil); its settled ones (done, failed) go with the rest.
   */
  private async wipePersonal(s: Started, keepOutbox = false): Promise<string[]> {
    return s.lock.runExclusive(async () => {
      const stored = await readPersonalOwner(s.db);
      const last = (keepOutbox ? await unsettledEntries(s.db) : []).at(-1);
      // Entries kept without an owner could never be told apart from another account's: none are kept then.
      const held = last !== undefined && stored.owner !== null ? Math.max(last.createdAt, stored.heldUntil ?? 0) : null;
      let cleared: string[];
      if (held === null) {
        cleared = await clearPersonalCollections(s.db);
      } else {
        cleared = await clearPersonalCollections(s.db, { except: ['outbox'] });
        const settled = (await listOutbox(s.db)).filter((e) => !(SEND_STATES as readonly string[]).includes(e.state));
        if (settled.length > 0) await s.db.outbox.bulkRemove(settled.map((e) => e.id));
      }
      // The cart's coupon and server answer, the guest cart's token and the seller's mirror are personal too.
      for (const id of [CART_META_ID, GUEST_TOKEN_ID, SELLER_MIRROR_ID]) {
        const doc = await s.db.getLocal(id);
        if (doc) await doc.remove();
      }
      // The draft photos of the entries just removed (the held ones keep theirs).
      if (s.files) await sweepDraftFiles(s.db, s.files);
      if (stored.owner !== null) await removePersonalCheckpoints(s.db, s.apiBase, stored.owner);
      await this.writeOwner(s, { owner: held === null ? null : stored.owner, heldUntil: held });
      return cleared;
    });
  }

  /** Another owner signs in after a session that ended involuntarily: its held writes (and their draft photos) are discarded. */
  private async discardHeld(s: Started, heldUntil: number): Promise<void> {
    await s.lock.runExclusive(async () => {
      const held = (await listOutbox(s.db)).filter((e) => e.createdAt <= heldUntil);
      if (held.length > 0) await s.db.outbox.bulkRemove(held.map((e) => e.id));
      if (s.files) await sweepDraftFiles(s.db, s.files);
    });
  }

  private async writeOwner(s: Started, value: PersonalOwner): Promise<void> {
    this.heldUntil = value.heldUntil;
    await s.db.upsertLocal(PERSONAL_OWNER_ID, value);
  }

  private ready(): Promise<Started> {
    return this.started ?? Promise.reject(new Error('DataService: call init() first'));
  }

  async query<Q extends DataQuery>(q: Q): Promise<ResultOf<Q>> {
    const { db, views } = await this.ready();
    // Products, a product and related ones from the server while the products are incomplete, and a product's
    // reviews fetched first in 'viewed' mode (issue 25).
    if (views.reads && isViewedQuery(q)) return views.reads.run(q) as Promise<ResultOf<Q>>;
    return runDataQuery(db, q);
  }

  async watch<Q extends DataQuery>(
    q: Q,
    onResult: (result: ResultOf<Q>) => void,
    onError?: (error: DataError) => void,
  ): Promise<Unsubscribe> {
    const { db, views } = await this.ready();
    // An unknown kind throws here: the watch() call itself rejects.
    const source = views.reads && isViewedQuery(q) ? (views.reads.watch(q) as Observable<ResultOf<Q>>) : watchDataQuery(db, q);
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

  async clearPersonalData(options: { keepOutbox?: boolean } = {}): Promise<{ cleared: string[] }> {
    const s = await this.ready();
    const keepOutbox = options.keepOutbox === true;
    return this.sessionLock.runExclusive(async () => {
      await this.pausePersonal(s);
      try {
        return { cleared: await this.wipePersonal(s, keepOutbox) };
      } finally {
        // keepOutbox is a sign-out (the UI's setSession(null) follows): nothing resumes with the ending token.
        if (!keepOutbox && this.usableToken() !== null) {
          await this.writeOwner(s, { owner: tokenOwner(this.token ?? ''), heldUntil: null });
          await this.resumePersonal(s);
        }
        s.replayer?.kick();
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
        // Another user's data must never show or replay under this session: wipe it first. After a session
        // that ended involuntarily only its held writes are left (the rest was wiped then): the same owner
        // sends them now, another one discards them (what the guest did since stays, for the merge).
        const owner = tokenOwner(token);
        const stored = await readPersonalOwner(s.db);
        if (stored.owner !== null && stored.owner !== owner) {
          if (stored.heldUntil !== null) await this.discardHeld(s, stored.heldUntil);
          else await this.wipePersonal(s);
        }
        await this.writeOwner(s, { owner, heldUntil: null });
      }
      if (token !== null) await this.queueGuestCartMerge(s);
      await this.resumePersonal(s);
      // The stream's headers changed: reopen it (signed in, it also pokes the personal collections).
      s.replication?.reconnectStream();
      // Session start: the user's cart as the server has it (skipped while a cart entry, e.g. the merge, is queued).
      if (token !== null) s.cartRefresh?.refresh();
      // The seller's app may have asked for its mirror before the session came: fetch it now.
      if (token !== null) s.sellerMirror?.sessionStarted();
    });
  }

  /**
   * Signed in with a guest cart (a stored guest token, or guest entries still to send): queue its merge into
   * the user's cart, after the guest entries (docs/COMMERCE.md).
   */
  private async queueGuestCartMerge(s: Started): Promise<void> {
    await s.lock.runExclusive(async () => {
      const guestToken = await readGuestToken(s.db);
      const guestEntries = (await unsettledEntries(s.db)).some((e) => e.auth === 'guest');
      if (guestToken !== null || guestEntries) await queueCartMerge(s.db);
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
    if (this.token === null) throw authenticationRequired();
    const entry = await s.lock.runExclusive(() => queueFollowChange(s.db, shopId, follow));
    s.replayer?.kick();
    return { entryId: entry.id };
  }

  async dismissOutboxEntry(id: string): Promise<void> {
    const s = await this.ready();
    await s.lock.runExclusive(async () => {
      await dismissEntry(s.db, id, (e) => KIND_HANDLERS[e.kind].dismiss);
      // A discarded draft's photos go with it.
      if (s.files) await sweepDraftFiles(s.db, s.files);
    });
  }

  /** The realm's IndexedDB for the files of queued writes; null when there is none or it cannot open. */
  private async openFiles(dbName: string): Promise<OutboxFiles | null> {
    const idb = this.deps.indexedDB === undefined ? (globalThis.indexedDB as IDBFactory | undefined) : this.deps.indexedDB;
    if (!idb) return null;
    return openOutboxFiles(dbName, idb).catch((error: unknown) => {
      console.error('outbox files: cannot open', error);
      return null;
    });
  }

  /** Guests may use the cart: their entries go with the guest cart's token. */
  private cartAuth(): OutboxAuth {
    return this.token === null ? 'guest' : 'user';
  }

  /** Wishlist and orders need a session (the server answers 401): the UI asks to sign in instead. */
  private requireSession(): string {
    if (this.token === null) throw authenticationRequired();
    return this.token;
  }

  /** Runs a queue function under the write lock and wakes the replayer. */
  private async queued<T>(write: (s: Started) => Promise<T>): Promise<T> {
    const s = await this.ready();
    const result = await s.lock.runExclusive(() => write(s));
    s.replayer?.kick();
    return result;
  }

  async addToCart(input: { productId: string; variantId?: number; quantity: number }): Promise<CartChangeResult> {
    const auth = this.cartAuth();
    const shown = await this.productAsShown(input.productId);
    return this.queued((s) => queueCartAdd(s.db, input, auth, Date.now(), shown));
  }

  /**
   * A product the local database does not have yet, as the pages read it (issue 25: from the server while the
   * products are incomplete), so a shopper can add what a first visit showed before its first pull stored it.
   * Asked before the write lock: a network read must not hold the other writes back. Null when it is stored.
   */
  private async productAsShown(id: string): Promise<ProductDoc | null> {
    const { db, views } = await this.ready();
    // As queueCartAdd: an id that is not a product's is not looked up (the add then says PRODUCT_NOT_FOUND).
    if (!views.reads || !/^\d+$/.test(id) || (await db.products.findOne(id).exec()) !== null) return null;
    return views.reads.run({ kind: 'product', id }).catch(() => null);
  }

  setCartQuantity(variantId: number, quantity: number): Promise<CartChangeResult> {
    const auth = this.cartAuth();
    return this.queued((s) => queueCartSet(s.db, variantId, quantity, auth));
  }

  async removeFromCart(variantId: number): Promise<{ entryId: string }> {
    const auth = this.cartAuth();
    return { entryId: (await this.queued((s) => queueCartRemove(s.db, variantId, auth))).id };
  }

  async clearCart(): Promise<{ entryId: string }> {
    const auth = this.cartAuth();
    return { entryId: (await this.queued((s) => queueCartClear(s.db, auth))).id };
  }

  async applyCoupon(code: string): Promise<{ entryId: string }> {
    const auth = this.cartAuth();
    return { entryId: (await this.queued((s) => queueCouponApply(s.db, code, auth))).id };
  }

  async removeCoupon(): Promise<{ entryId: string }> {
    const auth = this.cartAuth();
    return { entryId: (await this.queued((s) => queueCouponRemove(s.db, auth))).id };
  }

  async addToWishlist(
    productId: string,
    options: { notifyPriceDrop?: boolean; notifyBackInStock?: boolean; notes?: string } = {},
  ): Promise<{ entryId: string }> {
    this.requireSession();
    return { entryId: (await this.queued((s) => queueWishlistAdd(s.db, productId, options))).id };
  }

  async updateWishlistItem(
    productId: string,
    patch: { notifyPriceDrop?: boolean; notifyBackInStock?: boolean; notes?: string },
  ): Promise<{ entryId: string }> {
    this.requireSession();
    return { entryId: (await this.queued((s) => queueWishlistUpdate(s.db, productId, patch))).id };
  }

  async removeFromWishlist(productId: string): Promise<{ entryId: string }> {
    this.requireSession();
    return { entryId: (await this.queued((s) => queueWishlistRemove(s.db, productId))).id };
  }

  async placeOrder(input: PlaceOrderInput): Promise<{ orderId: string; entryId: string }> {
    const owner = tokenOwner(this.requireSession());
    const customerId = /^u\d+$/.test(owner) ? Number(owner.slice(1)) : 0;
    const { order, entry } = await this.queued((s) => queuePlaceOrder(s.db, input, customerId));
    return { orderId: order.id, entryId: entry.id };
  }

  /** The signed-in user's id from the session token (`u<id>`), 0 when the token does not say. */
  private sessionUserId(): number {
    const owner = tokenOwner(this.requireSession());
    return /^u\d+$/.test(owner) ? Number(owner.slice(1)) : 0;
  }

  async createPost(input: NewPostInput): Promise<{ postId: string; entryId: string }> {
    const userId = this.sessionUserId();
    const { post, entry } = await this.queued((s) => queuePostCreate(s.db, input, userId));
    return { postId: post.id, entryId: entry.id };
  }

  async answerResponse(responseId: string, status: 'accepted' | 'rejected'): Promise<{ entryId: string }> {
    this.requireSession();
    return { entryId: (await this.queued((s) => queueResponseAnswer(s.db, responseId, status))).id };
  }

  async sendMessage(input: SendMessageInput): Promise<{ messageId: string; entryId: string }> {
    const userId = this.sessionUserId();
    const { message, entry } = await this.queued((s) => queueMessageSend(s.db, input, userId));
    return { messageId: message.id, entryId: entry.id };
  }

  async respondToPost(postId: string, input: RespondInput): Promise<{ responseId: string; entryId: string }> {
    const userId = this.sessionUserId();
    const { response, entry } = await this.queued((s) => queueResponseCreate(s.db, postId, input, userId));
    return { responseId: response.id, entryId: entry.id };
  }

  async refreshTailors(force = false, locale?: string): Promise<TailorsRefresh> {
    const s = await this.ready();
    this.tailorsRefresh ??= tailorsRefresher({ db: s.db, apiBase: s.apiBase, online: this.online(), fetch: this.deps.fetch });
    return this.tailorsRefresh(force, locale);
  }
  private tailorsRefresh: ((force?: boolean, locale?: string) => Promise<TailorsRefresh>) | null = null;

  async bookTailor(input: NewBookingInput): Promise<{ bookingId: string; entryId: string }> {
    this.requireSession();
    const { booking, entry } = await this.queued(async (s) => queueBooking(s.db, tailorIn(await readTailorsCache(s.db), String(input.tailorId)), input));
    return { bookingId: booking.id, entryId: entry.id };
  }

  async closePost(postId: string): Promise<{ entryId: string }> {
    const userId = this.sessionUserId();
    return { entryId: (await this.queued((s) => queuePostClose(s.db, postId, userId))).id };
  }

  async receiveMessage(message: Message): Promise<void> {
    const s = await this.ready();
    // Signed out, nothing personal is kept: a late socket frame is dropped.
    if (this.token === null) return;
    const owner = tokenOwner(this.token);
    const userId = /^u\d+$/.test(owner) ? Number(owner.slice(1)) : null;
    await s.lock.runExclusive(() => storeReceivedMessage(s.db, message, userId));
  }

  async markConversationRead(conversationId: number): Promise<void> {
    const s = await this.ready();
    await s.lock.runExclusive(() => markConversationReadLocally(s.db, conversationId));
  }

  async cancelOrder(orderId: string): Promise<{ entryId: string }> {
    this.requireSession();
    return { entryId: (await this.queued((s) => queueCancelOrder(s.db, orderId))).id };
  }

  async retryOutboxEntry(id: string): Promise<{ entryId: string }> {
    const signedIn = this.token !== null;
    const entry = await this.queued((s) => retryEntry(s.db, id, (e) => KIND_HANDLERS[e.kind].reapply, Date.now(), signedIn));
    return { entryId: entry.id };
  }

  setBackgroundSyncSupport(supported: boolean): Promise<void> {
    this.backgroundSync = supported;
    return Promise.resolve();
  }

  networkChanged(online: boolean): Promise<void> {
    this.online().report(online);
    return Promise.resolve();
  }

  async setVariantStock(input: { productId: number; variantId: number; stock: number }): Promise<{ entryId: string }> {
    this.requireSession();
    return this.queued(async (s) => ({ entryId: (await queueSellerStock(s.db, input)).id }));
  }

  async setVariantPrice(input: { productId: number; variantId: number; price: number }): Promise<{ entryId: string }> {
    this.requireSession();
    return this.queued(async (s) => ({ entryId: (await queueSellerPrice(s.db, input)).id }));
  }

  async shipOrder(input: { orderId: number; trackingNumber?: string }): Promise<{ entryId: string }> {
    this.requireSession();
    return this.queued(async (s) => ({ entryId: (await queueSellerShip(s.db, input)).id }));
  }

  async queueProductDraft(draft: SellerProductDraftInput): Promise<{ entryId: string; draftId: string }> {
    this.requireSession();
    return this.queued(async (s) => {
      const entry = await queueSellerProductDraft(s.db, s.files, draft);
      return { entryId: entry.id, draftId: entry.target };
    });
  }

  async productDraft(draftId: string): Promise<SellerProductDraft | null> {
    const s = await this.ready();
    return readSellerProductDraft(s.db, s.files, draftId);
  }

  async refreshSellerMirror(): Promise<SellerMirrorRefresh> {
    const s = await this.ready();
    if (!s.sellerMirror) return 'offline';
    return s.sellerMirror.refresh();
  }

  async languageChanged(language: string): Promise<void> {
    if (!isTextLanguage(language)) return;
    const { replication, views } = await this.ready();
    replication?.setDescriptionLanguage(language);
    views.setLanguage(language);
  }

  async setDataSaver(on: boolean): Promise<void> {
    await (await this.ready()).views.setDataSaver(on);
  }

  async setCatalogueMode(mode: CatalogueMode | null): Promise<void> {
    await (await this.ready()).views.setChosen(mode);
  }

  async catalogueStorage(): Promise<CatalogueStorage> {
    return (await this.ready()).views.storage();
  }

  async firstScreenIdle(): Promise<void> {
    await (await this.ready()).views.control.release();
  }

  /** With sync off there is nothing to wait for: resolves at once. */
  async awaitInitialSync(): Promise<void> {
    const { replication } = await this.ready();
    await replication?.awaitInitialSync();
  }

  async resync(): Promise<void> {
    const { replication, personal, replayer, cartRefresh } = await this.ready();
    replication?.resync();
    personal?.resync();
    replayer?.kick();
    cartRefresh?.refresh();
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
    s.views.stop();
    s.cartRefresh?.stop();
    s.sellerMirror?.stop();
    await s.replayer?.stop();
    s.files?.close();
    await s.cartRefresh?.whenIdle();
    await s.sellerMirror?.whenIdle();
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

  /** Not part of DataApi: how the last cart refreshes ended, oldest first (tests, diagnostics). */
  cartRefreshLog(): readonly string[] {
    return this.cartRefreshResults.slice(-20);
  }

  /** Not part of DataApi: resolves when no cart refresh is running (tests). */
  async cartIdle(): Promise<void> {
    await (await this.ready()).cartRefresh?.whenIdle();
  }

  /** Not part of DataApi: resolves when the personal replication has caught up once (tests). */
  async awaitPersonalSync(): Promise<void> {
    await (await this.ready()).personal?.awaitInitialSync();
  }

  /** Not part of DataApi: resolves when the 'viewed' mode's look-up of the personal screens' products is idle (tests). */
  async personalProductsIdle(): Promise<void> {
    await (await this.ready()).views.personalIdle();
  }

  /** Not part of DataApi: the open database (tests). */
  async database(): Promise<SoukDatabase> {
    return (await this.ready()).db;
  }
}

async function readPersonalOwner(db: SoukDatabase): Promise<PersonalOwner> {
  const data = (await db.getLocal(PERSONAL_OWNER_ID))?.toJSON().data as Partial<Record<keyof PersonalOwner, unknown>> | undefined;
  return {
    owner: typeof data?.owner === 'string' ? data.owner : null,
    heldUntil: typeof data?.heldUntil === 'number' ? data.heldUntil : null,
  };
}

/** A guest asked for what needs a session: the UI asks to sign in (code as the server's 401). */
function authenticationRequired(): Error {
  return Object.assign(new Error('Authentication required'), { code: 'UNAUTHENTICATED' });
}

/** A callback of the UI (a comlink proxy across the worker boundary) must not break the worker if it fails. */
function callSafely<T>(callback: ((value: T) => unknown) | undefined, value: T): void {
  try {
    void Promise.resolve(callback?.(value)).catch(() => undefined);
  } catch {
    // The page went away or released the callback: nobody is listening.
  }
}
