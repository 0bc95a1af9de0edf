/**
 * A PostgreSQL `LISTEN` on one channel over a dedicated connection, kept open:
 * the chat bus (chat/pg-chat-bus.ts, `souk_chat`) and the change notifier
 * (changes/pg-change-notifier.ts, `souk_changes`) use it. The connection is
 * outside the pool (a pooled connection is handed to other queries, and a
 * LISTEN belongs to a session), named by `application_name` so that
 * pg_stat_activity says what it is.
 *
 * When the connection drops (server restart, admin kill, network) it is
 * reopened after a short delay and LISTENs again. Notifications sent while it
 * was down are lost to this instance: `onListening(true)` tells the owner so it
 * can make its clients catch up.
 */
import pg from 'pg';

export const RECONNECT_DELAY_MS = 1000;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more; keep a margin. */
export const NOTIFY_MAX_BYTES = 7900;

export interface PgListenerOptions {
  /** The PostgreSQL URL (Database.postgresUrl). */
  url: string;
  /** A plain identifier: it is written into the LISTEN statement. */
  channel: string;
  /** Prefixes the error messages, e.g. 'chat bus'. */
  label: string;
  /** Every notification on the channel, its payload as sent. */
  onNotification(payload: string): void;
  /** After each successful LISTEN: `reconnected` is false for the first, true after a loss. */
  onListening?(reconnected: boolean): void;
  /** Failures it survives (a dropped connection, a failed reconnect). */
  onError(message: string, error: unknown): void;
  reconnectDelayMs?: number;
}

export interface PgListener {
  /**
   * Opens the connection and LISTENs. `retry: false`: one attempt, rejected when it fails (nothing is retried).
   * `retry: true`: failures are reported and retried until the first LISTEN, when it resolves (or on close).
   * Later losses are reopened in both cases. Calling it again returns the first call's promise.
   */
  connect(options: { retry: boolean }): Promise<void>;
  /** Whether the LISTEN is in place now. */
  listening(): boolean;
  /** Ends the connection and any pending reconnect. */
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function createPgListener(options: PgListenerOptions): PgListener {
  if (!IDENTIFIER.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
  const delay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let everListened = false;
  let started: Promise<void> | null = null;
  /** Settles the first `connect({ retry: true })` when it finally listens, or on close. */
  let firstListen: (() => void) | null = null;

  const attempt = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url, application_name: `souk ${options.channel} listener` });
    next.on('notification', (n) => {
      if (n.channel === options.channel && n.payload !== undefined) options.onNotification(n.payload);
    });
    const reopen = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (error !== undefined) options.onError(`${options.label}: the LISTEN connection failed; reopening it`, error);
      void next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    const reconnected = everListened;
    everListened = true;
    firstListen?.();
    firstListen = null;
    options.onListening?.(reconnected);
  };

  const schedule = () => {
    if (retry !== null || closed) return;
    retry = setTimeout(() => {
      retry = null;
      attempt().catch((error: unknown) => {
        options.onError(`${options.label}: could not reopen the LISTEN connection`, error);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  return {
    connect({ retry: keepTrying }) {
      if (started !== null) return started;
      if (closed) return Promise.resolve();
      if (!keepTrying) {
        started = attempt();
        return started;
      }
      started = new Promise<void>((resolve) => {
        firstListen = resolve;
        attempt().catch((error: unknown) => {
          options.onError(`${options.label}: could not open the LISTEN connection; retrying`, error);
          schedule();
        });
      });
      return started;
    },
    listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      firstListen?.();
      firstListen = null;
      const current = client;
      client = null;
      if (current !== null) await current.end().catch(() => undefined);
    },
  };
}
