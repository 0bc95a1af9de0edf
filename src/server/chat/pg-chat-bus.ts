/**
 * The chat bus over PostgreSQL LISTEN/NOTIFY (channel `souk_chat`), for
 * several server instances on one database. A dedicated client (outside the
 * pool: a pooled connection would be handed to other queries) LISTENs and
 * hands every notification to the subscribers; publishing is a
 * `pg_notify('souk_chat', <json>)` through the pool, one at a time in call order
 * (so one instance's events arrive in the order it published them). A NOTIFY payload must stay
 * under 8000 bytes: an event that would not fit is sent without the message
 * body (its ids only), and receivers read the message by id.
 *
 * The listening connection (db/pg-listener.ts) is reopened (LISTEN again) when
 * it drops; events published meanwhile are missed by this instance, which the
 * clients cover by pulling (the personal pulls are the record, the socket is a
 * shortcut).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { createPgListener, NOTIFY_MAX_BYTES } from '../db/pg-listener';
import { deliver, type ChatBus, type ChatEvent, type ChatListener } from './chat-bus';

export const CHAT_CHANNEL = 'souk_chat';

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

function parseEvent(payload: string): ChatEvent | null {
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
  const listeners = new Set<ChatListener>();
  let closed = false;
  const pgListener = createPgListener({
    url,
    channel: CHAT_CHANNEL,
    label: 'chat bus',
    onNotification: (payload) => {
      const event = parseEvent(payload);
      if (event !== null) deliver(listeners, event);
    },
    onError: options.onError ?? (() => undefined),
  });
  await pgListener.connect({ retry: false });

  // One NOTIFY at a time, in call order: two in flight on two pooled connections may commit in either order,
  // and a "stopped typing" would overtake the "typing" before it.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    kind: 'postgres',
    publish(event) {
      if (closed) return Promise.resolve();
      const payload = notifyPayload(event);
      const sent = tail.then(async () => {
        await sql`select pg_notify(${CHAT_CHANNEL}, ${payload})`.execute(db.kysely);
      });
      tail = sent.catch(() => undefined);
      return sent;
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
      await pgListener.close();
    },
  };
}
