/**
 * What every sign-out (logout, a 401, expiry, another tab) wipes on this device
 * besides the session itself (docs/ACCOUNTS.md, ASVS V14.3.1): sessionStorage,
 * the personal collections of the local database (through whatever main.tsx
 * registered: the data worker's clearPersonalData) and the writes the service
 * worker queued for later. The public catalogue stays.
 */
import { CLEAR_PERSONAL_QUEUE, isPersonalQueueCleared, type ClearPersonalQueueMessage } from '../../workers/sw-messages';

type Wiper = () => Promise<unknown>;

const wipers = new Set<Wiper>();
/** A wipe ran before any wiper was registered (a session found expired while the app starts). */
let owed = false;

/** Adds a step to every logout (run at once if a wipe already ran without it); returns a function that removes it. */
export function registerPersonalDataWiper(wiper: Wiper): () => void {
  wipers.add(wiper);
  if (owed) {
    owed = false;
    wiper().catch((error: unknown) => console.error('Logout: a personal-data wipe failed', error));
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

export async function wipePersonalData(): Promise<void> {
  if (wipers.size === 0) owed = true;
  try {
    sessionStorage.clear();
  } catch {
    // No sessionStorage (blocked): nothing to clear.
  }
  const results = await Promise.allSettled([...[...wipers].map((wipe) => wipe()), clearServiceWorkerQueue()]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Logout: a personal-data wipe failed', result.reason);
  }
}
