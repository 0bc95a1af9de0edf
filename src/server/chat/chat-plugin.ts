/**
 * Wires the chat (docs/COMMUNITY.md "Real-time chat") into the app: the bus
 * (PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL, else in-process),
 * the hub decorated as `app.chat` (routes announce stored messages through it)
 * and the socket route GET /api/ws.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { createLocalChatBus, type ChatBus } from './chat-bus';
import { ChatHub, MAX_SOCKETS_PER_USER } from './chat-hub';
import { chatSocketRoutes } from './chat-socket';
import { parseAllowedOrigins } from './origins';
import { createPgChatBus } from './pg-chat-bus';

export interface ChatOptions {
  /** Origins besides our own that may open the socket; default CHAT_ALLOWED_ORIGINS (comma-separated). */
  allowedOrigins?: readonly string[];
  /** A bus of the caller's; default chosen by the database's dialect. */
  bus?: ChatBus;
  /** Socket ping interval in ms (default 30 s). */
  heartbeatMs?: number;
  /** How often every socket's session is checked again, in ms (default 60 s). */
  sessionCheckMs?: number;
  /** Sockets one user may hold on this instance (default MAX_SOCKETS_PER_USER, 10); the chat bench raises it. */
  maxSocketsPerUser?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatHub;
  }
}

export async function registerChat(app: FastifyInstance, db: Database, options: ChatOptions = {}): Promise<void> {
  const maxSocketsPerUser = options.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER;
  // Checked before the bus opens its connection.
  if (!Number.isInteger(maxSocketsPerUser) || maxSocketsPerUser < 1) throw new RangeError(`maxSocketsPerUser must be a positive whole number, got ${maxSocketsPerUser}`);
  const bus =
    options.bus ??
    (db.dialect === 'postgres' ? await createPgChatBus(db, { onError: (message, error) => app.log.error({ err: error }, message) }) : createLocalChatBus());
  const hub = new ChatHub(app, bus, options.sessionCheckMs, maxSocketsPerUser);
  app.decorate('chat', hub);
  app.addHook('onClose', async () => hub.close());
  await app.register(
    chatSocketRoutes(db, hub, {
      allowedOrigins: options.allowedOrigins ?? parseAllowedOrigins(process.env.CHAT_ALLOWED_ORIGINS),
      heartbeatMs: options.heartbeatMs,
    }),
  );
}
