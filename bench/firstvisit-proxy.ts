/**
 * A pass-through HTTP proxy that counts the bytes the server sends the browser, as sent (compressed bodies stay
 * compressed: the browser's Accept-Encoding goes through), status line and headers included, each chunk with the
 * time it went out. The browser talks to the proxy, so everything the origin serves is counted whoever asked for
 * it: the page, its data worker's sync pulls and stream, the service worker's script and its precache. WebSocket
 * upgrades are tunnelled and counted too.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ByteSample } from './firstvisit-figures';

export interface CountingProxy {
  /** The origin the browser uses, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Every chunk sent so far (`at`: Date.now()). */
  samples(): ByteSample[];
  /** Requests per kind so far. */
  requests(): Map<string, number>;
  close(): Promise<void>;
}

/** What a request is for, from its path and the headers Chromium sends. */
export function requestKind(url: string, headers: http.IncomingHttpHeaders): string {
  const path = url.split('?')[0] ?? '/';
  if (headers['service-worker'] === 'script') return 'service worker script';
  if (path.startsWith('/api/sync/')) return 'sync (data worker)';
  if (path.startsWith('/api/')) return 'other API';
  const dest = headers['sec-fetch-dest'];
  if (dest === 'document') return 'documents';
  if (dest === 'worker') return 'data worker script';
  // Scripts, styles, fonts and images fetched by script rather than by the page's tags: the service worker's precache.
  if (dest === 'empty' && /\.(m?js|css|woff2?|avif|webp|jpe?g|png|svg|ico|webmanifest)$/.test(path)) return 'service worker precache';
  if (dest === 'image' || /\.(avif|webp|jpe?g|png|svg|ico)$/.test(path)) return 'images';
  if (dest === 'font' || /\.woff2?$/.test(path)) return 'fonts';
  if (/\.(m?js|css)$/.test(path)) return 'scripts and styles';
  if (/\.json$/.test(path)) return 'translations and other JSON';
  return 'other';
}

function headBytes(res: http.IncomingMessage): number {
  let n = `HTTP/1.1 ${res.statusCode ?? 0} ${res.statusMessage ?? ''}\r\n`.length + 2;
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) n += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
  return n;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const samples: ByteSample[] = [];
  const requests = new Map<string, number>();
  const sockets = new Set<Duplex>();

  const server = http.createServer((req, res) => {
    const kind = requestKind(req.url ?? '/', req.headers);
    requests.set(kind, (requests.get(kind) ?? 0) + 1);
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (upRes) => {
        samples.push({ at: Date.now(), bytes: headBytes(upRes), kind });
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.rawHeaders);
        // Counted as each chunk goes out (the sync stream is Server-Sent Events: it never ends by itself).
        upRes.on('data', (chunk: Buffer) => {
          samples.push({ at: Date.now(), bytes: chunk.length, kind });
          res.write(chunk);
        });
        upRes.on('end', () => res.end());
        upRes.on('error', () => res.destroy());
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => up.destroy());
    req.pipe(up);
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const kind = `${requestKind(req.url ?? '/', req.headers)} (WebSocket)`;
    requests.set(kind, (requests.get(kind) ?? 0) + 1);
    const up = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) up.write(head);
      up.on('data', (chunk: Buffer) => samples.push({ at: Date.now(), bytes: chunk.length, kind }));
      up.pipe(socket);
      socket.pipe(up);
    });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const drop = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', drop);
    socket.on('error', drop);
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    samples: () => [...samples],
    requests: () => new Map(requests),
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
