/**
 * Which refused writes are new: the sync centre lists every refusal, and a refusal that arrives while the
 * app is open (a queued cart or wishlist write the server turned down) is also told once as a toast.
 * Refusals already there when the app starts are not toasted again.
 */
import type { OutboxEntry } from '../../workers/data-api';

export interface FailureWatch {
  /** The failed entries not seen before; the first call only records what is there. */
  next(entries: readonly OutboxEntry[]): OutboxEntry[];
}

export function createFailureWatch(): FailureWatch {
  let seen: Set<string> | null = null;
  return {
    next(entries) {
      const failed = entries.filter((e) => e.state === 'failed');
      if (seen === null) {
        seen = new Set(failed.map((e) => e.id));
        return [];
      }
      const known = seen;
      const fresh = failed.filter((e) => !known.has(e.id));
      seen = new Set(failed.map((e) => e.id));
      return fresh;
    },
  };
}
