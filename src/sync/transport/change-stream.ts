/**
 * The change stream kept open: reconnects with the shared retry loop's
 * backoff, waits for `online` while offline, drops the connection when the
 * network goes away or when nothing (not even a heartbeat) arrived for
 * idleTimeoutMs, and tells the replication about every (re)connect so it can
 * RESYNC.
 */
import { pause, type BackoffOptions, type Kick } from '../backoff';
import type { StreamEvent } from '../protocol';
import { retryLoop } from '../retry-loop';
import type { OnlineSignal } from '../online-signal';
import { readEventStream } from './event-stream';
import type { FetchLike } from './fetch-type';
import { SyncError } from './sync-error';

export interface ChangeStreamOptions {
  apiBase: string;
  fetch: FetchLike;
  online: OnlineSignal;
  backoff: BackoffOptions;
  /** No bytes for this long (the server sends a heartbeat every 25 s) → reconnect. Default 60 s. */
  idleTimeoutMs?: number;
  kick?: Kick;
  /** Extra headers, read at each (re)connect (the bearer token, when signed in). */
  headers?: () => Record<string, string>;
  onConnected(): void;
  onEvent(event: StreamEvent): void;
  /** The connection ended or failed (error is null when the server ended it cleanly). */
  onDisconnected(error: unknown): void;
  onOffline?(): void;
}

export interface ChangeStream {
  stop(): void;
  /** Drops the current connection (it reconnects at once); e.g. after a resync request. */
  reconnect(): void;
}

export function startChangeStream(o: ChangeStreamOptions): ChangeStream {
  const stopped = new AbortController();
  let current: AbortController | null = null;
  const idleTimeoutMs = o.idleTimeoutMs ?? 60_000;

  // Going offline ends the connection at once instead of waiting for TCP to notice.
  const unsubscribeOnline = o.online.subscribe((online) => {
    if (!online) current?.abort(new DOMException('offline', 'AbortError'));
  });

  /**
   * One connection. Rejects when it never got to a valid event (so the retry loop backs off);
   * once it was connected, any end is reported as { error } and the backoff starts over.
   */
  async function connectOnce(): Promise<{ error: unknown }> {
    const connection = new AbortController();
    current = connection;
    const onStop = () => connection.abort(stopped.signal.reason);
    stopped.signal.addEventListener('abort', onStop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new DOMException('idle', 'TimeoutError')), idleTimeoutMs);
    };
    // Connected means a valid event arrived (the server says 'hello' first), not just HTTP 200:
    // a peer speaking another protocol never counts as connected.
    let connected = false;
    try {
      touch();
      await readEventStream(
        o.apiBase,
        o.fetch,
        {
          onOpen: () => undefined,
          onEvent: (e) => {
            if (!connected) {
              connected = true;
              o.onConnected();
            }
            o.onEvent(e);
          },
          onActivity: touch,
        },
        connection.signal,
        o.headers?.() ?? {},
      );
      if (!connected) throw new SyncError('network', 'stream ended before any event');
      return { error: null };
    } catch (error) {
      // A peer that speaks another protocol gets the growing backoff, however often it accepts us.
      if (stopped.signal.aborted || !connected || (error instanceof SyncError && error.kind === 'protocol')) throw error;
      return { error };
    } finally {
      clearTimeout(idle);
      stopped.signal.removeEventListener('abort', onStop);
      if (current === connection) current = null;
    }
  }

  void (async () => {
    while (!stopped.signal.aborted) {
      try {
        const ended = await retryLoop(connectOnce, {
          online: o.online,
          backoff: o.backoff,
          abort: stopped.signal,
          kick: o.kick,
          onOffline: o.onOffline,
          onFailure: (error) => o.onDisconnected(error),
        });
        // It was open and ended (server restart, network change, idle): reconnect after a short pause.
        o.onDisconnected(ended.error);
        if (o.online.isOnline()) await pause(o.backoff.initialMs, stopped.signal, o.kick);
      } catch {
        // Only a stop ends the loop.
      }
    }
  })();

  return {
    stop() {
      unsubscribeOnline();
      stopped.abort(new DOMException('stopped', 'AbortError'));
    },
    reconnect() {
      current?.abort(new DOMException('reconnect', 'AbortError'));
    },
  };
}
