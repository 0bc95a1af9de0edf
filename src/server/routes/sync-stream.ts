/**
 * GET /api/sync/stream?v=1 — Server-Sent Events. 'hello' on connect, then a
 * 'changed' poke per committed write to a replicated collection, and a comment
 * line every heartbeat so proxies keep the connection open. Each event is one
 * `data:` line holding a StreamEvent (no `event:` field, so EventSource's
 * onmessage receives them all).
 *
 * Personal collections (follows) are poked only on streams opened with the
 * owner's bearer header (never a token in the URL), and only for their writes.
 *
 * A client that stops reading (a frozen tab, a stalled proxy) does not make the
 * server buffer pokes without limit: once the socket is backed up, at most one
 * 'changed' per collection (the newest) and one heartbeat wait for it to drain.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PROTOCOL_VERSION, type StreamEvent } from '../../sync/protocol';
import { createCoalescingWriter } from '../http/coalescing-writer';
import { parseRequest } from '../http/validation';

export const DEFAULT_HEARTBEAT_MS = 25_000;
/** Reconnect delay suggested to EventSource clients. */
const RETRY_MS = 3_000;
/** Coalescing key of heartbeats (collections key the pokes): one waits at most. */
const HEARTBEAT_KEY = ':heartbeat';

const streamQuerySchema = z.object({
  v: z.coerce
    .number()
    .int()
    .refine((v) => v === PROTOCOL_VERSION, {
      message: `Unsupported protocol version (this server speaks v${PROTOCOL_VERSION})`,
    }),
});

export interface SyncStreamOptions {
  heartbeatMs?: number;
}

function frame(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export function syncStreamRoutes(options: SyncStreamOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    const open = new Set<() => void>();

    // End open streams before the server waits for connections to drain.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get('/api/sync/stream', async (request, reply) => {
      parseRequest(streamQuerySchema, 'query', request.query);
      const stream = new PassThrough();
      const writer = createCoalescingWriter(stream);
      let ended = false;
      const write = (chunk: string, key?: string) => {
        if (!ended) writer.write(chunk, key);
      };
      // Captured at connect: the stream serves this user's personal pokes while it stays open.
      const ownerId = request.auth?.via === 'bearer' ? request.auth.userId : null;
      const unsubscribe = app.repos.sync.changes.subscribe((change) => {
        if (change.userId !== undefined && change.userId !== ownerId) return;
        if ('authenticated' in change && ownerId === null) return;
        const event: StreamEvent = { v: PROTOCOL_VERSION, type: 'changed', collection: change.collection, checkpoint: change.checkpoint };
        write(frame(event), change.collection);
      });
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`, HEARTBEAT_KEY), heartbeatMs);
      heartbeat.unref();
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        writer.close();
        open.delete(end);
        stream.end();
      };
      open.add(end);
      request.raw.on('close', end);
      stream.on('error', end);

      write(`retry: ${RETRY_MS}\n\n`);
      write(frame({ v: PROTOCOL_VERSION, type: 'hello', serverTime: Date.now() }));
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    });
  };
}
