/**
 * Capped exponential backoff with jitter, and an abortable wait that a
 * "kick" (resync now, back online) can cut short.
 */
import { abortReason } from './online-signal';

export interface BackoffOptions {
  /** Delay after the first failure. */
  initialMs: number;
  /** Growth per further failure. */
  factor: number;
  /** Cap (spec §4 caps reconnect delays at 30 s). */
  maxMs: number;
  /** 0..1: each delay is drawn from [d·(1-jitter), d]. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, factor: 2, maxMs: 30_000, jitter: 0.2 };

/** Delay before retry number `attempt` (0 = after the first failure). */
export function backoffDelay(attempt: number, o: BackoffOptions, random: () => number = Math.random): number {
  const raw = Math.min(o.maxMs, o.initialMs * o.factor ** Math.max(0, attempt));
  return Math.round(raw * (1 - o.jitter * random()));
}

/** Something that can end a wait early, e.g. resync() or the network coming back. */
export interface Kick {
  kick(): void;
  /** Resolves at the next kick. */
  next(): Promise<void>;
}

export function createKick(): Kick {
  let waiters: (() => void)[] = [];
  return {
    kick() {
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    },
    next() {
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

/** Waits ms, or until kicked; rejects when aborted. */
export function pause(ms: number, abort?: AbortSignal, kick?: Kick): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (abort?.aborted) {
      reject(abortReason(abort));
      return;
    }
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      abort?.removeEventListener('abort', onAbort);
      fn();
    };
    const timer = setTimeout(() => finish(resolve), ms);
    const onAbort = () => finish(() => reject(abortReason(abort)));
    abort?.addEventListener('abort', onAbort, { once: true });
    void kick?.next().then(() => finish(resolve));
  });
}
