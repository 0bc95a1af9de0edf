/**
 * One connection to GET /api/sync/stream?v=1 over fetch + ReadableStream (not
 * EventSource: Node 20 has none, and fetch lets us inject the network in
 * tests, set headers and abort). Each `data:` line is validated as a
 * StreamEvent; anything else on the wire is a protocol error that ends the
 * connection.
 */
import { PROTOCOL_VERSION, streamEventSchema, type StreamEvent } from '../protocol';
import type { FetchLike } from './fetch-type';
import { SseParser } from './sse-parser';
import { SyncError } from './sync-error';

export interface EventStreamHandlers {
  /** The server accepted the stream (status 200, text/event-stream). */
  onOpen(): void;
  onEvent(event: StreamEvent): void;
  /** Any bytes arrived, heartbeats included (used to detect dead connections). */
  onActivity?(): void;
  /** The server's reconnect hint. */
  onRetryHint?(ms: number): void;
}

export function streamUrl(apiBase: string): string {
  return `${apiBase}/api/sync/stream?v=${PROTOCOL_VERSION}`;
}

/**
 * Connects and reads until the server ends the stream (resolves) or the
 * connection fails (rejects with SyncError, or the abort reason when aborted).
 */
export async function readEventStream(
  apiBase: string,
  fetchFn: FetchLike,
  handlers: EventStreamHandlers,
  abort: AbortSignal,
  /** Extra headers (the bearer token: a signed-in user's stream also carries pokes of their personal collections). */
  headers: Record<string, string> = {},
): Promise<void> {
  let res: Response;
  try {
    res = await fetchFn(streamUrl(apiBase), {
      signal: abort,
      headers: { ...headers, accept: 'text/event-stream' },
      cache: 'no-store',
    });
  } catch (error) {
    if (abort.aborted) throw abort.reason;
    throw new SyncError('network', `stream: ${String(error)}`, { cause: error });
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new SyncError('http', `stream answered ${res.status}`, { status: res.status });
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('text/event-stream') || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new SyncError('protocol', `stream content-type is ${type || 'missing'}`);
  }
  handlers.onOpen();

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (abort.aborted) throw abort.reason;
        throw new SyncError('network', `stream dropped: ${String(error)}`, { cause: error });
      }
      if (chunk.done) return;
      handlers.onActivity?.();
      for (const msg of parser.push(decoder.decode(chunk.value, { stream: true }))) {
        if (msg.retry !== null) handlers.onRetryHint?.(msg.retry);
        if (msg.data === '') continue;
        let json: unknown;
        try {
          json = JSON.parse(msg.data);
        } catch (error) {
          throw new SyncError('protocol', 'stream data is not JSON', { cause: error });
        }
        const parsed = streamEventSchema.safeParse(json);
        if (!parsed.success) throw new SyncError('protocol', `stream event is not a v${PROTOCOL_VERSION} StreamEvent`, { cause: parsed.error });
        handlers.onEvent(parsed.data);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
