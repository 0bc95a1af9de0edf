/**
 * The service worker's queue of writes made offline (docs/COMMERCE.md, "The service worker's queue"), kept
 * free of workbox and of the service worker's globals so it runs under unit tests with fakes:
 *
 * - which requests are queued: writes (POST/PUT/PATCH/DELETE) to our own /api/* that carry both
 *   `Idempotency-Key` and `X-Souk-Queue: <owner>` (the data worker's outbox sends them);
 * - one queue per owner, `souk-writes-<owner>` (sanitised), `forceSyncFallback` when the page said it has no
 *   Background Sync API (`X-Souk-Background-Sync: 0`), `maxRetentionTime` 23 h so a copy never outlives the
 *   server's 24-hour idempotency memory;
 * - order within an owner: while that owner's queue holds a request or is being replayed, a new write of the
 *   owner is not sent: it goes to the end of the queue (once per key), is answered `202 {status:"queued", key}`
 *   with `X-Souk-Queued: 1`, and a replay of the queue starts (a running one picks it up). Otherwise network
 *   first; when the network fails the request is stored (once per key) and answered the same 202;
 * - replay, oldest first: 2xx and final 4xx leave the queue, after their answer is recorded in Cache Storage
 *   (queue-results.ts: the data worker settles the entry from it, also when no page was open), and are
 *   announced to every client (`SOUK_QUEUE_REPLAYED`); 5xx, 408, 409, 429 and network errors put the request
 *   back at the front and end the round (a sync event then fails, so the browser tries again later), so no
 *   later write of the owner overtakes it.
 */
import { KEY_IN_PROGRESS } from '../db/outbox-entry';
import { pruneQueueResults, recordQueueResult } from './queue-results';
import { drainQueues, SOUK_QUEUE_REPLAYED, type QueueReplayedMessage } from './sw-messages';

export const WRITE_QUEUE_PREFIX = 'souk-writes-';
/** workbox-background-sync registers its sync events as `${prefix}:${queue name}`. */
export const WORKBOX_SYNC_TAG_PREFIX = 'workbox-background-sync:';
export const KEY_HEADER = 'Idempotency-Key';
export const QUEUE_HEADER = 'X-Souk-Queue';
export const BACKGROUND_SYNC_HEADER = 'X-Souk-Background-Sync';
export const QUEUED_HEADER = 'X-Souk-Queued';
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Minutes (workbox's unit): 23 h, one hour under the server's idempotency memory. */
export const MAX_RETENTION_MINUTES = 23 * 60;
/** Any other request of the app while online replays every queue, at most this often. */
export const ACTIVITY_REPLAY_MS = 10_000;
const MAX_OWNER_LENGTH = 64;

/** The queue of an owner (`u42`, `guest`, …): anything outside [A-Za-z0-9_-] becomes `_`, at most 64 characters. */
export function queueNameFor(owner: string): string {
  const safe = owner.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_OWNER_LENGTH);
  return `${WRITE_QUEUE_PREFIX}${safe || 'guest'}`;
}

/** The queue a workbox sync tag belongs to, when it is one of ours. */
export function queueNameOfSyncTag(tag: string): string | null {
  if (!tag.startsWith(WORKBOX_SYNC_TAG_PREFIX)) return null;
  const name = tag.slice(WORKBOX_SYNC_TAG_PREFIX.length);
  return name.startsWith(WRITE_QUEUE_PREFIX) ? name : null;
}

export interface QueuedWrite {
  /** The Idempotency-Key. */
  key: string;
  owner: string;
  /** The page has the Background Sync API (header 1); 0 means replay without sync events. */
  backgroundSync: boolean;
}

/** What the router needs of a request. */
export interface RequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The write this request is, when the service worker queues it; null for everything else. */
export function queuedWriteOf(request: RequestLike, ownOrigin: string): QueuedWrite | null {
  if (!(WRITE_METHODS as readonly string[]).includes(request.method.toUpperCase())) return null;
  const url = new URL(request.url);
  if (url.origin !== ownOrigin || !isApiPath(url.pathname)) return null;
  const key = request.headers.get(KEY_HEADER)?.trim() ?? '';
  const owner = request.headers.get(QUEUE_HEADER)?.trim() ?? '';
  if (key === '' || owner === '') return null;
  return { key, owner, backgroundSync: request.headers.get(BACKGROUND_SYNC_HEADER)?.trim() !== '0' };
}

/** The answer to a write stored for later: 202 {status:'queued', key}, X-Souk-Queued: 1, never cached. */
export function queuedResponse(key: string): Response {
  return new Response(JSON.stringify({ status: 'queued', key }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: '1', 'Cache-Control': 'no-store' },
  });
}

/**
 * done: the request leaves the queue (2xx, and 4xx no retry will change: the server stored its answer under the
 * key, or refused for good, e.g. 409 TAILOR_UNAVAILABLE); retry: it stays, and the round stops (5xx, 408, 409
 * IDEMPOTENCY_KEY_IN_PROGRESS or without a code — the key's first request is still running —, 429, and a
 * network error, status null).
 */
export function replayOutcome(status: number | null, code?: string | null): 'done' | 'retry' {
  if (status === null || status === 0) return 'retry';
  if (status === 409) return code === undefined || code === null || code === KEY_IN_PROGRESS ? 'retry' : 'done';
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  return 'done';
}

/** The `code` of an error body, or null. */
export function errorCodeOf(body: string): string | null {
  try {
    const value: unknown = JSON.parse(body);
    const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** The Queue options for a queue whose page has (or lacks) the Background Sync API. */
export function queueOptionsFor(backgroundSync: boolean): { forceSyncFallback: boolean; maxRetentionTime: number } {
  return { forceSyncFallback: !backgroundSync, maxRetentionTime: MAX_RETENTION_MINUTES };
}

/** One stored request, as workbox-background-sync's Queue hands it out. */
export interface StoredEntry {
  request: Request;
  timestamp?: number;
  metadata?: object;
}

/** What this module needs of workbox-background-sync's Queue. */
export interface WriteQueue {
  readonly name: string;
  pushRequest(entry: StoredEntry): Promise<void>;
  unshiftRequest(entry: StoredEntry): Promise<void>;
  shiftRequest(): Promise<StoredEntry | undefined>;
  getAll(): Promise<StoredEntry[]>;
}

export function keyOfEntry(entry: StoredEntry): string | null {
  const fromMeta = (entry.metadata as { key?: unknown } | undefined)?.key;
  if (typeof fromMeta === 'string') return fromMeta;
  return entry.request.headers.get(KEY_HEADER);
}

export type Fetch = (request: Request) => Promise<Response>;
export type Notify = (message: QueueReplayedMessage) => Promise<void> | void;

/** Cache Storage as queue-results.ts uses it (the worker's `caches`; a fake in tests). */
export type CacheStorageLike = Pick<CacheStorage, 'open'>;

/** What a replay needs besides the queue. */
export interface ReplayDeps {
  fetch: Fetch;
  notify: Notify;
  /** Where the answer of each request that leaves the queue is recorded (queue-results.ts), and its origin. */
  caches: CacheStorageLike;
  origin: string;
  now(): number;
  /** The key of the request out on the network now (taken off the queue), null when none is. */
  sending?(key: string | null): void;
}

export interface ReplayResult {
  /** Requests that left the queue in this round, with the server's status. */
  replayed: { key: string; status: number }[];
  /** empty: nothing left; retry: a request stayed (the next sync or start tries again). */
  stopped: 'empty' | 'retry';
}

/** The server's answer to a replayed request; null when it has to stay (see replayOutcome). */
async function send(entry: StoredEntry, fetchFn: Fetch): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetchFn(entry.request.clone());
    const code = response.status === 409 ? errorCodeOf(await response.clone().text()) : undefined;
    if (replayOutcome(response.status, code) === 'retry') return null;
    // A body cut off on the way counts as a network error: the next try gets the server's stored answer.
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

/**
 * Sends the queue's requests, oldest first, until it is empty or one has to wait (see replayOutcome). A request
 * leaves the queue only once its answer ({status, body, at}) is recorded under its key: the data worker settles
 * the entry from that record instead of sending it again (with the app closed nobody hears SOUK_QUEUE_REPLAYED,
 * and a resend after the server's 24 h idempotency memory would act twice). A record that cannot be written
 * keeps the request at the front like a retry. Old records are pruned after the round.
 */
export async function replayQueue(queue: WriteQueue, deps: ReplayDeps): Promise<ReplayResult> {
  const replayed: ReplayResult['replayed'] = [];
  let recorded = false;
  try {
    for (;;) {
      const entry = await queue.shiftRequest();
      if (!entry) return { replayed, stopped: 'empty' };
      const key = keyOfEntry(entry) ?? '';
      deps.sending?.(key);
      let answer = await send(entry, deps.fetch).finally(() => deps.sending?.(null));
      if (answer !== null && key !== '') {
        try {
          await recordQueueResult(deps.caches, deps.origin, key, { ...answer, at: deps.now() });
          recorded = true;
        } catch (error) {
          console.error('Could not record a queue result', error);
          answer = null;
        }
      }
      if (answer === null) {
        // Back at the front with its first timestamp, so the 23 h retention still counts from the first try.
        await queue.unshiftRequest(entry);
        return { replayed, stopped: 'retry' };
      }
      replayed.push({ key, status: answer.status });
      try {
        await deps.notify({ type: SOUK_QUEUE_REPLAYED, key, status: answer.status });
      } catch {
        // A client that went away does not stop the queue.
      }
    }
  } finally {
    if (recorded) await pruneQueueResults(deps.caches, deps.now()).catch(() => 0);
  }
}

/** Where the names of the queues in use survive a restart of the service worker (it restores them at start). */
export interface QueueRegistry {
  load(): Promise<Record<string, { backgroundSync: boolean }>>;
  save(queues: Record<string, { backgroundSync: boolean }>): Promise<void>;
}

export interface WriteQueuesDeps {
  /** new workbox Queue(name, {...queueOptionsFor(bg), onSync}) */
  createQueue(name: string, backgroundSync: boolean, onSync: (queue: WriteQueue) => Promise<void>): WriteQueue;
  fetch: Fetch;
  notify: Notify;
  registry: QueueRegistry;
  /** The worker's Cache Storage and origin, where replays record their answers (queue-results.ts). */
  caches: CacheStorageLike;
  origin: string;
  /** The clock (default Date.now). */
  now?(): number;
}

/** Keeps the worker alive for a promise (FetchEvent.waitUntil); it never rejects. */
export type WaitUntil = (promise: Promise<unknown>) => void;

const detached: WaitUntil = () => undefined;

/**
 * The service worker's write queues, one per owner, created on first use and restored at start. At most one
 * replay per queue runs at a time (a second request joins the running one); a replay picks up the requests
 * pushed while it runs, in order.
 */
export class WriteQueues {
  private readonly queues = new Map<string, { queue: WriteQueue; backgroundSync: boolean }>();
  private readonly running = new Map<string, Promise<ReplayResult>>();
  /** Queues that got a request pushed while their replay ran: the replay goes round once more. */
  private readonly pushedWhileRunning = new Set<string>();
  /** Per queue, the key a replay has taken off it and is sending: a copy sent again meanwhile is not stored twice. */
  private readonly sending = new Map<string, string>();
  private restoring: Promise<void> | null = null;
  private lastActivityReplay = Number.NEGATIVE_INFINITY;
  private readonly replayDeps: ReplayDeps;

  constructor(private readonly deps: WriteQueuesDeps) {
    this.replayDeps = {
      fetch: deps.fetch,
      notify: deps.notify,
      caches: deps.caches,
      origin: deps.origin,
      now: deps.now ?? (() => Date.now()),
    };
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  all(): WriteQueue[] {
    return [...this.queues.values()].map((q) => q.queue);
  }

  /** Whether a replay of that queue is running now. */
  replaying(name: string): boolean {
    return this.running.has(name);
  }

  /** The queue by name, created (and remembered for restarts) when new. */
  queue(name: string, backgroundSync: boolean): WriteQueue {
    const known = this.queues.get(name);
    if (known) return known.queue;
    // A sync event makes workbox replay through onSync: a failure rejects, so the browser retries later. Without
    // sync (forceSyncFallback) workbox calls onSync at construction and ignores the result: never reject there.
    // Workbox may call onSync from inside its constructor (the start-up fallback), before the map has the queue:
    // replay the queue it hands over.
    const onSync = async (queue: WriteQueue) => {
      const result = await this.replay(queue.name, queue);
      if (backgroundSync && result.stopped === 'retry') throw new Error(`${queue.name}: a request waits for a retry`);
    };
    const queue = this.deps.createQueue(name, backgroundSync, onSync);
    this.queues.set(name, { queue, backgroundSync });
    void this.remember();
    return queue;
  }

  /**
   * One write of the outbox. While the owner's queue holds a request or is being replayed, the write is not sent
   * (it would overtake the queued ones): it goes to the end of the queue, a replay starts (or the running one
   * takes it) and the answer is 202 queued. Otherwise network first; a network failure stores the request and
   * answers 202 queued. `waitUntil` keeps the worker alive for a replay started here.
   */
  async handle(request: Request, write: QueuedWrite, waitUntil: WaitUntil = detached): Promise<Response> {
    // The queues of an earlier run first: one of them may hold this owner's older writes.
    await this.restore();
    const name = queueNameFor(write.owner);
    if (await this.holdsWrites(name)) {
      // Nothing stored: the caller sees a network error and keeps its own copy (never sent ahead of the queue).
      await this.enqueue(request, write);
      this.replayPushed(name, waitUntil);
      return queuedResponse(write.key);
    }
    const copy = request.clone();
    let response: Response;
    try {
      response = await this.deps.fetch(request);
    } catch (error) {
      await this.enqueue(copy, write).catch((storeError: unknown) => {
        // Nothing stored: the caller sees the network failure and keeps its own copy.
        console.error('Could not queue a write', storeError);
        throw error;
      });
      return queuedResponse(write.key);
    }
    // The network works: whatever this owner had queued meanwhile can go now too.
    if (this.queues.has(name) && replayOutcome(response.status) === 'done') waitUntil(quiet(this.replay(name)));
    return response;
  }

  /** The owner's queue holds a request, or a replay of it is running: a new write of the owner waits behind. */
  private async holdsWrites(name: string): Promise<boolean> {
    if (this.running.has(name)) return true;
    const known = this.queues.get(name);
    if (!known) return false;
    return (await known.queue.getAll()).length > 0;
  }

  /** A request was pushed to a queue: the running replay goes round once more, or a replay starts. */
  private replayPushed(name: string, waitUntil: WaitUntil): void {
    this.pushedWhileRunning.add(name);
    waitUntil(quiet(this.replay(name)));
  }

  /**
   * Stores the request at the end of the owner's queue unless one with the same key is already queued (or being
   * sent by the replay).
   */
  async enqueue(request: Request, write: QueuedWrite): Promise<boolean> {
    const name = queueNameFor(write.owner);
    const queue = this.queue(name, write.backgroundSync);
    const stored = await queue.getAll();
    if (this.sending.get(name) === write.key || stored.some((entry) => keyOfEntry(entry) === write.key)) return false;
    await queue.pushRequest({ request, metadata: { key: write.key, owner: write.owner } });
    return true;
  }

  /** Replays one queue (joining a replay already running); a queue not known is a no-op. */
  replay(name: string, given?: WriteQueue): Promise<ReplayResult> {
    const running = this.running.get(name);
    if (running) return running;
    const queue = given ?? this.queues.get(name)?.queue;
    if (!queue) return Promise.resolve({ replayed: [], stopped: 'empty' });
    const run = this.run(name, queue);
    this.running.set(name, run);
    return run;
  }

  /**
   * Rounds of replayQueue until one stops at a request that must wait, or ends empty with nothing pushed since
   * it began. The replay stops counting as running in the same step as that last check, so a request pushed
   * after it starts a new replay, and one pushed before it is taken by another round.
   */
  private async run(name: string, queue: WriteQueue): Promise<ReplayResult> {
    const replayed: ReplayResult['replayed'] = [];
    const deps: ReplayDeps = {
      ...this.replayDeps,
      sending: (key) => (key === null ? this.sending.delete(name) : this.sending.set(name, key)),
    };
    try {
      for (;;) {
        this.pushedWhileRunning.delete(name);
        const round = await replayQueue(queue, deps);
        replayed.push(...round.replayed);
        if (round.stopped === 'retry' || !this.pushedWhileRunning.has(name)) {
          this.running.delete(name);
          return { replayed, stopped: round.stopped };
        }
      }
    } catch (error) {
      this.running.delete(name);
      throw error;
    }
  }

  /**
   * Another request of the app while online (not an outbox write: those replay their own queue): replays every
   * queue, at most every ACTIVITY_REPLAY_MS; null when it is too soon. A queue being replayed is joined, not
   * replayed twice, and each queue still stops at its first request that must wait.
   */
  replayOnActivity(now: number): Promise<void> | null {
    if (now - this.lastActivityReplay < ACTIVITY_REPLAY_MS) return null;
    this.lastActivityReplay = now;
    return this.replayAll();
  }

  /**
   * Replays every queue (after the restore): the app was opened again, so the network may be back while the
   * worker kept running (no start-up replay then) and no sync event came (a page without Background Sync).
   */
  async replayAll(): Promise<void> {
    await this.restore();
    await Promise.all([...this.queues.keys()].map((name) => this.replay(name)));
  }

  /**
   * A sync event for one of our tags. Workbox's own listener (added when the queue was created) handles it when
   * the queue existed before; this covers a worker woken by the event, whose queues are not restored yet.
   * Resolves with whether this call handled it.
   */
  async syncEvent(name: string): Promise<boolean> {
    if (this.queues.has(name)) return false;
    await this.restore();
    this.queue(name, true);
    const result = await this.replay(name);
    if (result.stopped === 'retry') throw new Error(`${name}: a request waits for a retry`);
    return true;
  }

  /** Recreates the queues of earlier runs (a queue without sync replays at once: workbox's start-up fallback). */
  restore(): Promise<void> {
    this.restoring ??= this.deps.registry
      .load()
      .catch(() => ({}) as Record<string, { backgroundSync: boolean }>)
      .then((saved) => {
        for (const [name, { backgroundSync }] of Object.entries(saved)) {
          if (name.startsWith(WRITE_QUEUE_PREFIX)) this.queue(name, backgroundSync);
        }
      });
    return this.restoring;
  }

  /** Logout: empties that owner's queue, or every queue without an owner; answers the names emptied. */
  async clear(owner?: string): Promise<{ cleared: string[]; failed: string[] }> {
    await this.restore();
    const names = owner === undefined ? [...this.queues.keys()] : [queueNameFor(owner)];
    return drainQueues(names.flatMap((name) => this.queues.get(name)?.queue ?? []));
  }

  private async remember(): Promise<void> {
    // After the restore, so a queue created first never overwrites the names of earlier runs.
    await this.restore();
    const saved: Record<string, { backgroundSync: boolean }> = {};
    for (const [name, { backgroundSync }] of this.queues) saved[name] = { backgroundSync };
    await this.deps.registry.save(saved).catch(() => undefined);
  }
}

function quiet(promise: Promise<unknown>): Promise<void> {
  return promise.then(
    () => undefined,
    (error: unknown) => console.error('Write queue replay failed', error),
  );
}

/** The registry in Cache Storage (small, no schema to upgrade; survives restarts of the worker). */
export function cacheStorageRegistry(caches: CacheStorage, origin: string): QueueRegistry {
  const CACHE = 'souk-write-queues-v1';
  const url = `${origin}/__souk/write-queues.json`;
  return {
    async load() {
      const cache = await caches.open(CACHE);
      const response = await cache.match(url);
      if (!response) return {};
      const data = (await response.json()) as unknown;
      return typeof data === 'object' && data !== null ? (data as Record<string, { backgroundSync: boolean }>) : {};
    },
    async save(queues) {
      const cache = await caches.open(CACHE);
      await cache.put(url, new Response(JSON.stringify(queues), { headers: { 'Content-Type': 'application/json' } }));
    },
  };
}
