/**
 * Whether the network is reachable, as an injectable signal: browsers and
 * workers use navigator.onLine and the `online`/`offline` events; Node (no
 * navigator in Node 20) counts as always online; tests drive a manual one.
 */
export interface OnlineSignal {
  isOnline(): boolean;
  /** Calls listener(online) on every change; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

interface OnlineEventTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** navigator.onLine + online/offline events of the global scope (window or worker). */
export function browserOnlineSignal(scope: unknown = globalThis): OnlineSignal {
  const nav = (scope as { navigator?: { onLine?: unknown } }).navigator;
  const target = scope as Partial<OnlineEventTarget>;
  if (typeof nav?.onLine !== 'boolean' || typeof target.addEventListener !== 'function') {
    return alwaysOnline();
  }
  return {
    isOnline: () => nav.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      target.addEventListener?.('online', on);
      target.addEventListener?.('offline', off);
      return () => {
        target.removeEventListener?.('online', on);
        target.removeEventListener?.('offline', off);
      };
    },
  };
}

export function alwaysOnline(): OnlineSignal {
  return { isOnline: () => true, subscribe: () => () => undefined };
}

export interface RelayedOnlineSignal extends OnlineSignal {
  /** The network changed as someone else saw it (the page's `online`/`offline` events). */
  report(online: boolean): void;
}

/**
 * A signal fed by its own scope's signal and by reports from elsewhere, whichever comes last.
 * A dedicated worker needs it: Chromium updates the worker's navigator.onLine but fires `online`
 * and `offline` on the window only, so a loop waiting for `online` in the worker would never wake
 * unless the page reports the change (DataApi.networkChanged).
 */
export function relayedOnlineSignal(base: OnlineSignal): RelayedOnlineSignal {
  // Until someone reports, the scope's own navigator.onLine, read live: a worker's value changes without
  // events, so a copy taken at start-up (perhaps before the browser applied "offline") would go stale.
  let reported: boolean | null = null;
  // What listeners were last told (compared with, not isOnline(): a base that fires has already changed).
  let announced = base.isOnline();
  const listeners = new Set<(online: boolean) => void>();
  const isOnline = () => reported ?? base.isOnline();
  const set = (next: boolean) => {
    reported = next;
    // "Online" always wakes listeners: the silent base may have gone offline and back in between, with
    // a loop waiting for `online` that nobody told (a wake-up while online is only a harmless kick).
    if (next === announced && !next) return;
    announced = next;
    for (const l of [...listeners]) l(next);
  };
  base.subscribe(set);
  return {
    isOnline,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: set,
  };
}

export interface ManualOnlineSignal extends OnlineSignal {
  set(online: boolean): void;
}

/** For tests (and Node tools): online until told otherwise. */
export function manualOnlineSignal(initial = true): ManualOnlineSignal {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === online) return;
      online = next;
      for (const l of [...listeners]) l(next);
    },
  };
}

/** Resolves when the signal says online (at once if it already does); rejects when aborted. */
export function waitUntilOnline(signal: OnlineSignal, abort?: AbortSignal): Promise<void> {
  if (signal.isOnline()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      unsubscribe();
      abort?.removeEventListener('abort', onAbort);
    };
    const unsubscribe = signal.subscribe((online) => {
      if (online) {
        done();
        resolve();
      }
    });
    const onAbort = () => {
      done();
      reject(abortReason(abort));
    };
    if (abort?.aborted) onAbort();
    else abort?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortReason(abort: AbortSignal | undefined): unknown {
  return abort?.reason ?? new DOMException('Aborted', 'AbortError');
}
