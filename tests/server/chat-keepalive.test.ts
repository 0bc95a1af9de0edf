/**
 * The chat socket's keep-alive (src/server/chat/chat-socket.ts): the server pings every socket each interval
 * (30 s by default, 100 ms here through buildApp's chat.heartbeatMs), so proxies see traffic on an idle chat,
 * and a socket that did not answer the previous ping with a pong (a peer gone without a close: a phone that
 * lost its network, a dead NAT entry) is terminated at the next one and leaves the hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { wsUrl } from './support/chat-client';

const HEARTBEAT_MS = 100;

let server: AuthServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startAuthServer({ products: 10, chat: { heartbeatMs: HEARTBEAT_MS } });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await server?.close();
});

interface Watched {
  ws: WebSocket;
  pings: number;
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves once `n` pings have arrived. */
  pinged(n: number): Promise<void>;
}

async function open(token: string, autoPong: boolean): Promise<Watched> {
  const ws = new WebSocket(wsUrl(server.url, token), { origin: server.url, autoPong });
  sockets.push(ws);
  const waiters: Array<() => void> = [];
  const watched: Watched = {
    ws,
    pings: 0,
    closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
    pinged: (n) =>
      new Promise((resolve) => {
        const check = () => {
          if (watched.pings < n) return false;
          resolve();
          return true;
        };
        if (!check()) waiters.push(() => void check());
      }),
  };
  ws.on('ping', () => {
    watched.pings += 1;
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return watched;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('chat socket keep-alive', () => {
  it('pings an idle socket each interval and keeps it while it answers', async () => {
    const user = await registerUser(server.url);
    const live = await open(user.token, true);
    await until(() => server.app.chat.count() >= 1, 'the socket is in the hub');
    await live.pinged(5);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    expect(server.app.chat.count()).toBe(1);
    live.ws.close();
    expect(await live.closed).toBe(1005);
    await until(() => server.app.chat.count() === 0, 'the closed socket left the hub');
  });

  it('terminates a socket that missed the previous pong, after exactly one unanswered ping, and drops it from the hub', async () => {
    const user = await registerUser(server.url);
    const answering = await open(user.token, true);
    const silent = await open(user.token, false);
    await until(() => server.app.chat.count() === 2, 'both sockets are in the hub');
    // 1006: the server cut the connection without a closing handshake (terminate, not close).
    expect(await silent.closed).toBe(1006);
    expect(silent.pings).toBe(1);
    await until(() => server.app.chat.count() === 1, 'the silent socket left the hub');
    // The answering one, pinged alongside, lives on.
    await answering.pinged(silent.pings + 3);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(server.app.chat.count()).toBe(1);
  });
});
