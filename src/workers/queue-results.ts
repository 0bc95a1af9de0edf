/**
 * What the service worker's queue delivered while no page was listening
 * (docs/COMMERCE.md, "The service worker's queue"). A replay that leaves the
 * queue (2xx or a final 4xx) is recorded here, in Cache Storage, under its
 * Idempotency-Key; the data worker reads the record before it sends that entry
 * itself and settles the entry from it instead of sending again. Without it, an
 * entry the queue delivered with the app closed would be sent again at the next
 * start, and after the server's 24-hour idempotency memory it would act twice.
 *
 * Shared by the service worker (writes, prunes) and the data worker (reads,
 * deletes); both have `caches`. Plain functions of a CacheStorage-like object so
 * Node tests can pass a fake.
 */
export const QUEUE_RESULTS_CACHE = 'souk-queue-results-v1';
/** Records older than this are pruned (the outbox keeps an entry at most as long). */
export const QUEUE_RESULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QueueResult {
  /** The server's status code for the replayed request. */
  status: number;
  /** The server's response body (text). */
  body: string;
  /** When the replay got it (ms). */
  at: number;
}

/** The cache key of a result: a same-origin URL nothing else uses (never fetched from the network). */
export function queueResultUrl(origin: string, key: string): string {
  return `${origin}/__souk/queue-results/${encodeURIComponent(key)}`;
}

type CacheStorageLike = Pick<CacheStorage, 'open'>;

export async function recordQueueResult(caches: CacheStorageLike, origin: string, key: string, result: QueueResult): Promise<void> {
  const cache = await caches.open(QUEUE_RESULTS_CACHE);
  await cache.put(
    queueResultUrl(origin, key),
    new Response(JSON.stringify(result), { headers: { 'content-type': 'application/json' } }),
  );
}

function isQueueResult(value: unknown): value is QueueResult {
  const v = value as Partial<QueueResult> | null;
  return typeof v === 'object' && v !== null && typeof v.status === 'number' && typeof v.body === 'string' && typeof v.at === 'number';
}

/** The recorded result of a key, or null (none, or unreadable). */
export async function readQueueResult(caches: CacheStorageLike, origin: string, key: string): Promise<QueueResult | null> {
  try {
    const cache = await caches.open(QUEUE_RESULTS_CACHE);
    const res = await cache.match(queueResultUrl(origin, key));
    if (!res) return null;
    const value: unknown = await res.json();
    return isQueueResult(value) ? value : null;
  } catch {
    return null;
  }
}

export async function deleteQueueResult(caches: CacheStorageLike, origin: string, key: string): Promise<void> {
  const cache = await caches.open(QUEUE_RESULTS_CACHE);
  await cache.delete(queueResultUrl(origin, key));
}

/** Drops records older than QUEUE_RESULT_MAX_AGE_MS (the service worker calls it after recording). */
export async function pruneQueueResults(caches: CacheStorageLike, now: number): Promise<number> {
  const cache = await caches.open(QUEUE_RESULTS_CACHE);
  let pruned = 0;
  for (const request of await cache.keys()) {
    const res = await cache.match(request);
    const value: unknown = res ? await res.json().catch(() => null) : null;
    if (!isQueueResult(value) || now - value.at > QUEUE_RESULT_MAX_AGE_MS) {
      await cache.delete(request);
      pruned += 1;
    }
  }
  return pruned;
}
