/**
 * GET /api/ws?token=<bearer token> — the chat socket (docs/COMMUNITY.md
 * "Real-time chat"). The handshake is refused with 403 when the Origin is
 * neither ours nor allowed (origins.ts); a token that is not a live bearer
 * session (verified exactly as the Authorization header is: MAC, expiry, the
 * session row) closes the socket with 4401. The session is checked again
 * before every join, send and forwarded typing frame, and the hub closes the
 * socket (4401) as soon as its session is deleted (chat-hub.ts).
 *
 * Each socket may send FRAME_RATE frames a second (bursts up to FRAME_BURST);
 * past that it is closed with 4429.
 *
 * Frames are JSON (chatClientFrameSchema); each socket's frames are handled
 * one at a time, in order. A message sent here is stored exactly like
 * POST /api/messages (one per client_ref), answered with the stored message,
 * and broadcast to the conversation's room on every instance.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { conversationRoom } from '../../domain/community';
import { chatClientFrameSchema, type ChatClientFrame } from '../../domain/community-schemas';
import { principalFor } from '../auth/auth-plugin';
import type { Database } from '../db/database';
import { parseId } from '../db/ids';
import { ApiError } from '../http/api-error';
import { CLOSE_SESSION_ENDED, type ChatClient, type ChatHub } from './chat-hub';
import { originAllowed } from './origins';

/** Close code of a refused token (the browser sees no HTTP status on a WebSocket). */
export const CLOSE_UNAUTHENTICATED = CLOSE_SESSION_ENDED;
/** Close code of a socket sending frames faster than FRAME_RATE (bursts above FRAME_BURST). */
export const CLOSE_TOO_MANY_FRAMES = 4429;
export const FRAME_RATE = 20;
export const FRAME_BURST = 40;
const MAX_FRAME_BYTES = 64 * 1024;

/** A token bucket: FRAME_BURST tokens, refilled at FRAME_RATE a second; false when a frame finds it empty. */
export function frameBucket(now: () => number = Date.now): () => boolean {
  let tokens = FRAME_BURST;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(FRAME_BURST, tokens + ((t - at) * FRAME_RATE) / 1000);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface ChatSocketOptions {
  allowedOrigins: readonly string[];
  /** Ping interval; a socket that did not answer the previous ping is dropped (default 30 s). */
  heartbeatMs?: number;
}

function conversationOfRoom(roomId: string): number | null {
  const match = /^conv:(\d{1,10})$/.exec(roomId);
  return match?.[1] === undefined ? null : parseId(match[1]);
}

function tokenOf(request: FastifyRequest): string | null {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token !== '' && token.length <= 2048 ? token : null;
}

export function chatSocketRoutes(db: Database, hub: ChatHub, options: ChatSocketOptions) {
  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

    const alive = new WeakMap<WebSocket, boolean>();
    const heartbeat = setInterval(() => {
      for (const socket of app.websocketServer.clients) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }, options.heartbeatMs ?? 30_000);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));

    const live = async (token: string) => principalFor(db, app.authOptions.secret, token, 'bearer', app.authOptions.now());

    const fail = (client: ChatClient, code: string, message: string) => hub.send(client, { type: 'error', code, message });

    async function handle(client: ChatClient, token: string, frame: ChatClientFrame): Promise<void> {
      const conversationId = conversationOfRoom(frame.roomId);
      if (frame.type === 'leave_room') {
        if (conversationId !== null) client.rooms.delete(conversationId);
        return;
      }
      const ended = async (): Promise<boolean> => {
        if ((await live(token)) !== null) return false;
        fail(client, 'UNAUTHENTICATED', 'Unauthenticated.');
        hub.drop(client, CLOSE_UNAUTHENTICATED, 'Unauthenticated');
        return true;
      };
      if (frame.type === 'typing') {
        if (conversationId === null || !client.rooms.has(conversationId)) return fail(client, 'FORBIDDEN', 'Join the room first.');
        // Changes only, at most one a second: the session read below stays rare.
        if (!hub.typingAllowed(client, conversationId, frame.isTyping, Date.now())) return;
        if (await ended()) return;
        hub.typing(client, conversationId, frame.isTyping);
        return;
      }
      if (await ended()) return;
      const found = conversationId === null ? null : await app.repos.messages.forParticipant(conversationId, client.userId);
      if (found === null) return fail(client, 'FORBIDDEN', 'You are not a participant of this conversation.');
      const conv = found.row;
      if (frame.type === 'join_room') {
        client.rooms.set(Number(conv.id), { conversationId: Number(conv.id), userId: Number(conv.user_id), shopId: Number(conv.shop_id) });
        // Where the other side is now (later changes come as they happen).
        const other = found.side === 'buyer' ? found.shopOwner : Number(conv.user_id);
        if (other !== null) {
          const state = hub.presence.of(other);
          hub.send(client, { type: 'presence', userId: other, shopId: found.side === 'buyer' ? Number(conv.shop_id) : null, online: state.online, last_seen: state.last_seen });
        }
        return;
      }
      // send_message
      const content = frame.message.content;
      if (content.includes('\u0000')) return fail(client, 'VALIDATION', 'The request may not contain NUL characters.');
      if (content.trim() === '') return fail(client, 'VALIDATION', 'The content field is required.');
      const outcome = await app.repos.messages.send({
        sender: found.side === 'buyer' ? { side: 'buyer', userId: client.userId, shopId: Number(conv.shop_id) } : { side: 'shop', userId: client.userId, buyerId: Number(conv.user_id) },
        content,
        postId: frame.message.post_id ?? null,
        clientRef: frame.message.client_ref ?? null,
        attachments: [],
        now: app.authOptions.now(),
      });
      if (outcome.kind === 'created' || outcome.kind === 'existing') {
        hub.send(client, { type: 'message', roomId: conversationRoom(outcome.message.conversation_id), message: outcome.message });
        if (outcome.kind === 'created') await hub.delivered(outcome.message, outcome.notice, client.id);
        return;
      }
      const code =
        outcome.kind === 'own_shop'
          ? 'MESSAGE_OWN_SHOP'
          : outcome.kind === 'shop_not_found'
            ? 'SHOP_NOT_FOUND'
            : outcome.kind === 'client_ref_taken'
              ? 'CLIENT_REF_TAKEN'
              : 'CONVERSATION_NOT_FOUND';
      fail(client, code, new ApiError(code).message);
    }

    app.get(
      '/api/ws',
      {
        websocket: true,
        preValidation: async (request) => {
          if (!originAllowed(request, options.allowedOrigins)) throw new ApiError('FORBIDDEN');
        },
      },
      (socket, request) => {
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        const pending: RawData[] = [];
        let client: ChatClient | null = null;
        let closed = false;
        let chain: Promise<void> = Promise.resolve();
        const token = tokenOf(request);
        const take = frameBucket();

        const onFrame = (raw: RawData, counted = false) => {
          if (!counted && !take()) {
            if (client !== null) hub.drop(client, CLOSE_TOO_MANY_FRAMES, 'Too many frames');
            else socket.close(CLOSE_TOO_MANY_FRAMES, 'Too many frames');
            return;
          }
          if (closed || (client !== null && socket.readyState !== socket.OPEN)) return;
          const current = client;
          if (current === null || token === null) {
            pending.push(raw);
            return;
          }
          chain = chain.then(async () => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(raw.toString());
            } catch {
              return fail(current, 'VALIDATION', 'Frames must be JSON.');
            }
            const frame = chatClientFrameSchema.safeParse(parsed);
            if (!frame.success) return fail(current, 'VALIDATION', frame.error.issues[0]?.message ?? 'Invalid frame.');
            try {
              await handle(current, token, frame.data);
            } catch (error) {
              request.log.error({ err: error }, 'chat: a frame failed');
              fail(current, 'INTERNAL', 'Internal server error');
            }
          });
        };
        socket.on('message', (raw: RawData) => onFrame(raw));
        socket.on('close', () => {
          closed = true;
          if (client !== null) hub.remove(client);
        });

        const connected = hub.connected();
        void (async () => {
          const principal = token === null ? null : await live(token);
          if (principal === null) {
            socket.close(CLOSE_UNAUTHENTICATED, 'Unauthenticated');
            return;
          }
          const shopId = await app.repos.messages.ownShop(principal.userId);
          if (closed) return;
          client = hub.add(socket, principal.userId, shopId, principal.sessionId, connected);
          for (const raw of pending.splice(0)) onFrame(raw, true);
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'chat: the handshake failed');
          socket.close(1011, 'Internal error');
        });
      },
    );
  };
}
