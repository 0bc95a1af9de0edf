/**
 * What every sign-out (logout, a 401, expiry, another tab) wipes on this device
 * besides the session itself (docs/ACCOUNTS.md, ASVS V14.3.1): sessionStorage,
 * the personal collections of the local database (through whatever main.tsx
 * registered: the data worker's clearPersonalData) and the writes the service
 * worker queued for later. The public catalogue stays.
 *
 * Queued writes (the outbox and the service worker's queues) are discarded only by
 * an explicit logout. An involuntary sign-out (expiry, a 401, another tab) keeps
 * them (`keepQueued`): they wait for the same account to sign in again, and are
 * discarded when another account signs in (discardQueuedWrites, and the data
 * worker's setSession for the outbox).
 */
import { CLEAR_PERSONAL_QUEUE, isPersonalQueueCleared, type ClearPersonalQueueMessage } from '../../workers/sw-messages';

export interface PersonalWipeOptions {
  /** Keep the queued writes (outbox, service-worker queues): an involuntary sign-out. */
  keepQueued: boolean;
}

/** A wiper gets the data worker's clearPersonalData options: keepOutbox when the queued writes stay. */
type Wiper = (options: { keepOutbox: boolean }) => Promise<unknown>;

const wipers = new Set<Wiper>();
/** A wipe ran before any wiper was registered (a session found expired while the app starts). */
let owed: PersonalWipeOptions | null = null;

/** Adds a step to every logout (run at once if a wipe already ran without it); returns a function that removes it. */
export function registerPersonalDataWiper(wiper: Wiper): () => void {
  wipers.add(wiper);
  if (owed) {
    const options = owed;
    owed = null;
    wiper({ keepOutbox: options.keepQueued }).catch((error: unknown) => console.error('Logout: a personal-data wipe failed', error));
  }
  return () => wipers.delete(wiper);
}

const SW_REPLY_TIMEOUT_MS = 5_000;

/**
 * Asks the service worker to empty its queues of writes (only `owner`'s when given:
 * tokenOwner of the session, or 'guest'); resolves with the queue names it emptied
 * ([] when there is no worker, or it did not answer in time).
 */
export function clearServiceWorkerQueue(timeoutMs = SW_REPLY_TIMEOUT_MS, owner?: string): Promise<string[]> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve([]);
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve([]);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve([]);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(isPersonalQueueCleared(event.data) ? event.data.queues : []);
    };
    const message: ClearPersonalQueueMessage = owner === undefined ? { type: CLEAR_PERSONAL_QUEUE } : { type: CLEAR_PERSONAL_QUEUE, owner };
    worker.postMessage(message, [channel.port2]);
  });
}

/** The service-worker queue name suffix of a user (tokenOwner of their tokens: `u<id>`). */
export function queueOwnerOf(userId: string): string {
  return `u${userId}`;
}

export async function wipePersonalData(options: PersonalWipeOptions = { keepQueued: false }): Promise<void> {
  // Owed twice: the queued writes go if either wipe would have discarded them.
  if (wipers.size === 0) owed = { keepQueued: options.keepQueued && (owed?.keepQueued ?? true) };
  try {
    sessionStorage.clear();
  } catch {
    // No sessionStorage (blocked): nothing to clear.
  }
  const results = await Promise.allSettled([
    ...[...wipers].map((wipe) => wipe({ keepOutbox: options.keepQueued })),
    options.keepQueued ? Promise.resolve([]) : clearServiceWorkerQueue(),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Logout: a personal-data wipe failed', result.reason);
  }
}

/**
 * Another account signed in after `userId`'s session ended involuntarily: the writes the service worker still
 * queues for that user are discarded (the data worker's setSession discards the outbox's held entries).
 */
export async function discardQueuedWrites(userId: string): Promise<void> {
  await clearServiceWorkerQueue(undefined, queueOwnerOf(userId));
}
