/**
 * Wires the transport into RxDB: one replicateRxCollection per replicated
 * collection (pull only: the catalogue is a read-only mirror).
 *
 * - pull.handler asks the transport for the batch after RxDB's checkpoint,
 *   inside the one retry loop (backoff, wait for `online`); it never throws to
 *   RxDB, so RxDB's own fixed-interval retry never runs.
 * - pull.stream$ emits 'RESYNC' only: on every change-stream (re)connect for
 *   all collections, and on each 'changed' poke for that collection. RxDB then
 *   pulls from its checkpoint; nothing travels on the stream but pokes.
 * - Before the catalogue starts, a catalogue stored by an older schema whose
 *   migration could not bring everything the server now sends loses its
 *   checkpoints and is pulled again in full (catalogue-repull.ts).
 * - Products replicate only while enabled (productsEnabled, setProductsEnabled): the
 *   'viewed' catalogue mode of issue 25 keeps them off (categories and shops still
 *   replicate), and turning them on starts them at once from their checkpoint;
 *   turning them off cancels their replication (what is stored stays).
 * - The catalogue (products, categories, shops) replicates first; reviews
 *   (DEFERRED_COLLECTIONS) start only once the catalogue's initial pull finished
 *   in this session, so the first sync and its gate wait for the catalogue alone.
 *   Until then their pokes and RESYNCs are dropped: they pull from their
 *   checkpoint when they start anyway.
 * - RxDB writes a batch, then stores its checkpoint (replication-protocol
 *   downstream: bulkWrite → meta → setCheckpoint), so a pull cut off anywhere
 *   resumes at or before the first unwritten document: nothing is skipped,
 *   and re-pulled documents overwrite themselves (tests/sync prove it).
 */
import { filter, Subject, type Subscription } from 'rxjs';
import type { RxCollection, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { toStoredProduct, toStoredShop } from '../db/query-fields';
import type { TextLanguage } from '../domain/catalog-text';
import type { SoukDatabase } from '../db/database';
import { createKick, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { catalogueReplicationId, descriptionsNeedRepull, prepareCataloguePull, rememberDescriptionLanguage } from './catalogue-repull';
import { CATALOGUE_COLLECTIONS, DEFERRED_COLLECTIONS } from './collection-groups';
import { browserOnlineSignal, type OnlineSignal } from './online-signal';
import {
  DEFAULT_PULL_LIMIT,
  REPLICATED_COLLECTIONS,
  type Checkpoint,
  type PersonalCollection,
  type PokeOnlyCollection,
  type ReplicatedCollection,
} from './protocol';
import { createPullBacklog } from './pull-backlog';
import { retryLoop } from './retry-loop';
import { SyncMetaStore } from './sync-meta';
import { SyncStatusStore } from './sync-status';
import { startChangeStream, type ChangeStream } from './transport/change-stream';
import type { FetchLike } from './transport/fetch-type';
import { createHttpPullTransport, type PulledDoc, type PullTransport } from './transport/pull-transport';
import { syncErrorCode } from './transport/sync-error';

export interface CatalogReplicationOptions {
  db: SoukDatabase;
  /** Origin + path prefix of the API, no trailing slash. */
  apiBase: string;
  fetch?: FetchLike;
  online?: OnlineSignal;
  backoff?: Partial<BackoffOptions>;
  /** Documents per pull (default DEFAULT_PULL_LIMIT, at most MAX_PULL_LIMIT). */
  batchSize?: number;
  /** Keep the change stream open and replicate live (default true). */
  live?: boolean;
  /** Reconnect the stream after this long without a byte (default 60 s; the server beats every 25 s). */
  streamIdleTimeoutMs?: number;
  /** Overrides the pull transport (default: HTTP with the given fetch). */
  transport?: PullTransport;
  /**
   * Extra headers of the change stream, read at each (re)connect: with the bearer token the
   * server also pokes the signed-in user's personal collections (src/sync/personal-replication.ts).
   */
  streamHeaders?: () => Record<string, string>;
  /** The stream (re)connected: personal collections pull from their checkpoints too. */
  onStreamConnected?(): void;
  /** A poke for a personal collection, or the cart (poke-only: the client fetches GET /api/cart); public ones are handled here. */
  onPersonalChanged?(collection: PersonalCollection | PokeOnlyCollection): void;
  /**
   * The interface language: products are pulled with their descriptions in it alone (docs/CATALOGUE.md, "In the
   * app"); none: in every language held.
   */
  descriptionLanguage?: TextLanguage;
  /** Replicate the products (default true); off in the 'viewed' catalogue mode (issue 25). */
  productsEnabled?: boolean;
}

export interface CatalogReplication {
  status: SyncStatusStore;
  /**
   * Resolves when the catalogue (products, categories, shops) has caught up once, now or in an
   * earlier session. Reviews are not waited for: they start after the catalogue.
   */
  awaitInitialSync(): Promise<void>;
  /** Pull now: RESYNC every collection and cut any backoff wait short. */
  resync(): void;
  /** Reopens the change stream (its headers changed: signed in or out). */
  reconnectStream(): void;
  /**
   * The interface language changed: the products are pulled again from the beginning with their descriptions in
   * it (the stored ones stay until then). Nothing when it is the language already pulled.
   */
  setDescriptionLanguage(language: TextLanguage): void;
  /**
   * Starts (from their checkpoint) or stops the products' replication; reviews start once the catalogue's first
   * pull is done, so they follow the products. Resolves once a stopped replication has ended.
   */
  setProductsEnabled(enabled: boolean): Promise<void>;
  stop(): Promise<void>;
  /** The RxDB replication states, for tests and diagnostics. */
  states: Record<ReplicatedCollection, RxReplicationState<unknown, Checkpoint>>;
}

/** The stored shape of each collection (src/db/query-fields.ts) as documents enter the database. */
const TO_STORED: { [C in ReplicatedCollection]: (doc: PulledDoc<C>) => WithDeleted<object> } = {
  products: (d) => toStoredProduct(d),
  categories: (d) => d,
  shops: (d) => toStoredShop(d),
  reviews: (d) => d,
};

function isReplicated(collection: string): collection is ReplicatedCollection {
  return (REPLICATED_COLLECTIONS as readonly string[]).includes(collection);
}

export async function startCatalogReplication(o: CatalogReplicationOptions): Promise<CatalogReplication> {
  const online = o.online ?? browserOnlineSignal();
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...o.backoff };
  const batchSize = o.batchSize ?? DEFAULT_PULL_LIMIT;
  const live = o.live ?? true;
  let descriptionLanguage = o.descriptionLanguage;
  /** The next products pull starts from the beginning (the descriptions' language changed). */
  let rewindProducts = false;
  /** The descriptions' language last stored as the one pulled (catalogue-repull.ts); null: not yet this session. */
  let rememberedLanguage: TextLanguage | undefined | null = null;
  const transport = o.transport ?? createHttpPullTransport({ apiBase: o.apiBase, fetch: o.fetch, descriptionsIn: () => descriptionLanguage });
  const stopped = new AbortController();
  const kick = createKick();
  const status = new SyncStatusStore();
  if (o.productsEnabled === false) status.setCatalogueMode('viewed');
  const meta = await SyncMetaStore.open(o.db, o.apiBase);
  const subs: Subscription[] = [];
  let productsEnabled = o.productsEnabled ?? true;
  /** Ends the products' replication of the moment (a new one per enabling); aborted with `stopped` too. */
  let productsRun = new AbortController();
  /** The products' subscriptions of the moment (unsubscribed when they are turned off). */
  let productsSubs: Subscription[] = [];
  /** The leading instance checked the catalogue's pull generation: replications may start. */
  let leading = false;
  let deferredStarted = false;

  const applyMeta = () => {
    for (const c of REPLICATED_COLLECTIONS) if (meta.isInitialDone(c)) status.setInitialDone(c, true);
    status.setLastSyncedAt(meta.get().lastSyncedAt);
  };
  applyMeta();
  // With several tabs only the leader replicates; the others learn its progress from the meta.
  const unsubscribeMeta = meta.subscribe(applyMeta);
  status.setOffline(!online.isOnline());
  const unsubscribeOnline = online.subscribe((isOnline) => {
    status.setOffline(!isOnline);
    if (isOnline) kick.kick();
  });

  const resync$ = Object.fromEntries(REPLICATED_COLLECTIONS.map((c) => [c, new Subject<'RESYNC'>()])) as Record<
    ReplicatedCollection,
    Subject<'RESYNC'>
  >;

  function replicate<C extends ReplicatedCollection>(name: C): RxReplicationState<unknown, Checkpoint> {
    let pulledSinceCycle = false;
    // Products end with their own run (turned off) or with the whole replication.
    const signal = name === 'products' ? productsRun.signal : stopped.signal;
    const owned = name === 'products' ? productsSubs : allSubs;
    // At most one batch waits to be written while the next is fetched (pull-backlog.ts).
    const backlog = createPullBacklog(batchSize);
    owned.push((o.db[name] as RxCollection<unknown>).eventBulks$.subscribe((bulk) => backlog.written(bulk.events.length)));
    const state = replicateRxCollection<unknown, Checkpoint>({
      replicationIdentifier: catalogueReplicationId(name, o.apiBase),
      collection: o.db[name] as RxCollection<unknown>,
      live,
      // Our handler retries on its own and never throws; this is only RxDB's fallback.
      retryTime: backoff.maxMs,
      waitForLeadership: true,
      // Started below: the catalogue once its pull generation is checked, reviews after the catalogue.
      autoStart: false,
      pull: {
        batchSize,
        stream$: resync$[name].asObservable(),
        handler: async (checkpoint, size) => {
          try {
            await backlog.room(signal);
            // A rewind pulls the products again from the beginning, each with its descriptions in the new
            // language; RxDB then goes on from the rewound checkpoint until it has caught up.
            const rewinding = name === 'products' && rewindProducts;
            const language = descriptionLanguage;
            const from = rewinding ? undefined : checkpoint;
            const res = await retryLoop((abort) => transport.pull(name, from, size, abort), {
              online,
              backoff,
              abort: signal,
              kick,
              onOffline: () => status.setOffline(true),
              onFailure: (error) => status.setError(`pull:${name}`, syncErrorCode(error)),
            });
            backlog.pulled(res.documents.length);
            if (name === 'products') {
              if (rewinding) rewindProducts = false;
              if (language !== rememberedLanguage) {
                rememberedLanguage = language;
                void rememberDescriptionLanguage(o.db, language).catch(() => undefined);
              }
            }
            status.recordPull(name, res.documents.length, res.remaining);
            pulledSinceCycle = true;
            return {
              documents: res.documents.map((d) => TO_STORED[name](d)),
              checkpoint: res.checkpoint ?? undefined,
            };
          } catch (error) {
            // Stopped mid-pull: an empty batch ends RxDB's pull loop without writing anything.
            if (signal.aborted) return { documents: [], checkpoint: undefined };
            throw error;
          }
        },
      },
    });
    owned.push(
      state.error$.subscribe((error) => status.setError(`rxdb:${name}`, `rxdb_${String((error as { code?: unknown }).code ?? 'error')}`)),
      state.active$.pipe(filter((active) => !active)).subscribe(() => {
        backlog.reset();
        if (!pulledSinceCycle || signal.aborted) return;
        pulledSinceCycle = false;
        status.clearError(`rxdb:${name}`);
        const now = Date.now();
        status.setLastSyncedAt(now);
        void meta.setLastSyncedAt(now).catch(() => undefined);
      }),
    );
    void state
      .awaitInitialReplication()
      .then(async () => {
        if (signal.aborted) return;
        await meta.markInitialDone(name);
        status.setInitialDone(name, true);
      })
      .catch(() => undefined);
    return state;
  }

  const allSubs = subs;
  const states = Object.fromEntries(REPLICATED_COLLECTIONS.map((c) => [c, replicate(c)])) as Record<
    ReplicatedCollection,
    RxReplicationState<unknown, Checkpoint>
  >;
  /** Whether the products' state of the moment was started (a started one cannot start again once cancelled). */
  let productsStarted = false;
  const startCollection = (c: ReplicatedCollection) => {
    if (c === 'products') productsStarted = true;
    void states[c].start().catch(() => undefined);
  };
  // Reviews wait for the catalogue's first pull of this session (only the leader ever gets there); with the
  // products off, until they are turned on and caught up.
  const startDeferredAfterCatalogue = () => {
    void Promise.all(CATALOGUE_COLLECTIONS.map((c) => states[c].awaitInitialReplication()))
      .then(() => {
        if (stopped.signal.aborted || deferredStarted) return;
        deferredStarted = true;
        for (const c of DEFERRED_COLLECTIONS) startCollection(c);
      })
      .catch(() => undefined);
  };
  // In the leading instance (the one that replicates): a full pull where the stored catalogue needs one, then start.
  // Should that check fail, the catalogue starts anyway; the generation is not stored, so the next start checks again.
  void o.db
    .waitForLeadership()
    .then(async () => {
      if (stopped.signal.aborted) return;
      await prepareCataloguePull(o.db, o.apiBase);
      // Stored with another language's descriptions: pull them again in this one.
      if (await descriptionsNeedRepull(o.db, descriptionLanguage)) rewindProducts = true;
    })
    .catch(() => undefined)
    .then(() => {
      if (stopped.signal.aborted) return;
      leading = true;
      for (const c of CATALOGUE_COLLECTIONS) if (c !== 'products' || productsEnabled) startCollection(c);
    })
    .catch(() => undefined);
  startDeferredAfterCatalogue();

  let stream: ChangeStream | null = null;
  const openStream = () => {
    if (stopped.signal.aborted) return;
    stream = startChangeStream({
      apiBase: o.apiBase,
      fetch: o.fetch ?? ((input, init) => fetch(input, init)),
      online,
      backoff,
      kick,
      idleTimeoutMs: o.streamIdleTimeoutMs,
      headers: o.streamHeaders,
      onConnected: () => {
        status.clearError('stream');
        // Whatever happened while we were away: every collection pulls from its checkpoint.
        for (const c of REPLICATED_COLLECTIONS) resync$[c].next('RESYNC');
        o.onStreamConnected?.();
      },
      onEvent: (event) => {
        if (event.type !== 'changed') return;
        if (isReplicated(event.collection)) resync$[event.collection].next('RESYNC');
        // Personal collections (community ones included) and the cart: the owner pulls or refreshes them.
        else o.onPersonalChanged?.(event.collection);
      },
      onDisconnected: (error) => {
        if (error !== null && !stopped.signal.aborted && online.isOnline()) status.setError('stream', syncErrorCode(error));
      },
      onOffline: () => status.setOffline(true),
    });
  };
  // Like the replications (waitForLeadership), the stream runs in the leading instance only;
  // without multiInstance the database is always the leader.
  if (live) void o.db.waitForLeadership().then(openStream, () => undefined);
  status.markStarted();

  return {
    status,
    states,
    awaitInitialSync() {
      if (status.catalogueInitialDone()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const unsubscribe = status.subscribe(() => {
          if (status.catalogueInitialDone()) {
            unsubscribe();
            resolve();
          }
        });
      });
    },
    resync() {
      kick.kick();
      for (const c of REPLICATED_COLLECTIONS) if (c !== 'products' || productsEnabled) states[c].reSync();
    },
    reconnectStream() {
      stream?.reconnect();
    },
    setDescriptionLanguage(language) {
      if (language === descriptionLanguage) return;
      descriptionLanguage = language;
      rewindProducts = true;
      kick.kick();
      resync$.products.next('RESYNC');
    },
    async setProductsEnabled(enabled) {
      if (stopped.signal.aborted || enabled === productsEnabled) return;
      productsEnabled = enabled;
      status.setCatalogueMode(enabled ? 'full' : 'viewed');
      if (!enabled) {
        productsRun.abort(new DOMException('products off', 'AbortError'));
        await states.products.cancel();
        for (const sub of productsSubs) sub.unsubscribe();
        productsSubs = [];
        return;
      }
      if (productsStarted || productsRun.signal.aborted) {
        // A cancelled replication cannot start again: a new one goes on from the stored checkpoint.
        productsRun = new AbortController();
        productsStarted = false;
        states.products = replicate('products');
      }
      if (leading) startCollection('products');
      startDeferredAfterCatalogue();
      kick.kick();
    },
    async stop() {
      if (stopped.signal.aborted) return;
      stopped.abort(new DOMException('stopped', 'AbortError'));
      productsRun.abort(new DOMException('stopped', 'AbortError'));
      unsubscribeOnline();
      unsubscribeMeta();
      stream?.stop();
      await Promise.all(REPLICATED_COLLECTIONS.map((c) => states[c].cancel()));
      for (const s of [...allSubs, ...productsSubs]) s.unsubscribe();
      for (const c of REPLICATED_COLLECTIONS) resync$[c].complete();
    },
  };
}
