/**
 * Messages between the page and the service worker about personal data, shared
 * by both sides (no workbox import here, so the page may use it).
 *
 * The page posts {type: 'CLEAR_PERSONAL_QUEUE'} with a MessagePort at logout; the
 * service worker empties every queue of writes it owns and answers on that port
 * with {type: 'PERSONAL_QUEUE_CLEARED', queues: [names]}. With `owner` (tokenOwner of the
 * session, or 'guest') only that account's queue is emptied.
 *
 * After replaying a queued write (docs/COMMERCE.md, "The service worker's queue") the
 * service worker posts {type: 'SOUK_QUEUE_REPLAYED', key, status} to every client,
 * pages and workers; the page then asks the data worker to resync(). The message is only
 * a hint for an open app: before it, the service worker has recorded the answer in Cache
 * Storage (queue-results.ts), which is what the data worker settles the entry from, also
 * when the replay happened with no page open.
 */
export const CLEAR_PERSONAL_QUEUE = 'CLEAR_PERSONAL_QUEUE';
export const PERSONAL_QUEUE_CLEARED = 'PERSONAL_QUEUE_CLEARED';

export const SOUK_QUEUE_REPLAYED = 'SOUK_QUEUE_REPLAYED';

export interface ClearPersonalQueueMessage {
  type: typeof CLEAR_PERSONAL_QUEUE;
  /** Only this owner's queue (tokenOwner of the session, or 'guest'); every queue when absent. */
  owner?: string;
}

/** A queued write left the service worker's queue: the server answered `status` for Idempotency-Key `key`. */
export interface QueueReplayedMessage {
  type: typeof SOUK_QUEUE_REPLAYED;
  key: string;
  status: number;
}

export function isQueueReplayedMessage(data: unknown): data is QueueReplayedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; key?: unknown; status?: unknown };
  return m.type === SOUK_QUEUE_REPLAYED && typeof m.key === 'string' && typeof m.status === 'number';
}

export interface PersonalQueueClearedMessage {
  type: typeof PERSONAL_QUEUE_CLEARED;
  queues: string[];
}

export function isClearPersonalQueueMessage(data: unknown): data is ClearPersonalQueueMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; owner?: unknown };
  return m.type === CLEAR_PERSONAL_QUEUE && (m.owner === undefined || typeof m.owner === 'string');
}

export function isPersonalQueueCleared(data: unknown): data is PersonalQueueClearedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === PERSONAL_QUEUE_CLEARED &&
    Array.isArray((data as { queues?: unknown }).queues)
  );
}

/** What the service worker needs of a queue of writes (workbox-background-sync's Queue has it). */
export interface DrainableQueue {
  readonly name: string;
  shiftRequest(): Promise<unknown>;
}

/**
 * Empties every queue (each request taken off and dropped), one queue after the
 * other; resolves with the names of the queues emptied. A queue that fails is
 * reported and the others are still emptied.
 */
export async function drainQueues(queues: readonly DrainableQueue[]): Promise<{ cleared: string[]; failed: string[] }> {
  const cleared: string[] = [];
  const failed: string[] = [];
  for (const queue of queues) {
    try {
      while ((await queue.shiftRequest()) !== undefined) {
        // Dropped: a write queued for the user who just logged out must never be replayed.
      }
      cleared.push(queue.name);
    } catch {
      failed.push(queue.name);
    }
  }
  return { cleared, failed };
}
