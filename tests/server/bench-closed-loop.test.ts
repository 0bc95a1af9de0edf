/**
 * The API throughput bench's closed loop (bench/closed-loop.ts) against a node:http server on loopback: every
 * answer counted with its bytes, non-2xx and failed requests told apart, the load kept at the connections asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedLoop, pairedClosedLoops } from '../../bench/closed-loop';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('closedLoop', () => {
  it('keeps `connections` requests in flight, sends the headers, and reports what came back', async () => {
    let inFlight = 0;
    let most = 0;
    let answered = 0;
    const encodings = new Set<string | undefined>();
    const origin = await serve((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      encodings.add(req.headers['accept-encoding']);
      setTimeout(() => {
        inFlight--;
        answered++;
        res.writeHead(200, { 'content-length': 4 }).end('abcd');
      }, 2);
    });
    const f = await closedLoop(`${origin}/listing?x=1`, { serverPid: process.pid, connections: 3, seconds: 0.3, headers: { 'accept-encoding': 'br' } });
    expect(most).toBe(3);
    expect([...encodings]).toEqual(['br']);
    expect(f.errors).toBe(0);
    expect(f.non2xx).toBe(0);
    expect(f.rps * 0.3).toBeGreaterThan(answered * 0.8);
    expect(f.p50).toBeGreaterThanOrEqual(2);
    // The status line and headers node:http adds, plus the 4 body bytes.
    expect(f.bytes).toBeGreaterThan(4);
    expect(f.bytes).toBeLessThan(200);
    expect(f.serverCpu).not.toBeNull();
  });

  it('counts non-2xx answers apart from requests that got none', async () => {
    let n = 0;
    const origin = await serve((_req, res) => {
      if (n++ % 2 === 0) res.writeHead(503, { 'content-length': 0 }).end();
      else res.socket?.destroy();
    });
    const f = await closedLoop(origin, { serverPid: process.pid, connections: 1, seconds: 0.2 });
    expect(f.non2xx).toBeGreaterThan(0);
    expect(f.errors).toBeGreaterThan(0);
    // A 503 is an answer (it counts in req/s and latency); a destroyed connection is not.
    expect(f.rps).toBeGreaterThan(0);
    expect(f.p50).not.toBeNaN();
  });

  it('pairs two targets in turns, each its rounds, and sums each one\'s runs', async () => {
    const order: string[] = [];
    const answer = (name: string, body: string): http.RequestListener => (_req, res) => {
      order.push(name);
      res.writeHead(200, { 'content-length': body.length }).end(body);
    };
    const a = await serve(answer('a', 'x'.repeat(100)));
    const b = await serve(answer('b', 'y'));
    const f = await pairedClosedLoops({ url: a, serverPid: process.pid }, { url: b, serverPid: process.pid }, { connections: 2, seconds: 0.6, rounds: 3 });
    const turns = order.filter((name, i) => name !== order[i - 1]);
    expect(turns).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(f.a.rps).toBeGreaterThan(0);
    expect(f.b.rps).toBeGreaterThan(0);
    // 99 more body bytes, and 2 more digits in Content-Length.
    expect(f.a.bytes - f.b.bytes).toBe(101);
    const served = order.filter((name) => name === 'a').length / 0.6;
    expect(f.a.rps / served).toBeGreaterThan(0.9);
    expect(f.a.rps / served).toBeLessThan(1.1);
  });
});
