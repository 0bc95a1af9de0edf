/**
 * The chat bus over PostgreSQL LISTEN/NOTIFY (channel `souk_chat`), for
 * several server instances on one database. A dedicated client (outside the
 * pool: a pooled connection would be handed to other queries) LISTENs and
 * hands every notification to the subscribers; publishing is a
 * `pg_notify('souk_chat', <json>)` through the pool. A NOTIFY payload must stay
 * under 8000 bytes: an event that would not fit is sent without the message
 * body (its ids only), and receivers read the message by id.
 *
 * The listening connection is reopened (LISTEN again) when it drops; events
 * published meanwhile are missed by this instance, which the clients cover by
 * pulling (the personal pulls are the record, the socket is a shortcut).
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database';
import { deliver, type ChatBus, type ChatEvent, type ChatListener } from './chat-bus';

export const CHAT_CHANNEL = 'souk_chat';
/** PostgreSQL refuses payloads of 8000 bytes and more; keep a margin. */
export const NOTIFY_MAX_BYTES = 7900;
const RECONNECT_DELAY_MS = 1000;

export interface PgChatBusOptions {
  /** Failures it survives (a dropped LISTEN connection, a bad payload). */
  onError?: (message: string, error: unknown) => void;
}

/** The payload of an event: the event's JSON, or its JSON without the message body when too large. */
export function notifyPayload(event: ChatEvent): string {
  const full = JSON.stringify(event);
  if (Buffer.byteLength(full) < NOTIFY_MAX_BYTES || event.kind !== 'message') return full;
  const { message: _dropped, ...ids } = event;
  return JSON.stringify(ids);
}

function parseEvent(payload: string | undefined): ChatEvent | null {
  if (payload === undefined) return null;
  try {
    const event = JSON.parse(payload) as unknown;
    return typeof event === 'object' && event !== null && 'kind' in event ? (event as ChatEvent) : null;
  } catch {
    return null;
  }
}

export async function createPgChatBus(db: Database, options: PgChatBusOptions = {}): Promise<ChatBus> {
  const url = db.postgresUrl;
  if (db.dialect !== 'postgres' || url === undefined) throw new Error('the PostgreSQL chat bus needs a PostgreSQL database');
  const onError = options.onError ?? (() => undefined);
  const listeners = new Set<ChatListener>();
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel !== CHAT_CHANNEL) return;
      const event = parseEvent(n.payload);
      if (event !== null) deliver(listeners, event);
    });
    const reopen = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (error !== undefined) onError('chat bus: the LISTEN connection failed; reopening it', error);
      void next.end().catch(() => undefined);
      if (!closed) schedule();
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    await next.connect();
    await next.query(`LISTEN ${CHAT_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  const schedule = () => {
    if (retry !== null || closed) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        onError('chat bus: could not reopen the LISTEN connection', error);
        schedule();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();

  return {
    kind: 'postgres',
    async publish(event) {
      if (closed) return;
      await sql`select pg_notify(${CHAT_CHANNEL}, ${notifyPayload(event)})`.execute(db.kysely);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      if (retry !== null) clearTimeout(retry);
      const current = client;
      client = null;
      if (current !== null) await current.end().catch(() => undefined);
    },
  };
}
