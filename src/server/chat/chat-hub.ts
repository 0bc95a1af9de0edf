/**
 * One instance's side of the chat (docs/COMMUNITY.md "Real-time chat"): the
 * sockets it holds, the rooms they joined (`conv:<id>`, participants only,
 * checked when joining), and the bus (chat-bus.ts) that carries events between
 * instances. Every event goes through the bus, also on one instance, so a
 * message reaches a room's sockets the same way wherever it was stored.
 *
 * A stored message also notifies its recipient through app.push.notify.
 *
 * Sessions: a socket lives only as long as the session it was opened with.
 * When sessions are deleted (app.sessionEvents: logout, password or email
 * change, the sweep) this instance rechecks the sockets concerned and tells
 * the others over the bus; every `sessionCheckMs` (60 s) it rechecks all of
 * them, which also catches a revocation whose event was lost. A socket whose
 * session is gone is closed with 4401 and leaves its rooms at once.
 *
 * Limits: at most MAX_SOCKETS_PER_USER sockets per user on one instance (a new
 * one closes the oldest with 4409); a socket more than MAX_BUFFERED_BYTES
 * behind is dropped; typing is forwarded on changes only, at most once a
 * second per socket and room (a stop always gets through).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { conversationRoom, messagePushUrl } from '../../domain/community';
import type { ChatServerFrame, Message } from '../../domain/community-schemas';
import type { MessageNotice } from '../repositories/message-writes';
import type { ChatBus, ChatEvent } from './chat-bus';
import { PresenceBook } from './presence';

/** A joined room: the conversation and its two parties (for presence). */
export interface JoinedRoom {
  conversationId: number;
  userId: number;
  shopId: number;
}

export interface ChatClient {
  /** `<instance>/<n>`: names the socket in the bus's events (the sender of a message is answered directly). */
  id: string;
  userId: number;
  /** The shop the user sells for, or null. */
  shopId: number | null;
  sessionId: string;
  socket: WebSocket;
  /** When the socket connected (ChatHub.connected()), before its token was checked: what "oldest" means. */
  connected: number;
  rooms: Map<number, JoinedRoom>;
  /** The last typing state forwarded per conversation (the throttle). */
  typing: Map<number, TypingState>;
}

const PUSH_BODY_MAX = 120;

/** Close code of a socket whose session ended (logout, revocation, expiry). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code of the oldest socket of a user who opened one more than MAX_SOCKETS_PER_USER. */
export const CLOSE_TOO_MANY_SOCKETS = 4409;
export const MAX_SOCKETS_PER_USER = 10;
/** A socket further behind than this (bytes queued, not yet sent) is a slow or stuck reader: dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Typing frames a socket may have forwarded per room: one state change per this many ms (a stop always passes). */
export const TYPING_INTERVAL_MS = 1000;
export const DEFAULT_SESSION_CHECK_MS = 60_000;

interface TypingState {
  isTyping: boolean;
  at: number;
}

export class ChatHub {
  readonly instance = randomUUID();
  readonly presence = new PresenceBook();
  private readonly clients = new Set<ChatClient>();
  private readonly perUser = new Map<number, number>();
  private nextId = 1;
  private nextConnected = 1;
  private closing = false;
  private readonly unsubscribe: () => void;
  private readonly offSessions: () => void;
  private readonly sessionTimer: NodeJS.Timeout;

  constructor(
    private readonly app: FastifyInstance,
    readonly bus: ChatBus,
    sessionCheckMs: number = DEFAULT_SESSION_CHECK_MS,
    /** Sockets one user may hold here (ChatOptions.maxSocketsPerUser; only the benchmarks raise it). */
    readonly maxSocketsPerUser: number = MAX_SOCKETS_PER_USER,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      this.receive(event).catch((error: unknown) => app.log.error({ err: error }, 'chat: delivering a bus event failed'));
    });
    this.offSessions = app.sessionEvents.on(async (userId) => {
      this.publish({ kind: 'sessions', instance: this.instance, userId });
      await this.recheckSessions(userId);
    });
    this.sessionTimer = setInterval(() => {
      this.recheckSessions(null).catch((error: unknown) => app.log.error({ err: error }, 'chat: rechecking sessions failed'));
    }, sessionCheckMs);
    this.sessionTimer.unref();
  }

  /**
   * A number for a socket that has just connected, taken before its token is checked: the checks run
   * concurrently (on PostgreSQL over several pooled connections) and may end in another order.
   */
  connected(): number {
    return this.nextConnected++;
  }

  /** A new authenticated socket; the first of its user on this instance announces them online. */
  add(socket: WebSocket, userId: number, shopId: number | null, sessionId: string, connected = this.connected()): ChatClient {
    const client: ChatClient = { id: `${this.instance}/${this.nextId++}`, userId, shopId, sessionId, socket, connected, rooms: new Map(), typing: new Map() };
    // One socket too many: the user's earliest connected sockets here go.
    const mine = [...this.clients].filter((c) => c.userId === userId).sort((a, b) => a.connected - b.connected);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.maxSocketsPerUser + 1))) this.drop(old, CLOSE_TOO_MANY_SOCKETS, 'Too many sockets');
    this.clients.add(client);
    const count = (this.perUser.get(userId) ?? 0) + 1;
    this.perUser.set(userId, count);
    if (count === 1) this.publish({ kind: 'presence', instance: this.instance, userId, shopId, online: true, lastSeen: null });
    return client;
  }

  /** Closes a socket (`code`) and takes it out of every room at once. */
  drop(client: ChatClient, code: number, reason: string): void {
    this.remove(client);
    if (client.socket.readyState === client.socket.OPEN || client.socket.readyState === client.socket.CONNECTING) client.socket.close(code, reason);
  }

  /** Closes (4401) the sockets of `userId` (null: all) whose session is no longer live. */
  async recheckSessions(userId: number | null): Promise<void> {
    const held = [...this.clients].filter((c) => userId === null || c.userId === userId);
    if (held.length === 0) return;
    const live = await this.app.repos.sessions.live(
      held.map((c) => c.sessionId),
      this.app.authOptions.now(),
    );
    for (const client of held) if (!live.has(client.sessionId)) this.drop(client, CLOSE_SESSION_ENDED, 'Unauthenticated');
  }

  /**
   * Whether a typing frame should go out (records it when so): a change of state only, at most one start per
   * TYPING_INTERVAL_MS per socket and room; a stop after a forwarded start always goes.
   */
  typingAllowed(client: ChatClient, conversationId: number, isTyping: boolean, now: number): boolean {
    const last = client.typing.get(conversationId);
    if (last !== undefined && last.isTyping === isTyping) return false;
    if (last === undefined && !isTyping) return false;
    if (isTyping && last !== undefined && now - last.at < TYPING_INTERVAL_MS) return false;
    client.typing.set(conversationId, { isTyping, at: now });
    return true;
  }

  /** A closed socket; the last of its user on this instance announces them gone (last seen now). */
  remove(client: ChatClient): void {
    if (!this.clients.delete(client)) return;
    if (this.closing) return;
    const count = (this.perUser.get(client.userId) ?? 1) - 1;
    if (count > 0) {
      this.perUser.set(client.userId, count);
      return;
    }
    this.perUser.delete(client.userId);
    this.publish({ kind: 'presence', instance: this.instance, userId: client.userId, shopId: client.shopId, online: false, lastSeen: this.app.authOptions.now() });
  }

  /** After a message was stored (REST or socket): to the room on every instance, and a push to the recipient. */
  async delivered(message: Message, notice: MessageNotice, origin: string | null): Promise<void> {
    await this.bus.publish({ kind: 'message', conversationId: message.conversation_id, messageId: message.message_id, message, origin });
    if (notice.recipientUserId !== null) {
      const text = message.content.trim() !== '' ? message.content : (message.attachments[0]?.name ?? '');
      await this.app.push.notify([notice.recipientUserId], {
        title: notice.senderName,
        body: [...text].slice(0, PUSH_BODY_MAX).join(''),
        data: { sender_id: String(notice.senderId), url: messagePushUrl(notice.senderId, message.sender) },
      });
    }
  }

  typing(client: ChatClient, conversationId: number, isTyping: boolean): void {
    this.publish({ kind: 'typing', conversationId, userId: client.userId, isTyping, origin: client.id });
  }

  /** One frame to one socket; a broadcast passes the frame's JSON, made once for all its sockets. */
  send(client: ChatClient, frame: ChatServerFrame, json?: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      // Not reading: a close frame would queue behind the backlog, so the connection is cut.
      this.remove(client);
      client.socket.terminate();
      return;
    }
    client.socket.send(json ?? JSON.stringify(frame));
  }

  /** Sockets held by this instance. */
  count(): number {
    return this.clients.size;
  }

  /** Shutting down: every user with a socket here is announced offline on the bus BEFORE it closes. */
  async close(): Promise<void> {
    clearInterval(this.sessionTimer);
    this.offSessions();
    this.closing = true;
    const now = this.app.authOptions.now();
    const shops = new Map<number, number | null>();
    for (const c of this.clients) shops.set(c.userId, c.shopId);
    await Promise.all(
      [...this.perUser.keys()].map((userId) =>
        this.bus
          .publish({ kind: 'presence', instance: this.instance, userId, shopId: shops.get(userId) ?? null, online: false, lastSeen: now })
          .catch((error: unknown) => this.app.log.error({ err: error }, 'chat: publishing offline failed')),
      ),
    );
    this.perUser.clear();
    this.unsubscribe();
    await this.bus.close();
  }

  private publish(event: ChatEvent): void {
    this.bus.publish(event).catch((error: unknown) => this.app.log.error({ err: error }, 'chat: publishing on the bus failed'));
  }

  private inRoom(conversationId: number): ChatClient[] {
    return [...this.clients].filter((c) => c.rooms.has(conversationId));
  }

  private async receive(event: ChatEvent): Promise<void> {
    switch (event.kind) {
      case 'sessions': {
        // This instance rechecked already when it published.
        if (event.instance !== this.instance) await this.recheckSessions(event.userId);
        return;
      }
      case 'presence': {
        this.presence.apply(event);
        const frame: ChatServerFrame = { type: 'presence', userId: event.userId, shopId: event.shopId, online: event.online, last_seen: event.lastSeen };
        const json = JSON.stringify(frame);
        for (const client of this.clients) {
          if (client.userId === event.userId) continue;
          const shares = [...client.rooms.values()].some((r) => r.userId === event.userId || (event.shopId !== null && r.shopId === event.shopId));
          if (shares) this.send(client, frame, json);
        }
        return;
      }
      case 'typing': {
        const frame: ChatServerFrame = { type: 'typing', roomId: conversationRoom(event.conversationId), userId: event.userId, isTyping: event.isTyping };
        const json = JSON.stringify(frame);
        for (const client of this.inRoom(event.conversationId)) if (client.userId !== event.userId) this.send(client, frame, json);
        return;
      }
      case 'message': {
        const targets = this.inRoom(event.conversationId).filter((c) => c.id !== event.origin);
        if (targets.length === 0) return;
        const message = event.message ?? (await this.app.repos.messages.byId(event.messageId));
        if (message === null) return;
        const frame: ChatServerFrame = { type: 'message', roomId: conversationRoom(event.conversationId), message };
        const json = JSON.stringify(frame);
        for (const client of targets) this.send(client, frame, json);
        return;
      }
    }
  }
}
