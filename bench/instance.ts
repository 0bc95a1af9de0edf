/**
 * One server of the load, checkout and chat benches, in a process of its own so that it never shares an event
 * loop with the load generator (started by bench/servers.ts with `fork`, the spec as its one argument):
 *
 * - `souk`: the real app on a database URL (an SQLite file or PostgreSQL), rate limits off, cheap scrypt;
 * - `bare-fastify`: the baseline of an HTTP route that does nothing (GET and POST /bare answer {ok: true});
 * - `bare-ws`: the baseline of a chat room: a `ws` server that parses each frame and sends its bytes to every
 *   socket (the sender included, as Souk answers its sender);
 * - `proxy`: a round-robin HTTP proxy over `targets` (keep-alive connections to each).
 *
 * It answers {port} over IPC once listening, and stops on the message 'stop' (or when the parent goes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { BENCH_AUTH_SECRET, BENCH_SCRYPT_LOG2N, type InstanceSpec } from './servers';

interface Served {
  port: number;
  close(): Promise<void>;
}

async function souk(spec: Extract<InstanceSpec, { kind: 'souk' }>): Promise<Served> {
  const db = openDatabase(spec.database);
  const app = await buildApp({
    db,
    logger: false,
    auth: { secret: BENCH_AUTH_SECRET, rateLimits: false, scryptLog2N: BENCH_SCRYPT_LOG2N, google: null },
    chat: spec.maxSocketsPerUser === undefined ? {} : { maxSocketsPerUser: spec.maxSocketsPerUser },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

async function bareFastify(): Promise<Served> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.post('/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function bareWs(): Promise<Served> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
  wss.on('connection', (socket) => {
    socket.on('message', (raw: Buffer) => {
      // Parsed as Souk parses a frame; the bytes go out once serialised (ws frames them per socket).
      JSON.parse(raw.toString());
      for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(raw);
    });
  });
  const port = await listen(server);
  return {
    port,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(server);
    },
  };
}

async function proxy(targets: string[]): Promise<Served> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const upstreams = targets.map((t) => new URL(t));
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = upstreams[next++ % upstreams.length] as URL;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    // A failed upstream is a 502: counted as a 5xx, as a real proxy's would be.
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  const port = await listen(server);
  return {
    port,
    async close() {
      agent.destroy();
      await closeServer(server);
    },
  };
}

function serve(spec: InstanceSpec): Promise<Served> {
  switch (spec.kind) {
    case 'souk':
      return souk(spec);
    case 'bare-fastify':
      return bareFastify();
    case 'bare-ws':
      return bareWs();
    case 'proxy':
      return proxy(spec.targets);
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as InstanceSpec;
  const served = await serve(spec);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await served.close();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ port: served.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
