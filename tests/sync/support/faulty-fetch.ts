/**
 * A fetch in front of the real one that records every request and can break
 * the network the ways a phone does: refuse the connection, hang, cut a body
 * half-way, rewrite an answer, hold back or drop the event stream.
 */
import type { FetchLike } from '../../../src/sync/transport/fetch-type';

export interface RecordedRequest {
  n: number;
  url: URL;
  kind: 'pull' | 'stream' | 'other';
  collection: string | null;
  /** 1-based count of pulls of this collection so far (this one included). */
  pullIndex: number;
  checkpoint: { updatedAt: number; id: string } | null;
  at: number;
}

export type Fault =
  | 'pass'
  /** Rejects like a refused connection. */
  | 'fail'
  /** Never answers until aborted. */
  | 'hang'
  /** Answers, but the body breaks after half of its bytes. */
  | 'cut-body'
  /** Answers with what the function makes of the real JSON body. */
  | { rewriteJson: (json: unknown) => unknown }
  /** Answers with this raw body (content-type kept); for the stream, rewriteText('') is the whole body. */
  | { rewriteText: (text: string) => string };

export interface FaultyFetch {
  fetch: FetchLike;
  requests: RecordedRequest[];
  pulls(collection?: string): RecordedRequest[];
  streams(): RecordedRequest[];
  /** New stream connections wait until release(); existing ones are not affected. */
  holdStreams(): void;
  releaseStreams(): void;
  /** Breaks every open stream connection as a dropped network would. */
  dropStreams(): void;
  /** Ends every open stream connection cleanly, as a server restart would. */
  endStreams(): void;
  openStreams(): number;
}

export function faultyFetch(decide: (req: RecordedRequest) => Fault = () => 'pass'): FaultyFetch {
  const requests: RecordedRequest[] = [];
  const pullCounts = new Map<string, number>();
  const openStreams = new Map<ReadableStreamDefaultController<Uint8Array>, ReadableStreamDefaultReader<Uint8Array>>();
  let gate: { promise: Promise<void>; release: () => void } | null = null;

  const fetchFn: FetchLike = async (input, init) => {
    const url = new URL(input);
    const pullMatch = /^\/api\/sync\/([^/]+)\/pull$/.exec(url.pathname);
    const kind = pullMatch ? 'pull' : url.pathname === '/api/sync/stream' ? 'stream' : 'other';
    const collection = pullMatch?.[1] ?? null;
    const pullIndex = collection ? (pullCounts.get(collection) ?? 0) + 1 : 0;
    if (collection) pullCounts.set(collection, pullIndex);
    const updatedAt = url.searchParams.get('updatedAt');
    const id = url.searchParams.get('id');
    const req: RecordedRequest = {
      n: requests.length + 1,
      url,
      kind,
      collection,
      pullIndex,
      checkpoint: updatedAt !== null && id !== null ? { updatedAt: Number(updatedAt), id } : null,
      at: Date.now(),
    };
    requests.push(req);
    const signal = init?.signal ?? undefined;

    if (kind === 'stream' && gate) {
      const g = gate;
      await new Promise<void>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        void g.promise.then(resolve);
      });
    }

    const fault = decide(req);
    if (fault === 'fail') throw new TypeError('fetch failed (injected)');
    if (fault === 'hang') {
      return new Promise<Response>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    const res = await fetch(input, init);
    if (fault === 'cut-body') {
      const bytes = new Uint8Array(await res.arrayBuffer());
      const half = bytes.slice(0, Math.floor(bytes.length / 2));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(half);
          setTimeout(() => controller.error(new TypeError('terminated (injected: connection reset)')), 5);
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    }
    if (typeof fault === 'object') {
      // An event stream never ends: its rewrite replaces the stream instead of reading it.
      const text = kind === 'stream' ? (await res.body?.cancel(), '') : await res.text();
      const out = 'rewriteJson' in fault ? JSON.stringify(fault.rewriteJson(JSON.parse(text))) : fault.rewriteText(text);
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      headers.delete('content-encoding');
      return new Response(out, { status: res.status, headers });
    }
    if (kind === 'stream' && res.body) {
      const reader = res.body.getReader();
      let ctrl: ReadableStreamDefaultController<Uint8Array> | null = null;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          ctrl = controller;
          openStreams.set(controller, reader);
        },
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              openStreams.delete(controller);
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            openStreams.delete(controller);
            controller.error(error);
          }
        },
        cancel(reason) {
          if (ctrl) openStreams.delete(ctrl);
          return reader.cancel(reason);
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    }
    return res;
  };

  return {
    fetch: fetchFn,
    requests,
    pulls: (collection) => requests.filter((r) => r.kind === 'pull' && (collection === undefined || r.collection === collection)),
    streams: () => requests.filter((r) => r.kind === 'stream'),
    holdStreams() {
      if (gate) return;
      let release!: () => void;
      const promise = new Promise<void>((r) => (release = r));
      gate = { promise, release };
    },
    releaseStreams() {
      gate?.release();
      gate = null;
    },
    dropStreams() {
      for (const [c, reader] of [...openStreams]) {
        openStreams.delete(c);
        c.error(new TypeError('network connection lost (injected)'));
        void reader.cancel().catch(() => undefined);
      }
    },
    endStreams() {
      for (const [c, reader] of [...openStreams]) {
        openStreams.delete(c);
        c.close();
        void reader.cancel().catch(() => undefined);
      }
    },
    openStreams: () => openStreams.size,
  };
}
