/**
 * Backpressure for a collection's pulls. RxDB's downstream asks for the next batch as soon as the last one is
 * parsed and queues the writes (rxdb replication-protocol/downstream.js: "we directly start each write and then
 * await all writes at the end"), merging what waits into one object. When the network is faster than IndexedDB
 * (this machine: the pull alone 10,000 documents/s, the app's writes about 2,500/s), that queue grows with the
 * catalogue: a 50,000-product first sync, then 136,000 reviews, held in the worker's memory at once.
 *
 * The pull handler therefore waits for room before it fetches: documents pulled minus documents the collection
 * has written (its eventBulks$) must be at most `maxBacklog`. A pulled document RxDB does not write (it equals
 * the stored one) never shows as written, so the count could stay short for good: a wait ends after `maxWaitMs`
 * even without room, forgiving the shortfall, and the count restarts whenever the replication goes idle.
 */
export const BACKLOG_MAX_WAIT_MS = 2_000;

export interface PullBacklog {
  /** Resolves when the documents pulled and not yet written are at most the bound, or after the longest wait. */
  room(abort: AbortSignal): Promise<void>;
  pulled(count: number): void;
  written(count: number): void;
  /** The replication is idle: whatever was pulled has been handled. */
  reset(): void;
  /** Pulled minus written. */
  readonly waiting: number;
}

export function createPullBacklog(
  maxBacklog: number,
  options: { maxWaitMs?: number; setTimer?: (fn: () => void, ms: number) => () => void } = {},
): PullBacklog {
  const maxWaitMs = options.maxWaitMs ?? BACKLOG_MAX_WAIT_MS;
  const setTimer =
    options.setTimer ??
    ((fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  let pulledCount = 0;
  let writtenCount = 0;
  let wake: (() => void) | null = null;
  const waiting = () => pulledCount - writtenCount;

  return {
    get waiting() {
      return waiting();
    },
    pulled(count) {
      pulledCount += count;
    },
    written(count) {
      writtenCount += count;
      if (waiting() <= maxBacklog) wake?.();
    },
    reset() {
      writtenCount = pulledCount;
      wake?.();
    },
    async room(abort) {
      if (waiting() <= maxBacklog || abort.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          wake = null;
          cancel();
          abort.removeEventListener('abort', done);
          resolve();
        };
        const cancel = setTimer(() => {
          // Still no room: documents RxDB did not write. Forgive the shortfall so later batches do not wait too.
          writtenCount = Math.max(writtenCount, pulledCount - maxBacklog);
          done();
        }, maxWaitMs);
        wake = done;
        abort.addEventListener('abort', done);
      });
    },
  };
}
