/**
 * A pass-through HTTP proxy in front of the real server that records every request
 * that reaches it. The browser talks to the proxy; tests ask the control endpoint
 * which requests arrived, so "nothing reached the server while offline" is checked
 * on the server side, not inferred from the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  method: string;
  url: string;
  at: number;
}

export interface RequestLogProxy {
  /** Origin the browser should use, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Origin of the control server: GET /requests?after=<seq> answers LoggedRequest[]. */
  controlUrl: string;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startRequestLogProxy(target: URL): Promise<RequestLogProxy> {
  const log: LoggedRequest[] = [];

  const proxy = http.createServer((req, res) => {
    log.push({ seq: log.length + 1, method: req.method ?? 'GET', url: req.url ?? '/', at: Date.now() });
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.headers);
        // Stream as it comes (the sync stream is Server-Sent Events).
        upRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream error');
    });
    // Client gone (navigation, EventSource closed): stop the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (url.pathname !== '/requests') {
      res.writeHead(404).end();
      return;
    }
    const after = Number(url.searchParams.get('after') ?? '0');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(log.filter((r) => r.seq > after)));
  });

  const [proxyPort, controlPort] = await Promise.all([listen(proxy), listen(control)]);
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    async close() {
      proxy.closeAllConnections();
      control.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => proxy.close(() => resolve())),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]);
    },
  };
}

/** Requests that reached the server after `afterSeq` (read from a test process). */
export async function requestsSince(controlUrl: string, afterSeq: number): Promise<LoggedRequest[]> {
  const res = await fetch(`${controlUrl}/requests?after=${afterSeq}`);
  if (!res.ok) throw new Error(`request log: HTTP ${res.status}`);
  return (await res.json()) as LoggedRequest[];
}

/** Sequence number of the last request so far (0 if none). */
export async function lastRequestSeq(controlUrl: string): Promise<number> {
  const all = await requestsSince(controlUrl, 0);
  return all.at(-1)?.seq ?? 0;
}
