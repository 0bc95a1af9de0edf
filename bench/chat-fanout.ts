/**
 * Chat fan-out (issue 8 goal: 1,000 connected sockets, a message fanned out to a room with p99 under 50 ms).
 *
 * What is measured: ONE conversation room holding all the sockets, and messages sent into it. A room is a
 * conversation between a buyer and a shop, so its members are the sockets of two users; the 1,000 are half the
 * buyer's and half the seller's (as many devices and tabs), which needs the per-user socket limit (10) raised,
 * in this bench only (ChatOptions.maxSocketsPerUser). To the server a room's sockets are the same work whoever
 * holds them: the hub looks up the room's sockets and sends each the frame. The other reading, 1,000 two-person
 * conversations with a message each, would measure 1,000 stored messages delivered to two sockets each, which is
 * message throughput, not fan-out.
 *
 * A message: one socket (buyer and seller sockets in turn) sends `send_message`; the server checks the session
 * and the room, stores the message, answers the sender and broadcasts to the others through its bus. Latency is
 * from the send to the frame's arrival, on every socket (the sender's answer included): p50/p99 over all
 * receipts, and of the last socket per message. The next message goes once every socket has the previous one.
 *
 * Baseline in the same run: a bare `ws` server (bench/instance.ts) that parses each frame and sends its bytes to
 * all its sockets, the same number of sockets, the same frames to send (a Souk message frame as it arrived, so
 * the same payload size). Servers are processes of their own; the sockets all live in this one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { conversationRoom } from '../src/domain/community';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createRepositories } from '../src/server/repositories';
import { seedDemo } from '../src/server/seed/seed-demo';
import { BENCH_SCRYPT_LOG2N, startInstance } from './servers';
import { bearerToken, createBuyers } from './shoppers';
import { percentile, ratio } from './stats';
import type { SectionResult } from './sections';

export interface ChatFanoutOptions {
  sockets: number;
  messages: number;
}

const CONNECT_BATCH = 50;
const RECEIPT_TIMEOUT_MS = 10_000;
/** A realistic line of chat (Darija), with the message's number in front. */
const TEXT = 'Salam, wach had l-qaftan mazal kayn b l-qias M? Bghit n3erf chhal l-livraison l Casa.';
const MARKER = /fanout-(\d+)-/;

interface Room {
  url: string;
  roomId: string;
  buyerToken: string;
  sellerToken: string;
}

interface Run {
  /** Every receipt's latency, ms. */
  all: number[];
  /** Per message, the last socket's. */
  last: number[];
  missing: number;
  closed: number;
  /** One message frame as a socket received it (the baseline sends frames like it). */
  sample: string;
}

async function chatWorld(db: Database): Promise<{ roomId: string; buyerToken: string; sellerToken: string }> {
  await migrateToLatest(db);
  await seedDemo(db, { products: 10, sellerPassword: null, scryptLog2N: BENCH_SCRYPT_LOG2N });
  const shop = await db.kysely.selectFrom('shops').select(['id', 'owner_user_id']).where('owner_user_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const [buyer] = await createBuyers(db, 1, 'chat');
  if (buyer === undefined || shop.owner_user_id === null) throw new Error('no buyer or seller for the chat bench');
  const first = await createRepositories(db).messages.send({
    sender: { side: 'buyer', userId: buyer.userId, shopId: Number(shop.id) },
    content: 'Salam',
    postId: null,
    clientRef: `bench-${randomUUID()}`,
    attachments: [],
    now: Date.now(),
  });
  if (first.kind !== 'created') throw new Error(`the chat bench's first message: ${first.kind}`);
  return { roomId: conversationRoom(first.message.conversation_id), buyerToken: buyer.token, sellerToken: await bearerToken(db, Number(shop.owner_user_id)) };
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin: new URL(url.replace(/^ws/, 'http')).origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

/** Opens `n` sockets to `path` (half with each token when joining a Souk room), in batches. */
async function connectAll(room: Room, n: number, path: (i: number) => string): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, n - i) }, (_, j) => open(`${room.url.replace(/^http/, 'ws')}${path(i + j)}`));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sends the frames one after another, each once every socket has the previous one; times every receipt. */
async function measure(sockets: WebSocket[], messages: number, frame: (k: number) => string): Promise<Run> {
  const run: Run = { all: [], last: [], missing: 0, closed: 0, sample: '' };
  let measuring = true;
  let current = -1;
  let sentAt = 0;
  let received = 0;
  let lastAt = 0;
  let done: (() => void) | null = null;
  for (const ws of sockets) {
    ws.on('close', () => {
      if (measuring) run.closed++;
    });
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      const k = Number(MARKER.exec(text)?.[1] ?? -1);
      if (k !== current) return;
      lastAt = performance.now() - sentAt;
      run.all.push(lastAt);
      if (run.sample === '' && text.includes('"type":"message"')) run.sample = text;
      if (++received === sockets.length) done?.();
    });
  }
  for (let k = 0; k < messages; k++) {
    const all = new Promise<void>((resolve) => {
      done = resolve;
      setTimeout(resolve, RECEIPT_TIMEOUT_MS).unref();
    });
    current = k;
    received = 0;
    sentAt = performance.now();
    (sockets[k % sockets.length] as WebSocket).send(frame(k));
    await all;
    run.missing += sockets.length - received;
    run.last.push(lastAt);
    await new Promise((r) => setTimeout(r, 10));
  }
  current = -1;
  measuring = false;
  return run;
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
}

/** Joins every socket to the room: the join is answered with the other side's presence. */
async function joinAll(sockets: WebSocket[], roomId: string): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('a socket was not let into the room')), 30_000);
          const onFrame = (raw: Buffer) => {
            if (!raw.toString().includes('"type":"presence"')) return;
            clearTimeout(timer);
            ws.off('message', onFrame);
            resolve();
          };
          ws.on('message', onFrame);
          ws.send(JSON.stringify({ type: 'join_room', roomId }));
        }),
    ),
  );
}

async function soukRun(file: string, world: Awaited<ReturnType<typeof chatWorld>>, opts: ChatFanoutOptions): Promise<Run> {
  const server = await startInstance({ kind: 'souk', database: file, maxSocketsPerUser: Math.ceil(opts.sockets / 2) });
  const room: Room = { url: server.url, ...world };
  let sockets: WebSocket[] = [];
  try {
    sockets = await connectAll(room, opts.sockets, (i) => `/api/ws?token=${encodeURIComponent(i % 2 === 0 ? room.buyerToken : room.sellerToken)}`);
    await joinAll(sockets, room.roomId);
    return await measure(sockets, opts.messages, (k) => JSON.stringify({ type: 'send_message', roomId: room.roomId, message: { content: `fanout-${k}-${TEXT}`, client_ref: `fanout-${k}-${randomUUID()}` } }));
  } finally {
    await closeAll(sockets);
    await server.stop();
  }
}

async function bareRun(sample: string, opts: ChatFanoutOptions): Promise<Run> {
  const server = await startInstance({ kind: 'bare-ws' });
  let sockets: WebSocket[] = [];
  try {
    sockets = await connectAll({ url: server.url, roomId: '', buyerToken: '', sellerToken: '' }, opts.sockets, () => '/');
    return await measure(sockets, opts.messages, (k) => sample.replace(MARKER, `fanout-${k}-`));
  } finally {
    await closeAll(sockets);
    await server.stop();
  }
}

function ms(n: number): string {
  return n.toFixed(1);
}

export async function chatFanoutSection(opts: ChatFanoutOptions): Promise<SectionResult> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-chat-'));
  const file = join(dir, 'chat.sqlite');
  const db = openDatabase(file);
  try {
    const world = await chatWorld(db);
    const souk = await soukRun(file, world, opts);
    if (souk.sample === '') throw new Error('no message frame reached the sockets');
    const bare = await bareRun(souk.sample, opts);
    const row = (label: string, pick: (r: Run) => number) => [label, ms(pick(souk)), ms(pick(bare)), ratio(pick(souk), pick(bare))];
    const receipts = opts.sockets * opts.messages;
    return {
      title: `Chat fan-out: ${opts.sockets.toLocaleString('en')} sockets in one room, ${opts.messages} messages, SQLite, 1 instance (goal p99 < 50 ms)`,
      rows: [
        ['figure (send → receipt)', 'Souk', 'bare ws broadcast', 'ratio (Souk / baseline)'],
        row('every receipt p50 ms', (r) => percentile(r.all, 0.5)),
        row('every receipt p99 ms', (r) => percentile(r.all, 0.99)),
        row('last socket of a message p50 ms', (r) => percentile(r.last, 0.5)),
        row('last socket of a message p99 ms', (r) => percentile(r.last, 0.99)),
      ],
      notes: [
        `receipts: Souk ${souk.all.length} of ${receipts}, bare ${bare.all.length} of ${receipts}; every socket got every message: ${souk.missing === 0 && bare.missing === 0 ? 'yes' : 'NO'}; sockets closed during the run: ${souk.closed + bare.closed}`,
        `frame size ${Buffer.byteLength(souk.sample)} bytes; the sockets alternate buyer and seller (${Math.ceil(opts.sockets / 2)} sockets allowed per user in this bench)`,
      ],
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
