/**
 * The one retry loop of the sync layer. An attempt that fails is retried after
 * a capped exponential backoff; while the online signal says offline, nothing
 * is attempted until it says online again (no polling, no hammering).
 * Only an abort, or a failure giveUp() names as final, ends the loop without a result.
 */
import { backoffDelay, pause, type BackoffOptions, type Kick } from './backoff';
import { waitUntilOnline, type OnlineSignal } from './online-signal';

export interface RetryLoopOptions {
  online: OnlineSignal;
  backoff: BackoffOptions;
  abort: AbortSignal;
  /** Ends a backoff wait early (resync now). */
  kick?: Kick;
  /** Called before waiting for the network. */
  onOffline?(): void;
  /** Called after each failed attempt with the delay before the next one (0 when offline). */
  onFailure?(error: unknown, attempt: number, delayMs: number): void;
  random?: () => number;
  /** A failure that no retry can fix (a 401): rethrown at once instead of retried. */
  giveUp?(error: unknown): boolean;
}

export async function retryLoop<T>(attempt: (abort: AbortSignal) => Promise<T>, o: RetryLoopOptions): Promise<T> {
  for (let failures = 0; ; ) {
    o.abort.throwIfAborted();
    if (!o.online.isOnline()) {
      o.onOffline?.();
      await waitUntilOnline(o.online, o.abort);
    }
    try {
      return await attempt(o.abort);
    } catch (error) {
      o.abort.throwIfAborted();
      if (o.giveUp?.(error)) throw error;
      if (!o.online.isOnline()) {
        // The failure is the network going away: wait for it instead of backing off.
        o.onFailure?.(error, failures, 0);
        continue;
      }
      const delay = backoffDelay(failures, o.backoff, o.random);
      o.onFailure?.(error, failures, delay);
      failures += 1;
      await pause(delay, o.abort, o.kick);
    }
  }
}
