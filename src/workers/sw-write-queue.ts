/**
 * The service worker's queue of writes made offline (docs/COMMERCE.md, "The service worker's queue"), kept
 * free of workbox and of the service worker's globals so it runs under unit tests with fakes:
 *
 * - which requests are queued: writes (POST/PUT/PATCH/DELETE) to our own /api/* that carry both
 *   `Idempotency-Key` and `X-Souk-Queue: <owner>` (the data worker's outbox sends them);
 * - one queue per owner, `souk-writes-<owner>` (sanitised), `forceSyncFallback` when the page said it has no
 *   Background Sync API (`X-Souk-Background-Sync: 0`), `maxRetentionTime` 23 h so a copy never outlives the
 *   server's 24-hour idempotency memory;
 * - network first; when the network fails the request is stored (unless one with the same key already is) and
 *   the answer is `202 {status:"queued", key}` with `X-Souk-Queued: 1`;
 * - replay, oldest first: 2xx and final 4xx leave the queue and are announced to every client
 *   (`SOUK_QUEUE_REPLAYED`); 5xx, 408, 409, 429 and network errors put the request back at the front and end
 *   the round (a sync event then fails, so the browser tries again later).
 */
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
 * key, or refused for good); retry: it stays, and the round stops (5xx, 408, 409 — the key's first request is
 * still running —, 429, and a network error, status null).
 */
export function replayOutcome(status: number | null): 'done' | 'retry' {
  if (status === null || status === 0) return 'retry';
  if (status >= 500 || status === 408 || status === 409 || status === 429) return 'retry';
  return 'done';
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

export interface ReplayResult {
  /** Requests that left the queue in this round, with the server's status. */
  replayed: { key: string; status: number }[];
  /** empty: nothing left; retry: a request stayed (the next sync or start tries again). */
  stopped: 'empty' | 'retry';
}

/** Sends the queue's requests, oldest first, until it is empty or one has to wait (see replayOutcome). */
export async function replayQueue(queue: WriteQueue, fetchFn: Fetch, notify: Notify): Promise<ReplayResult> {
  const replayed: ReplayResult['replayed'] = [];
  for (;;) {
    const entry = await queue.shiftRequest();
    if (!entry) return { replayed, stopped: 'empty' };
    let status: number | null;
    try {
      status = (await fetchFn(entry.request.clone())).status;
    } catch {
      status = null;
    }
    if (replayOutcome(status) === 'retry') {
      // Back at the front with its first timestamp, so the 23 h retention still counts from the first try.
      await queue.unshiftRequest(entry);
      return { replayed, stopped: 'retry' };
    }
    const key = keyOfEntry(entry) ?? '';
    replayed.push({ key, status: status ?? 0 });
    try {
      await notify({ type: SOUK_QUEUE_REPLAYED, key, status: status ?? 0 });
    } catch {
      // A client that went away does not stop the queue.
    }
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
}

/**
 * The service worker's write queues, one per owner, created on first use and restored at start. At most one
 * replay per queue runs at a time (a second request joins the running one).
 */
export class WriteQueues {
  private readonly queues = new Map<string, { queue: WriteQueue; backgroundSync: boolean }>();
  private readonly running = new Map<string, Promise<ReplayResult>>();
  private restoring: Promise<void> | null = null;

  constructor(private readonly deps: WriteQueuesDeps) {}

  has(name: string): boolean {
    return this.queues.has(name);
  }

  all(): WriteQueue[] {
    return [...this.queues.values()].map((q) => q.queue);
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

  /** Network first; a network failure stores the request (once per key) and answers 202 queued. */
  async handle(request: Request, write: QueuedWrite): Promise<Response> {
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
    // The network works: whatever this owner had queued can go now too.
    const name = queueNameFor(write.owner);
    if (this.queues.has(name) && replayOutcome(response.status) === 'done') void this.replay(name);
    return response;
  }

  /** Stores the request unless one with the same key is already queued. */
  async enqueue(request: Request, write: QueuedWrite): Promise<boolean> {
    const queue = this.queue(queueNameFor(write.owner), write.backgroundSync);
    const stored = await queue.getAll();
    if (stored.some((entry) => keyOfEntry(entry) === write.key)) return false;
    await queue.pushRequest({ request, metadata: { key: write.key, owner: write.owner } });
    return true;
  }

  /** Replays one queue (joining a replay already running); a queue not known is a no-op. */
  replay(name: string, given?: WriteQueue): Promise<ReplayResult> {
    const running = this.running.get(name);
    if (running) return running;
    const queue = given ?? this.queues.get(name)?.queue;
    if (!queue) return Promise.resolve({ replayed: [], stopped: 'empty' });
    const run = replayQueue(queue, this.deps.fetch, this.deps.notify).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
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
