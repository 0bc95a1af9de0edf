/**
 * The change notifier over PostgreSQL LISTEN/NOTIFY (channel `souk_changes`),
 * for several server instances on one database: a write on any instance pokes
 * the sync streams (/api/sync/stream) held by every instance.
 *
 * - publish: the change reaches this instance's subscribers at once, as in
 *   process, and is queued for a `pg_notify('souk_changes', <json>)` through
 *   the pool. NOTIFYs go out one at a time in publish order; what was queued
 *   meanwhile goes as one payload (a JSON array), split below 8000 bytes. A
 *   change is small (collection, checkpoint, userId); one that would not fit
 *   alone (a huge checkpoint id) is sent with the id left out, which is still a
 *   poke: the client pulls from its own checkpoint.
 * - receive: a dedicated connection (db/pg-listener.ts) LISTENs and hands the
 *   other instances' changes to the subscribers. Each payload names the
 *   instance that sent it, and an instance skips its own: local subscribers get
 *   a local publish once, straight away, and still get it while the LISTEN
 *   connection is down.
 * - lost notifications: the connection is reopened when it drops; once it
 *   listens again, every subscriber gets a poke for every collection its
 *   stream carries (catchUpChanges), and the clients pull from their
 *   checkpoints what they missed meanwhile. The same happens when the first
 *   subscriber arrived before the first LISTEN.
 *
 * Listening starts with the first `subscribe` or `ready()` (npm start calls
 * ready(); a handle that only seeds or migrates opens no extra connection).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { checkpointSchema, REPLICATED_COLLECTIONS, STREAM_COLLECTIONS, type ReplicatedCollection } from '../../sync/protocol';
import type { DB } from '../db/schema';
import { createPgListener, NOTIFY_MAX_BYTES } from '../db/pg-listener';
import { catchUpChanges, deliverChange, type ChangeListener, type ChangeNotifier, type CollectionChange } from './change-notifier';

export const CHANGES_CHANNEL = 'souk_changes';

export interface PgChangeNotifierOptions {
  /** The PostgreSQL URL, for the LISTEN connection outside the pool. */
  url: string;
  /** The pool's query handle: the NOTIFYs go through it. */
  kysely: Kysely<DB>;
  /** Failures it survives (a dropped LISTEN connection, a failed NOTIFY, a malformed payload). */
  onError?: (message: string, error: unknown) => void;
  /** This instance's name in payloads (default: a random UUID). */
  instance?: string;
  reconnectDelayMs?: number;
}

const wireChangeSchema = z.object({
  collection: z.enum(STREAM_COLLECTIONS),
  checkpoint: checkpointSchema,
  userId: z.number().int().optional(),
  authenticated: z.literal(true).optional(),
  // A scope this instance does not know reads as none (the widest): the change itself still counts.
  scope: z.enum(['counters', 'stock']).optional().catch(undefined),
});
type WireChange = z.infer<typeof wireChangeSchema>;

const payloadSchema = z.object({ i: z.string(), c: z.array(z.unknown()) });

function isReplicated(collection: string): collection is ReplicatedCollection {
  return (REPLICATED_COLLECTIONS as readonly string[]).includes(collection);
}

/** A received change as the stream route expects it, or null when its shape does not fit (a public collection for one user…). */
function toChange(wire: WireChange): CollectionChange | null {
  const { collection, checkpoint, userId, authenticated, scope } = wire;
  if (isReplicated(collection)) {
    if (userId !== undefined || authenticated !== undefined) return null;
    return scope === undefined ? { collection, checkpoint } : { collection, checkpoint, scope };
  }
  if (userId !== undefined) return authenticated === undefined ? { collection, checkpoint, userId } : null;
  return authenticated === true ? { collection, checkpoint, authenticated } : null;
}

/** The changes of a payload from `instance`; null when it is not one of ours. Changes of an unknown shape are left out. */
export function parseChangesPayload(payload: string): { instance: string; changes: CollectionChange[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const changes: CollectionChange[] = [];
  for (const raw of parsed.data.c) {
    const wire = wireChangeSchema.safeParse(raw);
    const change = wire.success ? toChange(wire.data) : null;
    if (change !== null) changes.push(change);
  }
  return { instance: parsed.data.i, changes };
}

function byteLength(text: string): number {
  return Buffer.byteLength(text);
}

/**
 * The NOTIFY payloads for `changes`, in order, each under `maxBytes`: `{"i":<instance>,"c":[…]}`. A change too
 * large to travel alone goes without its checkpoint id.
 */
export function packChanges(instance: string, changes: readonly CollectionChange[], maxBytes: number = NOTIFY_MAX_BYTES): string[] {
  const head = `{"i":${JSON.stringify(instance)},"c":[`;
  const tail = ']}';
  /** Bytes left for the items and their commas. */
  const room = maxBytes - byteLength(head) - byteLength(tail);
  const payloads: string[] = [];
  let items: string[] = [];
  let used = 0;
  for (const change of changes) {
    let item = JSON.stringify(change);
    if (byteLength(item) > room) item = JSON.stringify({ ...change, checkpoint: { updatedAt: change.checkpoint.updatedAt, id: '' } });
    if (items.length > 0 && used + 1 + byteLength(item) > room) {
      payloads.push(head + items.join(',') + tail);
      items = [];
      used = 0;
    }
    used += (items.length > 0 ? 1 : 0) + byteLength(item);
    items.push(item);
  }
  if (items.length > 0) payloads.push(head + items.join(',') + tail);
  return payloads;
}

export function createPgChangeNotifier(options: PgChangeNotifierOptions): ChangeNotifier {
  const onError = options.onError ?? (() => undefined);
  const instance = options.instance ?? randomUUID();
  const listeners = new Set<ChangeListener>();
  const queue: CollectionChange[] = [];
  let sending = false;
  let drained: Promise<void> = Promise.resolve();
  let closed = false;

  const pgListener = createPgListener({
    url: options.url,
    channel: CHANGES_CHANNEL,
    label: 'change notifier',
    reconnectDelayMs: options.reconnectDelayMs,
    onNotification: (payload) => {
      const received = parseChangesPayload(payload);
      if (received === null) {
        onError('change notifier: ignored a notification that is not a change', new Error(payload.slice(0, 200)));
        return;
      }
      if (received.instance === instance) return;
      for (const change of received.changes) deliverChange(listeners, change);
    },
    onListening: () => {
      if (listeners.size === 0) return;
      for (const change of catchUpChanges(Date.now())) deliverChange(listeners, change);
    },
    onError,
  });

  const send = async (): Promise<void> => {
    sending = true;
    try {
      while (queue.length > 0) {
        for (const payload of packChanges(instance, queue.splice(0))) {
          try {
            await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(options.kysely);
          } catch (error) {
            onError('change notifier: a NOTIFY failed; other instances miss these pokes', error);
          }
        }
      }
    } finally {
      sending = false;
    }
  };

  const listen = () => pgListener.connect({ retry: true });

  return {
    kind: 'postgres',
    publish(change) {
      deliverChange(listeners, change);
      if (closed) return;
      queue.push(change);
      if (!sending) drained = send();
    },
    subscribe(listener) {
      listeners.add(listener);
      void listen();
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount() {
      return listeners.size;
    },
    ready() {
      return closed ? Promise.resolve() : listen();
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await drained;
      await pgListener.close();
    },
  };
}
