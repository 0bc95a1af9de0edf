/**
 * A pass-through HTTP proxy in front of the real server that records every request
 * that reaches it. The browser talks to the proxy; tests ask the control endpoint
 * which requests arrived, so "nothing reached the server while offline" is checked
 * on the server side, not inferred from the browser.
 *
 * WebSocket upgrades (the chat socket, /api/ws) are logged too and tunnelled to the server as they are.
 *
 * It can also make the service worker script look like a new release (a comment
 * appended to /service-worker.js), so the update flow is tested without rebuilding dist/.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

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
  /**
   * Origin of the control server: GET /requests?after=<seq> answers LoggedRequest[];
   * POST /service-worker-release bumps the release the proxy serves the worker script as.
   */
  controlUrl: string;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

const SERVICE_WORKER_PATH = '/service-worker.js';

export async function startRequestLogProxy(target: URL): Promise<RequestLogProxy> {
  const log: LoggedRequest[] = [];
  /** 0: the worker script as built; n > 0: the script with "// e2e release n" appended. */
  let workerRelease = 0;

  const proxy = http.createServer((req, res) => {
    log.push({ seq: log.length + 1, method: req.method ?? 'GET', url: req.url ?? '/', at: Date.now() });
    const path = (req.url ?? '/').split('?')[0];
    const rewriteWorker = workerRelease > 0 && req.method === 'GET' && path === SERVICE_WORKER_PATH;
    const headers = { ...req.headers };
    if (rewriteWorker) {
      // Plain, unconditional body: it is about to be changed.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (upRes) => {
        if (!rewriteWorker || upRes.statusCode !== 200) {
          res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.headers);
          // Stream as it comes (the sync stream is Server-Sent Events).
          upRes.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        upRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        upRes.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// e2e release ${workerRelease}\n`)]);
          const outHeaders = { ...upRes.headers, 'content-length': String(body.length) };
          delete outHeaders.etag;
          delete outHeaders['last-modified'];
          res.writeHead(200, outHeaders);
          res.end(body);
        });
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

  // An upgrade (the chat's WebSocket): the request goes to the server as it came, then bytes both ways.
  const tunnels = new Set<Duplex>();
  proxy.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    log.push({ seq: log.length + 1, method: req.method ?? 'GET', url: req.url ?? '/', at: Date.now() });
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(socket).add(upstream);
    const end = () => {
      socket.destroy();
      upstream.destroy();
      tunnels.delete(socket);
      tunnels.delete(upstream);
    };
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/requests') {
      const after = Number(url.searchParams.get('after') ?? '0');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(log.filter((r) => r.seq > after)));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/service-worker-release') {
      workerRelease += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ release: workerRelease }));
      return;
    }
    res.writeHead(404).end();
  });

  // Idle keep-alive sockets stay open longer than any client keeps them (Node's default is 5 s): a test's fetch
  // that reused a socket the proxy had just closed failed with 'other side closed' under load.
  for (const server of [proxy, control]) server.keepAliveTimeout = 65_000;
  const [proxyPort, controlPort] = await Promise.all([listen(proxy), listen(control)]);
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    async close() {
      for (const tunnel of tunnels) tunnel.destroy();
      proxy.closeAllConnections();
      control.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => proxy.close(() => resolve())),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]);
    },
  };
}

/** Makes the proxy serve the service worker script as a new release; answers its number. */
export async function releaseNewServiceWorker(controlUrl: string): Promise<number> {
  const res = await fetch(`${controlUrl}/service-worker-release`, { method: 'POST' });
  if (!res.ok) throw new Error(`service worker release: HTTP ${res.status}`);
  return ((await res.json()) as { release: number }).release;
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
