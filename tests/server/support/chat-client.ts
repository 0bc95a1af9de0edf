/**
 * A chat socket in tests (the `ws` package): connects to GET /api/ws with a
 * token and an Origin, keeps every frame it receives, and waits for the next
 * one that matches.
 */
import WebSocket from 'ws';
import type { ChatClientFrame } from '../../../src/domain/community-schemas';

export type Frame = Record<string, unknown> & { type: string };

export interface ChatTestClient {
  ws: WebSocket;
  frames: Frame[];
  send(frame: ChatClientFrame | Record<string, unknown>): void;
  /** The first frame (already received or coming) that matches, consumed; rejects after `timeoutMs`. */
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** True when no matching frame arrives within `ms`. */
  none(match: (f: Frame) => boolean, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function wsUrl(httpUrl: string, token: string | null): string {
  const base = httpUrl.replace(/^http/, 'ws');
  return token === null ? `${base}/api/ws` : `${base}/api/ws?token=${encodeURIComponent(token)}`;
}

/** Opens a socket and waits for it to be open (rejects on a refused handshake). */
export function connectChat(httpUrl: string, token: string | null, origin: string = httpUrl): Promise<ChatTestClient> {
  const ws = new WebSocket(wsUrl(httpUrl, token), { origin });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const w of [...waiters]) w();
  });
  const client: ChatTestClient = {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = frames.findIndex(match);
          if (i < 0) return false;
          const [found] = frames.splice(i, 1);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found as Frame);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async none(match, ms = 300) {
      await new Promise((r) => setTimeout(r, ms));
      return !frames.some(match);
    },
    close() {
      return new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
  });
}

/** The close code of a socket that the server closes. */
export function closeCode(client: ChatTestClient, timeoutMs = 5000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (client.ws.readyState === WebSocket.CLOSED) return reject(new Error('already closed'));
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), timeoutMs);
    client.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A handshake expected to be refused over HTTP: its status. */
export function refusedStatus(httpUrl: string, token: string | null, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(httpUrl, token), { origin });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.once('error', () => undefined);
  });
}
