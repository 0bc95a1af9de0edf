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
 * How long "online" must hold, after the signal said offline, before it counts. Chromium can report a
 * brief `online` that is not one: a tab left offline (DevTools emulation) fires `online` in a document
 * whose renderer is being torn down on navigation, and its dedicated worker has the network for a
 * moment before it ends; a Wi-Fi that comes and goes flaps the same way.
 */
export const ONLINE_SETTLE_MS = 1_000;

export interface RelayedOnlineSignalOptions {
  /** "Online" after "offline" takes effect once it has held this long (default 0: at once). */
  settleMs?: number;
}

/**
 * A signal fed by its own scope's signal and by reports from elsewhere, whichever comes last.
 * A dedicated worker needs it: Chromium updates the worker's navigator.onLine but fires `online`
 * and `offline` on the window only, so a loop waiting for `online` in the worker would never wake
 * unless the page reports the change (DataApi.networkChanged).
 *
 * With settleMs, going offline takes effect at once but coming back online only after it held that long:
 * until then isOnline() stays false and listeners hear nothing, so no loop touches the network on an
 * `online` that an `offline` (or the end of the scope) follows at once.
 */
export function relayedOnlineSignal(base: OnlineSignal, options: RelayedOnlineSignalOptions = {}): RelayedOnlineSignal {
  const settleMs = options.settleMs ?? 0;
  // Until someone reports, the scope's own navigator.onLine, read live: a worker's value changes without
  // events, so a copy taken at start-up (perhaps before the browser applied "offline") would go stale.
  let reported: boolean | null = null;
  // What listeners were last told (compared with, not isOnline(): a base that fires has already changed).
  let announced = base.isOnline();
  const listeners = new Set<(online: boolean) => void>();
  /** "Online" reported after "offline", not yet held for settleMs. */
  let settling: ReturnType<typeof setTimeout> | null = null;
  const isOnline = () => settling === null && (reported ?? base.isOnline());
  const announce = (next: boolean) => {
    announced = next;
    for (const l of [...listeners]) l(next);
  };
  const set = (next: boolean) => {
    if (!next) {
      if (settling !== null) clearTimeout(settling);
      settling = null;
      reported = false;
      if (announced) announce(false);
      return;
    }
    if (settling !== null) return;
    const wasOnline = isOnline();
    reported = true;
    if (wasOnline || settleMs <= 0) {
      // "Online" always wakes listeners: the silent base may have gone offline and back in between, with
      // a loop waiting for `online` that nobody told (a wake-up while online is only a harmless kick).
      announce(true);
      return;
    }
    settling = setTimeout(() => {
      settling = null;
      if (isOnline()) announce(true);
    }, settleMs);
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
