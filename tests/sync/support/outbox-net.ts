/**
 * A fetch for the outbox and personal-sync tests: records method, URL, headers and
 * the answer of every request, refuses everything while "offline", and can let a
 * request reach the server and then lose its answer (the server acted, the client
 * never hears it), and can hold requests back until the test lets them go.
 */
import type { FetchLike } from '../../../src/sync/transport/fetch-type';

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  status: number | null;
  replayed: boolean;
  lost: boolean;
}

export interface OutboxNet {
  fetch: FetchLike;
  seen: SeenRequest[];
  /** Requests refuse to connect while true. */
  offline: boolean;
  /** The next request matching this (after it reached the server) rejects as a dropped connection. */
  loseAnswerOf: ((req: SeenRequest) => boolean) | null;
  /** A request this names waits for the returned promise before it reaches the server (null: goes at once). */
  hold: ((req: SeenRequest) => Promise<void> | null) | null;
  writes(): SeenRequest[];
  pulls(collection: string): SeenRequest[];
}

export function outboxNet(): OutboxNet {
  const net: OutboxNet = {
    seen: [],
    offline: false,
    loseAnswerOf: null,
    hold: null,
    writes: () => net.seen.filter((r) => r.method !== 'GET'),
    pulls: (collection) => net.seen.filter((r) => r.method === 'GET' && r.url.pathname === `/api/sync/${collection}/pull`),
    fetch: async (input, init) => {
      const req: SeenRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(input),
        headers: new Headers(init?.headers),
        status: null,
        replayed: false,
        lost: false,
      };
      net.seen.push(req);
      if (net.offline) throw new TypeError('fetch failed (injected: offline)');
      const held = net.hold?.(req);
      if (held) await held;
      const res = await fetch(input, init);
      req.status = res.status;
      req.replayed = res.headers.get('idempotent-replayed') === 'true';
      if (net.loseAnswerOf?.(req)) {
        net.loseAnswerOf = null;
        req.lost = true;
        await res.text();
        throw new TypeError('fetch failed (injected: answer lost after the server acted)');
      }
      return res;
    },
  };
  return net;
}
