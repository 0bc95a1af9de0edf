/**
 * Messages between the page and the service worker about personal data, shared
 * by both sides (no workbox import here, so the page may use it).
 *
 * The page posts {type: 'CLEAR_PERSONAL_QUEUE'} with a MessagePort at logout; the
 * service worker empties every queue of writes it owns and answers on that port
 * with {type: 'PERSONAL_QUEUE_CLEARED', queues: [names]}.
 */
export const CLEAR_PERSONAL_QUEUE = 'CLEAR_PERSONAL_QUEUE';
export const PERSONAL_QUEUE_CLEARED = 'PERSONAL_QUEUE_CLEARED';

export interface ClearPersonalQueueMessage {
  type: typeof CLEAR_PERSONAL_QUEUE;
}

export interface PersonalQueueClearedMessage {
  type: typeof PERSONAL_QUEUE_CLEARED;
  queues: string[];
}

export function isClearPersonalQueueMessage(data: unknown): data is ClearPersonalQueueMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === CLEAR_PERSONAL_QUEUE;
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
