/**
 * The fixed-rate bench's lean HTTP client against a raw TCP server on loopback that writes its answers byte by
 * byte as each case needs: split headers, bodies larger than the shared read buffer, statuses, keep-alive,
 * and every way a response can go wrong.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanHttpClient } from '../../bench/lean-http-client';

type Handler = (socket: net.Socket, request: string, index: number) => void;

const servers: net.Server[] = [];
const clients: LeanHttpClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that calls `handle` once per request head it reads; answers its origin and the connections it took. */
async function serve(handle: Handler): Promise<{ origin: string; connections: () => number; requests: string[] }> {
  let connections = 0;
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    connections++;
    let pending = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n\r\n')) >= 0) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + 4);
        requests.push(head);
        handle(socket, head, requests.length - 1);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, requests };
}

function client(origin: string, timeoutMs = 5_000): LeanHttpClient {
  const c = new LeanHttpClient(origin, timeoutMs);
  clients.push(c);
  return c;
}

const ok = (body: string, status = '200 OK') => `HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LeanHttpClient', () => {
  it('sends a GET of the path with its Host and answers the status once the whole body is in', async () => {
    const { origin, requests } = await serve((socket) => socket.write(ok('{"ok":true}')));
    const c = client(origin);
    expect(await c.get(c.request('/api/products/all?sort=new'))).toBe(200);
    expect(requests[0]).toMatch(/^GET \/api\/products\/all\?sort=new HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+$/);
  });

  it('sends the headers it is given after the Host, and counts every byte it reads', async () => {
    const answer = ok('{"ok":true}');
    const { origin, requests } = await serve((socket) => socket.write(answer));
    const c = client(origin);
    const request = c.request('/x', { 'Accept-Encoding': 'gzip, br' });
    expect(await c.get(request)).toBe(200);
    expect(await c.get(request)).toBe(200);
    expect(requests[1]).toMatch(/^GET \/x HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\nAccept-Encoding: gzip, br$/);
    expect(c.bytesReceived).toBe(2 * Buffer.byteLength(answer));
  });

  it('waits for the last byte of a body larger than its read buffer, sent in pieces', async () => {
    const body = 'x'.repeat(700 * 1024);
    const bytes = ok(body);
    let written = 0;
    const { origin } = await serve((socket) => {
      void (async () => {
        for (; written < bytes.length; await later(5)) {
          const piece = bytes.slice(written, written + 100 * 1024);
          written += piece.length;
          socket.write(piece);
        }
      })();
    });
    const c = client(origin);
    expect(await c.get(c.request('/big'))).toBe(200);
    expect(written).toBe(bytes.length);
  });

  it('reads headers split anywhere, the header end itself included', async () => {
    const { origin } = await serve((socket, _head, index) => {
      const bytes = ok('hello', '201 Created');
      const cut = bytes.indexOf('\r\n\r\n') + 2 + index; // inside the header end: 2, then 3 of its 4 bytes
      socket.write(bytes.slice(0, cut));
      setTimeout(() => socket.write(bytes.slice(cut)), 10);
    });
    const c = client(origin);
    expect(await c.get(c.request('/a'))).toBe(201);
    expect(await c.get(c.request('/b'))).toBe(201);
  });

  it('answers non-2xx statuses as they are', async () => {
    const { origin } = await serve((socket) => socket.write(ok('{"error":"nope"}', '404 Not Found')));
    const c = client(origin);
    expect(await c.get(c.request('/missing'))).toBe(404);
  });

  it('keeps one connection for requests one after another and opens more for requests in flight together', async () => {
    const { origin, connections } = await serve((socket) => setTimeout(() => socket.write(ok('a')), 20));
    const c = client(origin);
    for (let i = 0; i < 3; i++) expect(await c.get(c.request('/'))).toBe(200);
    expect(connections()).toBe(1);
    const together = await Promise.all(Array.from({ length: 4 }, () => c.get(c.request('/'))));
    expect(together).toEqual([200, 200, 200, 200]);
    expect(connections()).toBe(4);
    expect(c.connections).toBe(4);
  });

  it('fails a response without Content-Length (chunked) and does not reuse its connection', async () => {
    const { origin, connections } = await serve((socket, head) => {
      if (head.startsWith('GET /chunked')) socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n');
      else socket.write(ok('fine'));
    });
    const c = client(origin);
    expect(await c.get(c.request('/chunked'))).toBe('error');
    expect(await c.get(c.request('/fine'))).toBe(200);
    expect(connections()).toBe(2);
  });

  it('takes a new connection after a response that said Connection: close', async () => {
    const { origin, connections } = await serve((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'),
    );
    const c = client(origin);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await c.get(c.request('/')));
    expect(results).toEqual([200, 200, 200, 200]);
    expect(connections()).toBe(4);
  });

  it('fails a response with more bytes than it announced', async () => {
    const { origin } = await serve((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nabc'));
    const c = client(origin);
    expect(await c.get(c.request('/'))).toBe('error');
  });

  it('fails a request whose connection closes before the body is whole, and one the server never answers', async () => {
    const { origin } = await serve((socket, head) => {
      if (head.startsWith('GET /cut')) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly some');
    });
    const c = client(origin, 100);
    expect(await c.get(c.request('/cut'))).toBe('error');
    const t0 = performance.now();
    expect(await c.get(c.request('/silent'))).toBe('error');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(90);
    expect(c.connections).toBe(0);
  });

  it('fails at once when nothing listens', async () => {
    const { origin } = await serve(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const c = client(origin);
    expect(await c.get(c.request('/'))).toBe('error');
  });
});
